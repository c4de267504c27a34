// The units filter (docs/product.md#search) and the health-bar thresholds (docs/product.md#combat).
import { describe, expect, it } from 'vitest';
import { filterUnits, hpTone } from './unit-filter';

const units = [
  { name: 'Aria', race: 'Elf', class: 'Mage', status: 'Normal' },
  { name: 'Borin', race: 'Dwarf', class: 'Warrior', status: 'Poisoned' },
  { name: 'Cassia', race: 'Human', class: 'Rogue', status: 'Injured' },
];
const names = (query: string) => filterUnits(units, query).map((unit) => unit.name);

describe('filterUnits', () => {
  it('matches a substring of the name, race, class or status', () => {
    expect(names('ari')).toEqual(['Aria']);
    expect(names('warf')).toEqual(['Borin']);
    expect(names('rogu')).toEqual(['Cassia']);
    expect(names('poison')).toEqual(['Borin']);
  });

  it('ignores case and surrounding spaces', () => {
    expect(names('ELF')).toEqual(['Aria']);
    expect(names('  mAgE ')).toEqual(['Aria']);
  });

  it('shows every unit for a blank filter and none for a stranger', () => {
    expect(names('')).toEqual(['Aria', 'Borin', 'Cassia']);
    expect(names('   ')).toEqual(['Aria', 'Borin', 'Cassia']);
    expect(names('dragon')).toEqual([]);
  });

  it('ignores accents both ways (docs/product.md#search)', () => {
    const french = [
      { name: 'Éloïse', race: 'Elfe', class: 'Éclaireur', status: 'Blessé' },
      { name: 'Bruno', race: 'Nain', class: 'Rôdeur', status: 'Normal' },
    ];
    const found = (query: string) => filterUnits(french, query).map((unit) => unit.name);
    expect(found('eclaireur')).toEqual(['Éloïse']);
    expect(found('ELOISE')).toEqual(['Éloïse']);
    expect(found('blesse')).toEqual(['Éloïse']);
    expect(found('rodeur')).toEqual(['Bruno']);
    expect(found('rôdeur')).toEqual(['Bruno']);
  });

  it('finds fallen units by the word shown for them, when given', () => {
    const party = [
      { name: 'Aria', race: 'Elf', class: 'Mage', status: 'Normal', currentHp: 0 },
      { name: 'Borin', race: 'Dwarf', class: 'Warrior', status: 'Normal', currentHp: 12 },
    ];
    expect(filterUnits(party, 'down', 'Down').map((unit) => unit.name)).toEqual(['Aria']);
    expect(filterUnits(party, 'a terre', 'À terre').map((unit) => unit.name)).toEqual(['Aria']);
    expect(filterUnits(party, 'down').map((unit) => unit.name)).toEqual([]);
  });

  it('matches across fields, one unit at a time', () => {
    // "r" is in every unit (Aria, Dwarf, Warrior, Rogue…): substring, not word match.
    expect(names('r')).toEqual(['Aria', 'Borin', 'Cassia']);
    expect(names('n')).toEqual(['Aria', 'Borin', 'Cassia']);
    expect(names('ed')).toEqual(['Borin', 'Cassia']);
  });
});

describe('hpTone', () => {
  it('is green above 70 %, orange above 30 %, red otherwise', () => {
    expect(hpTone(100, 100)).toBe('high');
    expect(hpTone(71, 100)).toBe('high');
    expect(hpTone(70, 100)).toBe('mid');
    expect(hpTone(31, 100)).toBe('mid');
    expect(hpTone(30, 100)).toBe('low');
    expect(hpTone(0, 100)).toBe('low');
  });

  it('reads the ratio, not the raw value, and survives a unit without max HP', () => {
    expect(hpTone(15, 20)).toBe('high');
    expect(hpTone(7, 20)).toBe('mid');
    expect(hpTone(6, 20)).toBe('low');
    expect(hpTone(0, 0)).toBe('low');
  });
});

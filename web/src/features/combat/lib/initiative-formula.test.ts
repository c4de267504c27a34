import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { addsCharacteristic, initiativeFormula, signed } from './initiative-formula';

// The keys and their params, so each case shows which wording it picks with which numbers.
const t = ((key: string, params?: Record<string, unknown>) =>
  `${key.split('.').at(-1)}(${Object.values(params ?? {}).join(',')})`) as unknown as TFunction;
const combatant = (score?: number) => ({
  _id: 'a1',
  name: 'Aria',
  hp: 10,
  currentHp: 10,
  characteristics: (score === undefined ? {} : { Dexterity: score }) as Record<string, number>,
});
const d20 = { rule: 'd20_plus_carac', characteristic: 'Dexterity' } as const;

describe('initiativeFormula', () => {
  it('names the die of the random rules and the characteristic of the one that takes it alone', () => {
    const setting = { characteristic: 'Dexterity', modifier: 'd20Modifier' } as const;
    expect(initiativeFormula(t, 'en', { ...setting, rule: 'random_d20' })).toBe('d20');
    expect(initiativeFormula(t, 'en', { ...setting, rule: 'random_d100' })).toBe('d100');
    expect(initiativeFormula(t, 'en', { ...setting, rule: 'caracteristic' }, combatant(14))).toBe(
      'Dexterity',
    );
  });

  it('adds the value, or the d20 modifier of each unit (a missing score counts 0)', () => {
    expect(initiativeFormula(t, 'en', { ...d20, modifier: 'value' }, combatant(14))).toBe('d20 + Dexterity');
    expect(initiativeFormula(t, 'en', { ...d20, modifier: 'd20Modifier' })).toBe(
      'plusModifierShort(d20,Dexterity)',
    );
    expect(initiativeFormula(t, 'en', { ...d20, modifier: 'd20Modifier' }, combatant(14))).toBe(
      'plusModifier(d20,Dexterity,+2)',
    );
    expect(initiativeFormula(t, 'en', { ...d20, modifier: 'd20Modifier' }, combatant(9))).toBe(
      'plusModifier(d20,Dexterity,-1)',
    );
    expect(initiativeFormula(t, 'en', { ...d20, modifier: 'd20Modifier' }, combatant())).toBe(
      'plusModifier(d20,Dexterity,-5)',
    );
    expect(
      initiativeFormula(t, 'en', { ...d20, rule: 'd100_plus_carac', modifier: 'd20Modifier' }, combatant(10)),
    ).toBe('plusModifier(d100,Dexterity,+0)');
  });

  it('reads the die alone when no characteristic is chosen', () => {
    expect(initiativeFormula(t, 'en', { ...d20, characteristic: '', modifier: 'value' })).toBe('d20');
  });

  it('signs a bonus and knows which rules the modifier changes', () => {
    expect([signed(3, 'en'), signed(0, 'fr'), signed(-2, 'en')]).toEqual(['+3', '+0', '-2']);
    expect(addsCharacteristic('d20_plus_carac')).toBe(true);
    expect(addsCharacteristic('d100_plus_carac')).toBe(true);
    expect(addsCharacteristic('caracteristic')).toBe(false);
    expect(addsCharacteristic('random_d20')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { UNIT_LIST_FIELDS, UNKNOWN_LIST_CHOICE, matchListChoice } from './fields';

const races = [{ name: 'Human' }, { name: 'High elf' }, { name: 'Dwarf' }];

describe('matchListChoice', () => {
  it("answers the list's own spelling of an entry it has", () => {
    expect(matchListChoice(races, 'High elf')).toBe('High elf');
    expect(matchListChoice(races, 'high ELF')).toBe('High elf');
    expect(matchListChoice(races, 'DWARF')).toBe('Dwarf');
  });

  it('prefers an exact match to one in another case', () => {
    // Lists are unique regardless of case, but rows written before that rule may not be.
    expect(matchListChoice([{ name: 'elf' }, { name: 'Elf' }], 'Elf')).toBe('Elf');
    expect(matchListChoice([{ name: 'Elf' }, { name: 'elf' }], 'elf')).toBe('elf');
  });

  it('finds nothing for a name the list lacks, a part of one, or an empty list', () => {
    expect(matchListChoice(races, 'Orc')).toBeUndefined();
    expect(matchListChoice(races, 'High')).toBeUndefined();
    expect(matchListChoice(races, 'High elf ')).toBeUndefined();
    expect(matchListChoice(races, '')).toBeUndefined();
    expect(matchListChoice([], 'Human')).toBeUndefined();
  });
});

describe('UNKNOWN_LIST_CHOICE', () => {
  it('names the field in the message of every list field', () => {
    for (const field of UNIT_LIST_FIELDS) {
      expect(UNKNOWN_LIST_CHOICE[field].toLowerCase()).toContain(field);
    }
  });
});

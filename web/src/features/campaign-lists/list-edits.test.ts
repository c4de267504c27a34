import { describe, expect, it } from 'vitest';
import {
  appendItem,
  fieldsChanged,
  insertItem,
  itemKey,
  listChanges,
  removeItem,
  splitFieldErrors,
  updateItem,
} from './list-edits';
import { listAccess, noteLimit } from './list-access';

const races = [
  { _id: 'r1', name: 'Human', note: 'Short lives, long memories.' },
  { _id: 'r2', name: 'Elf', note: '' },
];

describe('list edits', () => {
  it('appends a trimmed new entry without an id and with an empty note', () => {
    expect(appendItem(races, { name: '  Dwarf ' })).toEqual([...races, { name: 'Dwarf', note: '' }]);
    expect(races).toHaveLength(2); // the saved list is not mutated
  });

  it('updates one entry, trimming a new name, and keeps the others and the id', () => {
    const next = updateItem(races, 1, { name: ' High elf ' });
    expect(next[1]).toEqual({ _id: 'r2', name: 'High elf', note: '' });
    expect(next[0]).toBe(races[0]);
    expect(updateItem(races, 0, { note: 'New' })[0]).toEqual({ _id: 'r1', name: 'Human', note: 'New' });
  });

  it('removes the entry at an index only', () => {
    expect(removeItem(races, 0)).toEqual([races[1]]);
    expect(removeItem(races, 5)).toEqual(races);
  });

  it('puts a deleted entry back where it was, without its old id (Undo)', () => {
    const dwarf = { _id: 'r3', name: 'Dwarf', note: 'Stout.' };
    expect(insertItem(races, 1, dwarf)).toEqual([races[0], { name: 'Dwarf', note: 'Stout.' }, races[1]]);
    expect(insertItem(races, 9, dwarf).at(-1)).toEqual({ name: 'Dwarf', note: 'Stout.' });
    expect(insertItem([], 0, { name: 'Strength', max: 20 })).toEqual([{ name: 'Strength', max: 20 }]);
  });

  it('tells whether the form changed anything', () => {
    expect(fieldsChanged(races[0]!, { name: ' Human ' })).toBe(false);
    expect(fieldsChanged(races[0]!, { name: 'Humans' })).toBe(true);
    const mage = { _id: 'c1', name: 'Mage', color: '#1d4ed8', note: '' };
    expect(fieldsChanged(mage, { name: 'Mage', color: '#1D4ED8' })).toBe(false);
    expect(fieldsChanged(mage, { name: 'Mage', color: '#777777' })).toBe(true);
    expect(fieldsChanged({ name: 'Strength', max: 100 }, { name: 'Strength', max: 20 })).toBe(true);
  });

  it('keys entries by id, characteristics by position', () => {
    expect(itemKey(races[0]!, 0)).toBe('r1');
    expect(itemKey({ name: 'Strength', max: 100 }, 3)).toBe('#3');
  });
});

describe('request bodies', () => {
  it('sends races and statuses as {_id?, name, note}', () => {
    const list = appendItem(races, { name: 'Orc' });
    expect(listChanges('races', list)).toEqual({
      races: [...races, { name: 'Orc', note: '' }],
    });
    expect(listChanges('statuses', [{ _id: 's1', name: 'Normal' }])).toEqual({
      statuses: [{ _id: 's1', name: 'Normal', note: '' }],
    });
  });

  it('sends classes with their colour, #777777 for a new one without', () => {
    expect(listChanges('classes', [{ name: 'Bard' }, { _id: 'c1', name: 'Mage', color: '#1d4ed8' }])).toEqual(
      {
        classes: [
          { name: 'Bard', color: '#777777', note: '' },
          { _id: 'c1', name: 'Mage', color: '#1d4ed8', note: '' },
        ],
      },
    );
  });

  it('sends characteristics as {name, max} with max 20 or 100 only', () => {
    expect(
      listChanges('characteristics', [
        { name: 'Luck', max: 20 },
        { name: 'Strength', max: 100 },
        { name: 'Odd', max: 42 },
      ]),
    ).toEqual({
      characteristics: [
        { name: 'Luck', max: 20 },
        { name: 'Strength', max: 100 },
        { name: 'Odd', max: 100 },
      ],
    });
  });
});

describe('server field errors', () => {
  it('gives the entry its own errors and keeps the others for the alert', () => {
    const fields = {
      'races.2.name': 'Two entries cannot have the same name.',
      'races.12.note': 'Too long.',
      races: 'Must have at most 100 items.',
    };
    expect(splitFieldErrors(fields, 'races', 2)).toEqual({
      item: { name: 'Two entries cannot have the same name.' },
      other: ['Too long.', 'Must have at most 100 items.'],
    });
    expect(splitFieldErrors({ 'classes.0.color': 'Bad colour' }, 'classes', 0).item).toEqual({
      color: 'Bad colour',
    });
  });
});

describe('tier access (decisions.md, 006, 007)', () => {
  it('locks every list for Novice', () => {
    expect(listAccess('Novice', 'races', 4)).toEqual({
      count: 4,
      limit: 4,
      canEdit: false,
      canAdd: false,
      overLimit: false,
    });
    expect(listAccess('Novice', 'characteristics', 6)).toMatchObject({ limit: 0, canEdit: false });
  });

  it('lets Adventurer and Hero add up to the limit', () => {
    expect(listAccess('Adventurer', 'races', 19)).toMatchObject({ canEdit: true, canAdd: true });
    expect(listAccess('Adventurer', 'races', 20)).toMatchObject({ canAdd: false, overLimit: false });
    expect(listAccess('Hero', 'statuses', 99).canAdd).toBe(true);
    expect(listAccess('Hero', 'characteristics', 50).canAdd).toBe(false);
  });

  it('keeps a list over its limit after a downgrade editable but closed to additions', () => {
    expect(listAccess('Adventurer', 'classes', 40)).toEqual({
      count: 40,
      limit: 15,
      canEdit: true,
      canAdd: false,
      overLimit: true,
    });
  });

  it('gives notes the tier limit, or their own length when written before a downgrade', () => {
    expect(noteLimit('Novice', 'races')).toBe(10_000);
    expect(noteLimit('Novice', 'statuses')).toBe(1_000);
    expect(noteLimit('Hero', 'classes')).toBe(20_000);
    expect(noteLimit('Novice', 'statuses', 1_800)).toBe(1_800);
    expect(noteLimit('Hero', 'statuses', 5)).toBe(2_000);
  });
});

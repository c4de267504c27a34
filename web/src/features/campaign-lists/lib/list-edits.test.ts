import { describe, expect, it } from 'vitest';
import {
  addEdit,
  changeEdit,
  deleteEdit,
  fieldsChanged,
  itemIdOf,
  itemKey,
  splitFieldErrors,
} from './list-edits';
import { listAccess, noteLimit } from './list-access';

const races = [
  { _id: 'r1', name: 'Human', note: 'Short lives, long memories.' },
  { _id: 'r2', name: 'Elf', note: '' },
];

describe('list helpers', () => {
  it('tells whether the form changed anything', () => {
    expect(fieldsChanged(races[0]!, { name: ' Human ' })).toBe(false);
    expect(fieldsChanged(races[0]!, { name: 'Humans' })).toBe(true);
    const mage = { _id: 'c1', name: 'Mage', color: '#1d4ed8', note: '' };
    expect(fieldsChanged(mage, { name: 'Mage', color: '#1D4ED8' })).toBe(false);
    expect(fieldsChanged(mage, { name: 'Mage', color: '#777777' })).toBe(true);
    expect(fieldsChanged({ name: 'Strength', max: 100 }, { name: 'Strength', max: 20 })).toBe(true);
  });

  it('keys entries by id, characteristics by position; the server addresses characteristics by name', () => {
    expect(itemKey(races[0]!, 0)).toBe('r1');
    expect(itemKey({ name: 'Strength', max: 100 }, 3)).toBe('#3');
    expect(itemIdOf(races[0]!)).toBe('r1');
    expect(itemIdOf({ name: 'Strength', max: 100 })).toBe('Strength');
  });
});

describe('one-entry edits (decision 036)', () => {
  it('adds races and statuses as {name, note}, trimmed, at a position when given (Undo)', () => {
    expect(addEdit('races', { name: '  Orc ' })).toEqual({
      op: 'add',
      list: 'races',
      item: { name: 'Orc', note: '' },
    });
    expect(addEdit('statuses', { _id: 's1', name: 'Normal', note: 'Fine' }, 2)).toEqual({
      op: 'add',
      list: 'statuses',
      item: { name: 'Normal', note: 'Fine' },
      at: 2,
    });
  });

  it('adds classes with their colour (#777777 when none) and characteristics with max 20 or 100', () => {
    expect(addEdit('classes', { name: 'Bard' })).toEqual({
      op: 'add',
      list: 'classes',
      item: { name: 'Bard', color: '#777777', note: '' },
    });
    expect(addEdit('characteristics', { name: 'Odd', max: 42 })).toMatchObject({
      item: { name: 'Odd', max: 100 },
    });
    expect(addEdit('characteristics', { name: 'Luck', max: 20 })).toMatchObject({
      item: { name: 'Luck', max: 20 },
    });
  });

  it('sends only what changed and what the kind has', () => {
    const mage = { _id: 'c1', name: 'Mage', color: '#1d4ed8', note: '' };
    expect(changeEdit('classes', mage, { name: ' Mage ', color: '#1D4ED8' })).toEqual({
      op: 'update',
      list: 'classes',
      itemId: 'c1',
      changes: {},
    });
    expect(changeEdit('classes', mage, { name: 'Wizard', color: '#777777' })).toMatchObject({
      changes: { name: 'Wizard', color: '#777777' },
    });
    expect(changeEdit('races', races[1]!, { note: 'Tall' })).toMatchObject({ changes: { note: 'Tall' } });
    expect(changeEdit('characteristics', { name: 'Strength', max: 100 }, { name: 'Might', max: 20 })).toEqual(
      {
        op: 'update',
        list: 'characteristics',
        itemId: 'Strength',
        changes: { name: 'Might', max: 20 },
      },
    );
    expect(deleteEdit('races', races[0]!)).toEqual({ op: 'delete', list: 'races', itemId: 'r1' });
  });
});

describe('pins (decision 061)', () => {
  it('sends a pin only for a characteristic, only when it changes, and brings it back with Undo', () => {
    const dex = { name: 'Dexterity', max: 20 };
    expect(changeEdit('characteristics', dex, { pinned: true })).toEqual({
      op: 'update',
      list: 'characteristics',
      itemId: 'Dexterity',
      changes: { pinned: true },
    });
    expect(changeEdit('characteristics', { ...dex, pinned: true }, { pinned: true })).toEqual({
      op: 'update',
      list: 'characteristics',
      itemId: 'Dexterity',
      changes: {},
    });
    expect(changeEdit('characteristics', { ...dex, pinned: true }, { pinned: false })).toMatchObject({
      changes: { pinned: false },
    });
    expect(changeEdit('races', { _id: 'r1', name: 'Elf' }, { pinned: true })).toEqual({
      op: 'update',
      list: 'races',
      itemId: 'r1',
      changes: {},
    });
    expect(addEdit('characteristics', { ...dex, pinned: true }, 1)).toEqual({
      op: 'add',
      list: 'characteristics',
      item: { name: 'Dexterity', max: 20, pinned: true },
      at: 1,
    });
    expect(addEdit('characteristics', { ...dex, pinned: false })).toEqual({
      op: 'add',
      list: 'characteristics',
      item: { name: 'Dexterity', max: 20 },
    });
  });
});

describe('server field errors', () => {
  it('gives the entry its own errors and keeps the others for the alert', () => {
    const fields = {
      'item.name': 'Two entries cannot have the same name.',
      races: 'Something else.',
    };
    expect(splitFieldErrors(fields)).toEqual({
      item: { name: 'Two entries cannot have the same name.' },
      other: ['Something else.'],
    });
    expect(splitFieldErrors({ 'changes.color': 'Bad colour', 'changes.note': 'Too long.' }).item).toEqual({
      color: 'Bad colour',
      note: 'Too long.',
    });
  });
});

describe('tier access (docs/product.md#tiers, 006, 007)', () => {
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

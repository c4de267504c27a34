import { describe, expect, it } from 'vitest';
import { parseWhole } from '@questkeeper/core/checks';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import {
  applyGenerated,
  characteristicDefault,
  conflictingFields,
  createBody,
  hasProblems,
  initialValues,
  isDirty,
  listChoices,
  newCounter,
  placeFieldErrors,
  resolvedCurrentHp,
  shiftCounterFields,
  updateBody,
  validate,
  type UnitFormValues,
} from './unit-form';

type Lists = Pick<Campaign, 'characteristics' | 'races' | 'classes' | 'statuses'>;

const campaign: Lists = {
  characteristics: [
    { name: 'Strength', max: 100, pinned: false },
    { name: 'Luck', max: 20, pinned: false },
  ],
  races: [
    { _id: 'r1', name: 'Human', note: '' },
    { _id: 'r2', name: 'Elf', note: '' },
  ],
  classes: [{ _id: 'k1', name: 'Mage', color: '#1d4ed8', note: '' }],
  statuses: [
    { _id: 's1', name: 'Normal', note: '' },
    { _id: 's2', name: 'Injured', note: '' },
  ],
};

const unit: Unit = {
  _id: 'u1',
  userId: 'owner',
  gameDataId: 'c1',
  name: 'Aria',
  gender: 'Female',
  isPlayer: true,
  race: 'Elf',
  class: 'Mage',
  status: 'Injured',
  characteristics: { Strength: 70 },
  hp: 120,
  currentHp: 80,
  money: { gold: 3, silver: 2, bronze: 1 },
  notes: '# Pack',
  counters: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: '1',
};

/** A create form filled in enough to be saved. */
const filled = (changes: Partial<UnitFormValues> = {}): UnitFormValues => ({
  ...initialValues(campaign, null),
  name: 'Borin',
  race: 'Human',
  class: 'Mage',
  ...changes,
});

describe('initial values', () => {
  it('opens a new unit with docs/product.md#campaign defaults and race and class left to choose', () => {
    expect(initialValues(campaign, null)).toEqual({
      name: '',
      gender: 'Male',
      isPlayer: false,
      race: '',
      class: '',
      status: 'Normal',
      characteristics: ['50', '20'],
      hp: '100',
      currentHp: '',
      money: { gold: '0', silver: '0', bronze: '0' },
      notes: '',
      counters: [],
    });
    expect(initialValues(campaign, null, true).isPlayer).toBe(true);
    expect(initialValues({ ...campaign, statuses: [] }, null).status).toBe('');
  });

  it('caps the default characteristic at its max', () => {
    expect(characteristicDefault(100)).toBe(50);
    expect(characteristicDefault(20)).toBe(20);
  });

  it("opens an edit with the unit's values, a characteristic it lacks at its default", () => {
    expect(initialValues(campaign, unit)).toEqual({
      name: 'Aria',
      gender: 'Female',
      isPlayer: true,
      race: 'Elf',
      class: 'Mage',
      status: 'Injured',
      characteristics: ['70', '20'],
      hp: '120',
      currentHp: '80',
      money: { gold: '3', silver: '2', bronze: '1' },
      notes: '# Pack',
      counters: [],
    });
  });
});

describe('validation', () => {
  it('accepts a filled form and names every missing required field of a new one', () => {
    expect(validate(filled(), campaign, null)).toEqual({});
    const problems = validate(initialValues(campaign, null), campaign, null);
    expect(Object.keys(problems).sort()).toEqual(['class', 'name', 'race']);
    expect(problems.name?.key).toBe('validation.required');
    expect(hasProblems(problems)).toBe(true);
  });

  it('requires a name of 1 to 50 characters after trimming', () => {
    expect(validate(filled({ name: '   ' }), campaign, null).name?.key).toBe('validation.required');
    expect(validate(filled({ name: 'x'.repeat(50) }), campaign, null).name).toBeUndefined();
    expect(validate(filled({ name: ` ${'x'.repeat(50)} ` }), campaign, null).name).toBeUndefined();
    expect(validate(filled({ name: 'x'.repeat(51) }), campaign, null).name).toEqual({
      key: 'validation.tooLong',
      params: { max: 50 },
    });
    // Core's checkName, as the server's schema calls it: text that cannot be stored is refused.
    expect(validate(filled({ name: 'Aria\u0000' }), campaign, null).name?.key).toBe(
      'validation.unsupportedCharacter',
    );
  });

  it("refuses a race, class or status the campaign's lists lack, but keeps an edited unit's own", () => {
    expect(validate(filled({ race: 'Orc' }), campaign, null).race?.key).toBe('validation.unknownRace');
    const orphan = { ...unit, race: 'Dwarf' };
    expect(listChoices(campaign, 'race', orphan)).toEqual({ names: ['Human', 'Elf'], orphan: 'Dwarf' });
    expect(validate(initialValues(campaign, orphan), campaign, orphan).race).toBeUndefined();
    expect(listChoices(campaign, 'race', unit).orphan).toBeNull();
  });

  it('bounds each characteristic to 0..its max, whole and present, in the server words', () => {
    const check = (strength: string, luck = '10') =>
      validate(filled({ characteristics: [strength, luck] }), campaign, null);
    expect(check('0')).toEqual({});
    expect(check('100', '20')).toEqual({});
    expect(check('101')['characteristics.Strength']).toEqual({
      key: 'validation.tooBig',
      params: { max: 100 },
    });
    expect(check('50', '21')['characteristics.Luck']).toEqual({
      key: 'validation.characteristicMax',
      params: { max: 20 },
    });
    expect(check('-1')['characteristics.Strength']?.key).toBe('validation.tooSmall');
    expect(check('')['characteristics.Strength']?.key).toBe('validation.required');
    expect(check('2.5')['characteristics.Strength']?.key).toBe('validation.integer');
  });

  it('bounds hp to 0..9999 and accepts any whole current HP or none', () => {
    expect(validate(filled({ hp: '0' }), campaign, null)).toEqual({});
    expect(validate(filled({ hp: '9999' }), campaign, null)).toEqual({});
    expect(validate(filled({ hp: '10000' }), campaign, null).hp).toEqual({
      key: 'validation.tooBig',
      params: { max: 9999 },
    });
    expect(validate(filled({ hp: '-1' }), campaign, null).hp?.key).toBe('validation.tooSmall');
    expect(validate(filled({ hp: '' }), campaign, null).hp?.key).toBe('validation.required');
    for (const currentHp of ['', '-40', '99999', '50']) {
      expect(validate(filled({ currentHp }), campaign, null)).toEqual({});
    }
    expect(validate(filled({ currentHp: '1.5' }), campaign, null).currentHp?.key).toBe('validation.integer');
  });

  it('takes empty money as none and refuses negative or fractional coins', () => {
    const money = (gold: string) => ({ gold, silver: '', bronze: '0' });
    expect(validate(filled({ money: money('') }), campaign, null)).toEqual({});
    expect(validate(filled({ money: money('-1') }), campaign, null)['money.gold']?.key).toBe(
      'validation.tooSmall',
    );
    expect(validate(filled({ money: money('0.5') }), campaign, null)['money.gold']?.key).toBe(
      'validation.integer',
    );
    expect(validate(filled({ money: money('1000000000') }), campaign, null)['money.gold']?.key).toBe(
      'validation.tooBig',
    );
  });
});

describe('current HP clamping (docs/product.md#unit-form)', () => {
  it('turns empty or above hp into hp, and below 0 into 0', () => {
    expect(resolvedCurrentHp({ hp: '120', currentHp: '' })).toBe(120);
    expect(resolvedCurrentHp({ hp: '120', currentHp: '250' })).toBe(120);
    expect(resolvedCurrentHp({ hp: '120', currentHp: '-5' })).toBe(0);
    expect(resolvedCurrentHp({ hp: '120', currentHp: '60' })).toBe(60);
    expect(resolvedCurrentHp({ hp: '0', currentHp: '10' })).toBe(0);
    expect(resolvedCurrentHp({ hp: '', currentHp: '10' })).toBeNull();
    expect(resolvedCurrentHp({ hp: '10000', currentHp: '10' })).toBeNull();
  });

  it('parses whole numbers only', () => {
    expect(parseWhole(' 42 ')).toBe(42);
    expect(parseWhole('-3')).toBe(-3);
    expect(parseWhole('')).toBeNull();
    expect(parseWhole('4e2')).toBeNaN();
    expect(parseWhole('1.0')).toBeNaN();
  });
});

describe('request bodies', () => {
  it('builds the create body with numbers, the trimmed name and the clamped current HP', () => {
    const values = filled({
      name: '  Borin  ',
      isPlayer: true,
      characteristics: ['65', '12'],
      hp: '120',
      currentHp: '250',
      money: { gold: '7', silver: '', bronze: '0' },
      notes: 'Axe',
    });
    expect(createBody(values, campaign)).toEqual({
      name: 'Borin',
      gender: 'Male',
      isPlayer: true,
      race: 'Human',
      class: 'Mage',
      status: 'Normal',
      characteristics: { Strength: 65, Luck: 12 },
      hp: 120,
      currentHp: 120,
      money: { gold: 7, silver: 0, bronze: 0 },
      notes: 'Axe',
      counters: [],
    });
    expect(createBody(filled({ currentHp: '' }), campaign).currentHp).toBe(100);
    expect(createBody(filled({ currentHp: '-9' }), campaign).currentHp).toBe(0);
  });

  it('sends only what an edit changed', () => {
    const opened = initialValues(campaign, unit);
    // The form shows Luck at its default: the unit lacked it, so saving writes it.
    expect(updateBody(opened, campaign, unit)).toEqual({ characteristics: { Luck: 20 } });
    const complete = { ...unit, characteristics: { Strength: 70, Luck: 20 } };
    expect(updateBody(initialValues(campaign, complete), campaign, complete)).toEqual({});
    const edited = {
      ...initialValues(campaign, complete),
      name: 'Aria the Bold',
      status: 'Normal',
      characteristics: ['75', '20'],
      hp: '60',
      money: { gold: '3', silver: '9', bronze: '1' },
    };
    expect(updateBody(edited, campaign, complete)).toEqual({
      name: 'Aria the Bold',
      status: 'Normal',
      characteristics: { Strength: 75 },
      hp: 60,
      // 80 no longer fits under 60.
      currentHp: 60,
      money: { gold: 3, silver: 9, bronze: 1 },
    });
  });

  it('keeps an entry that has left the list out of the edit', () => {
    const orphan = { ...unit, race: 'Dwarf', characteristics: { Strength: 70, Luck: 20 } };
    const values = { ...initialValues(campaign, orphan), name: 'Aria' + '!' };
    expect(updateBody(values, campaign, orphan)).toEqual({ name: 'Aria!' });
  });
});

describe('form helpers', () => {
  it('knows when the form differs from how it opened', () => {
    const opened = initialValues(campaign, unit);
    expect(isDirty(opened, initialValues(campaign, unit))).toBe(false);
    expect(isDirty({ ...opened, notes: '' }, opened)).toBe(true);
  });

  it('lays a quick generation over the characteristics by name', () => {
    const values = applyGenerated(filled(), campaign, { Luck: 17, Unknown: 3 });
    expect(values.characteristics).toEqual(['50', '17']);
    expect(values.name).toBe('Borin');
  });

  it('places server field errors beside known fields and keeps the rest for the alert', () => {
    expect(
      placeFieldErrors(
        {
          race: 'Choose a race.',
          'characteristics.Luck': 'Too high.',
          'money.silver': 'Too small.',
          gameDataId: 'Odd.',
          'characteristics.Gone': 'Unknown.',
        },
        campaign,
      ),
    ).toEqual({
      placed: { race: 'Choose a race.', 'characteristics.Luck': 'Too high.', 'money.silver': 'Too small.' },
      other: ['Odd.', 'Unknown.'],
    });
  });
});

describe('conflicting fields (a unit saved elsewhere meanwhile, decision 036)', () => {
  it('names only the changed fields saved with another value, in the form order', () => {
    const theirs: Unit = {
      ...unit,
      name: 'Aria of the North',
      currentHp: 60,
      characteristics: { Strength: 71 },
      money: { ...unit.money, bronze: 9 },
      notes: '# Theirs',
      version: '2',
    };
    expect(
      conflictingFields(
        { notes: '# Mine', currentHp: 100, characteristics: { Strength: 80 }, money: unit.money, hp: 90 },
        unit,
        theirs,
      ),
    ).toEqual(['characteristics.Strength', 'currentHp', 'money', 'notes']);
  });

  it('is empty when only fields the draft leaves alone changed (a blow in combat)', () => {
    expect(
      conflictingFields({ name: 'Aria the Bold' }, unit, { ...unit, currentHp: 3, version: '2' }),
    ).toEqual([]);
    expect(conflictingFields({ characteristics: { Luck: 5 } }, unit, { ...unit, version: '2' })).toEqual([]);
  });
});

describe('counters (docs/decisions/062)', () => {
  const legendary = {
    _id: 'k1',
    label: 'Legendary actions',
    max: 3,
    kind: 'uses' as const,
    reset: 'turnStart' as const,
    recharge: null,
  };
  const breath = {
    ...legendary,
    _id: 'k2',
    label: 'Breath',
    max: 1,
    reset: 'never' as const,
    recharge: { die: 6, min: 5 },
  };
  const monster: Unit = { ...unit, isPlayer: false, counters: [legendary, breath] };

  it('opens with the unit counters as typed text and sends them back unchanged', () => {
    const values = initialValues(campaign, monster);
    expect(values.counters.map(({ label, max, recharge }) => ({ label, max, recharge }))).toEqual([
      { label: 'Legendary actions', max: '3', recharge: null },
      { label: 'Breath', max: '1', recharge: { die: '6', min: '5' } },
    ]);
    expect(createBody(values, campaign).counters).toEqual([legendary, breath]);
    expect(updateBody(values, campaign, monster).counters).toBeUndefined();
  });

  it('sends a new counter without an id, and the whole list when any of it changed', () => {
    const values = initialValues(campaign, monster);
    const added = { ...newCounter('blank'), label: ' Spell slots ', max: '4' };
    const body = updateBody({ ...values, counters: [...values.counters, added] }, campaign, monster);
    expect(body.counters).toEqual([
      legendary,
      breath,
      { label: 'Spell slots', max: 4, kind: 'uses', reset: 'turnStart', recharge: null },
    ]);
    expect(updateBody({ ...values, counters: values.counters.slice(1) }, campaign, monster).counters).toEqual(
      [breath],
    );
  });

  it('offers the presets: legendary actions 3 at turn start, recharge 5-6 on a d6', () => {
    const labels = { legendary: 'Legendary actions', recharge: 'Breath weapon' };
    expect(newCounter('legendary', labels)).toMatchObject({
      label: 'Legendary actions',
      max: '3',
      kind: 'uses',
      reset: 'turnStart',
      recharge: null,
    });
    expect(newCounter('recharge', labels)).toMatchObject({ max: '1', recharge: { die: '6', min: '5' } });
    expect(newCounter('blank').key).not.toBe(newCounter('blank').key);
  });

  it("checks each field with core's rules, beside the field the server names", () => {
    const counter = (changes: Partial<ReturnType<typeof newCounter>>) => ({
      ...newCounter('blank'),
      label: 'Ki',
      ...changes,
    });
    const problems = (changes: Partial<ReturnType<typeof newCounter>>) =>
      validate(filled({ counters: [counter({}), counter(changes)] }), campaign, null);
    expect(problems({})).toEqual({});
    expect(problems({ label: ' ' })['counters.1.label']?.key).toBe('validation.required');
    expect(problems({ label: 'x'.repeat(41) })['counters.1.label']).toEqual({
      key: 'validation.tooLong',
      params: { max: 40 },
    });
    expect(problems({ max: '0' })['counters.1.max']).toEqual({
      key: 'validation.tooSmall',
      params: { min: 1 },
    });
    expect(problems({ max: '100' })['counters.1.max']).toEqual({
      key: 'validation.tooBig',
      params: { max: 99 },
    });
    expect(problems({ max: '2.5' })['counters.1.max']?.key).toBe('validation.integer');
    expect(problems({ recharge: { die: '6', min: '7' } })['counters.1.recharge.min']).toEqual({
      key: 'validation.rechargeMinOverDie',
      params: { die: 6 },
    });
    expect(problems({ recharge: { die: '6', min: '' } })['counters.1.recharge.min']?.key).toBe(
      'validation.required',
    );
    const eleven = Array.from({ length: 11 }, () => counter({}));
    expect(validate(filled({ counters: eleven }), campaign, null).counters).toEqual({
      key: 'validation.tooManyItems',
      params: { max: 10 },
    });
  });

  it('moves the fields after a removed counter up one place', () => {
    expect(
      shiftCounterFields(
        ['name', 'counters.0.label', 'counters.1.max', 'counters.2.recharge.min', 'counters'],
        1,
      ),
    ).toEqual(['name', 'counters.0.label', 'counters.1.recharge.min', 'counters']);
  });

  it("places the server's counter messages beside their fields", () => {
    expect(
      placeFieldErrors(
        { 'counters.0.label': 'Too long', counters: 'At most 10', 'counters.0.other': 'x' },
        campaign,
      ),
    ).toEqual({ placed: { 'counters.0.label': 'Too long', counters: 'At most 10' }, other: ['x'] });
  });

  it('says the counters conflict when another tab saved other ones', () => {
    const changes = updateBody({ ...initialValues(campaign, monster), counters: [] }, campaign, monster);
    expect(conflictingFields(changes, monster, { ...monster, counters: [legendary], version: '2' })).toEqual([
      'counters',
    ]);
    expect(conflictingFields(changes, monster, { ...monster, currentHp: 1, version: '2' })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ParseStatBlockResponse } from '@questkeeper/core/schemas/statblock';
import type { Campaign } from '@/lib/campaigns';
import { applyStatBlock } from './statblock-fill';
import { initialValues, newCounter, validate, type UnitFormValues } from './unit-form';

const campaign: Pick<Campaign, 'characteristics' | 'races' | 'classes' | 'statuses'> = {
  characteristics: [
    { name: 'Strength', max: 100, pinned: false },
    { name: 'Luck', max: 20, pinned: false },
  ],
  races: [{ _id: 'r1', name: 'Human', note: '' }],
  classes: [{ _id: 'k1', name: 'Mage', color: '#1d4ed8', note: '' }],
  statuses: [{ _id: 's1', name: 'Normal', note: '' }],
};

const dragon: ParseStatBlockResponse['unit'] = {
  name: 'Adult Red Dragon',
  hp: 256,
  characteristics: { Strength: 27 },
  notes: '## Actions\n\n**Bite.** It bites.',
  counters: [
    { label: 'Legendary actions', max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
    { label: 'Fire Breath', max: 1, kind: 'uses', reset: 'never', recharge: { die: 6, min: 5 } },
  ],
};

describe('applyStatBlock', () => {
  it('fills name, HP, the characteristics it read, notes and counters, and keeps the rest', () => {
    const values: UnitFormValues = { ...initialValues(campaign, null), race: 'Human', class: 'Mage' };
    const { values: filled, leftOut } = applyStatBlock(values, campaign, dragon);
    expect(filled).toMatchObject({
      name: 'Adult Red Dragon',
      hp: '256',
      characteristics: ['27', values.characteristics[1]],
      notes: '## Actions\n\n**Bite.** It bites.',
      race: 'Human',
      class: 'Mage',
    });
    expect(filled.counters.map(({ key: _key, ...counter }) => counter)).toEqual([
      { label: 'Legendary actions', max: '3', kind: 'uses', reset: 'turnStart', recharge: null },
      { label: 'Fire Breath', max: '1', kind: 'uses', reset: 'never', recharge: { die: '6', min: '5' } },
    ]);
    expect(new Set(filled.counters.map((counter) => counter.key)).size).toBe(2);
    expect(leftOut).toEqual([]);
    expect(Object.keys(validate(filled, campaign, null))).toEqual([]);
  });

  it('keeps what the block does not give, adds its notes after written ones, its counters up to the limit', () => {
    const counters = Array.from({ length: 9 }, () => ({ ...newCounter('blank'), label: 'Slot' }));
    const values: UnitFormValues = {
      ...initialValues(campaign, null),
      name: 'Smaug',
      hp: '40',
      notes: 'Mine.\n',
      counters,
    };
    const { name: _name, hp: _hp, ...nameless } = dragon;
    const { values: filled, leftOut } = applyStatBlock(values, campaign, nameless);
    expect(filled.name).toBe('Smaug');
    expect(filled.hp).toBe('40');
    expect(filled.notes).toBe('Mine.\n\n## Actions\n\n**Bite.** It bites.');
    expect(filled.counters.map((counter) => counter.label)).toEqual([
      ...counters.map(() => 'Slot'),
      'Legendary actions',
    ]);
    expect(leftOut).toEqual([{ reason: 'tooManyCounters', text: 'Fire Breath', limit: 10 }]);
  });
});

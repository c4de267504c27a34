import { describe, expect, it } from 'vitest';
import type { CampaignData } from '../campaigns/default-campaign';
import { hasFollowUps, unitFollowUps } from './renames';

const before: CampaignData = {
  rules: '',
  characteristics: [
    { name: 'Strength', max: 100, pinned: false },
    { name: 'Wisdom', max: 100, pinned: false },
  ],
  races: [
    { _id: 'r1', name: 'Elf', note: '' },
    { _id: 'r2', name: 'Orc', note: '' },
  ],
  classes: [{ _id: 'c1', name: 'Mage', color: '#777777', note: '' }],
  statuses: [{ _id: 's1', name: 'Normal', note: '' }],
  initiativeRule: 'random_d20',
  initiativeCaracName: '',
  initiativeModifier: 'value',
};

describe('unitFollowUps', () => {
  it('finds a race renamed under the same id', () => {
    const result = unitFollowUps(before, {
      races: [
        { _id: 'r1', name: 'High elf', note: '' },
        { _id: 'r2', name: 'Orc', note: '' },
      ],
    });
    expect(result.race).toEqual([{ from: 'Elf', to: 'High elf' }]);
    expect(hasFollowUps(result)).toBe(true);
  });

  it('leaves swaps and merges alone', () => {
    const swap = unitFollowUps(before, {
      races: [
        { _id: 'r1', name: 'Orc', note: '' },
        { _id: 'r2', name: 'Elf', note: '' },
      ],
    });
    expect(swap.race).toEqual([]);
    const merge = unitFollowUps(before, { races: [{ _id: 'r1', name: 'Orc', note: '' }] });
    expect(merge.race).toEqual([]);
  });

  it('does not treat a new entry (new id) as a rename', () => {
    const result = unitFollowUps(before, { races: [{ _id: 'r9', name: 'Dwarf', note: '' }] });
    expect(hasFollowUps(result)).toBe(false);
  });

  it('finds a characteristic renamed in place, and a lowered max under its new name', () => {
    const result = unitFollowUps(before, {
      characteristics: [
        { name: 'Might', max: 20, pinned: false },
        { name: 'Wisdom', max: 100, pinned: false },
      ],
    });
    expect(result.characteristics).toEqual([{ from: 'Strength', to: 'Might' }]);
    expect(result.capped).toEqual([{ name: 'Might', max: 20 }]);
  });

  it('ignores a characteristic removed from the middle (the next one moves up, it is not a rename)', () => {
    const result = unitFollowUps(before, { characteristics: [{ name: 'Wisdom', max: 100, pinned: false }] });
    expect(result.characteristics).toEqual([]);
    expect(result.capped).toEqual([]);
  });

  it('finds nothing when only other fields change', () => {
    expect(hasFollowUps(unitFollowUps(before, { rules: '# New' }))).toBe(false);
  });
});

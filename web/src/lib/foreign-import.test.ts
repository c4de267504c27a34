// The choice of what comes in (decision 065): what ticked keys bring, `only` (nothing when all is
// ticked), the accent-blind filter and the plan's limits measured against what a campaign holds.
import { describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  matching,
  onlyOf,
  selectionCounts,
  selectionProblems,
  unitsBrought,
  type ImportSampleItem,
} from './foreign-import';

const sample: ImportSampleItem[] = [
  { key: 'a', kind: 'unit', name: 'Gobelin' },
  { key: 'b', kind: 'unit', name: 'Élise' },
  { key: 'c', kind: 'unit', name: 'Ogre' },
  { key: 'e', kind: 'encounter', name: 'Embuscade', units: ['a', 'b', 'gone'] },
];

describe('choosing what comes in', () => {
  it('counts the units an encounter brings once, and not the ones the file lacks', () => {
    expect([...unitsBrought(sample, new Set(['e', 'a']))].sort()).toEqual(['a', 'b']);
    expect(selectionCounts(sample, new Set(['e', 'c']))).toEqual({ units: 3, encounters: 1 });
  });

  it('sends no `only` when everything is ticked, else the ticked keys in file order', () => {
    expect(onlyOf(sample, new Set(['e', 'c', 'b', 'a']))).toBeUndefined();
    expect(onlyOf(sample, new Set(['e', 'c']))).toEqual(['c', 'e']);
  });

  it('filters by name without minding accents or case', () => {
    expect(matching(sample, ' elise ').map((item) => item.key)).toEqual(['b']);
    expect(matching(sample, '')).toHaveLength(4);
  });

  it('names each limit of the plan a choice passes, with the room the campaign has left', () => {
    expect(selectionProblems({ units: 10, encounters: 3 }, 'Novice')).toEqual([]);
    expect(selectionProblems({ units: 11, encounters: 4 }, 'Novice')).toEqual([
      { kind: 'units', count: 11, room: 10, limit: 10 },
      { kind: 'encounters', count: 4, room: 3, limit: 3 },
    ]);
    expect(selectionProblems({ units: 3, encounters: 0 }, 'Novice', { units: 8, encounters: 3 })).toEqual([
      { kind: 'units', count: 3, room: 2, limit: 10 },
    ]);
  });

  it("sends the browser's JSON or ZIP type, else tells a ZIP by its first bytes", async () => {
    expect(await contentTypeOf(new Blob(['{}'], { type: 'application/json' }))).toBe('application/json');
    expect(await contentTypeOf(new Blob(['PK\u0003\u0004'], { type: '' }))).toBe('application/zip');
    expect(await contentTypeOf(new Blob(['{}'], { type: 'text/plain' }))).toBe('application/json');
  });
});

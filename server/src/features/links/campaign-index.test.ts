// The per-process index of search and backlinks (decision 063): a request loads the texts of changed
// or new rows only, keeps the index as it is when nothing changed, drops deleted rows, and the cache
// drops campaigns least recently used first once past its budget. Pure: fake loaders, no database.
import { describe, expect, it } from 'vitest';
import {
  createIndexCache,
  refreshIndex,
  resolverOf,
  type CampaignIndex,
  type IndexLoaders,
} from './campaign-index';
import type { CampaignTextsRow, CampaignVersions, UnitTextsRow } from './repository';

const campaignRow = (version: string, rules = '# Rules'): CampaignTextsRow => ({
  version,
  rules,
  races: [{ _id: 'r1', name: 'Elf', note: '' }],
  classes: [],
  statuses: [],
  characteristics: [{ name: 'Strength', max: 20, pinned: false }],
});
const unitRow = (id: string, version: string, name = id, notes = ''): UnitTextsRow => ({
  id,
  version,
  name,
  race: 'Elf',
  class: '',
  status: '',
  notes,
});

/** Loaders over a table of rows, counting what each request reads. */
function fakeDatabase() {
  const db = { campaign: campaignRow('c1'), units: new Map<string, UnitTextsRow>() };
  const reads = { campaign: 0, units: [] as string[] };
  const loaders: IndexLoaders = {
    campaign: async () => {
      reads.campaign += 1;
      return db.campaign;
    },
    units: async (ids) => {
      reads.units.push(...ids);
      return ids.map((id) => db.units.get(id)).filter((row): row is UnitTextsRow => row !== undefined);
    },
    encounters: async () => [],
  };
  const versions = (): CampaignVersions => ({
    version: db.campaign.version,
    units: [...db.units.values()].map((row) => [row.id, row.version]),
    encounters: [],
  });
  return { db, reads, loaders, versions };
}

describe('refreshIndex', () => {
  it('loads only what changed, and keeps the index when nothing did', async () => {
    const fake = fakeDatabase();
    for (const id of ['u1', 'u2', 'u3']) fake.db.units.set(id, unitRow(id, '1'));
    const first = (await refreshIndex(undefined, fake.versions(), fake.loaders))!;
    expect(fake.reads).toEqual({ campaign: 1, units: ['u1', 'u2', 'u3'] });

    const same = await refreshIndex(first, fake.versions(), fake.loaders);
    expect(same).toBe(first);
    expect(fake.reads).toEqual({ campaign: 1, units: ['u1', 'u2', 'u3'] });

    fake.db.units.set('u2', unitRow('u2', '2', 'u2', 'new notes'));
    fake.db.units.delete('u3');
    fake.db.units.set('u4', unitRow('u4', '1'));
    const next = (await refreshIndex(first, fake.versions(), fake.loaders))!;
    expect(fake.reads).toEqual({ campaign: 1, units: ['u1', 'u2', 'u3', 'u2', 'u4'] });
    expect(next.units.map((unit) => [unit.id, unit.text])).toEqual([
      ['u1', ''],
      ['u2', 'new notes'],
      ['u4', ''],
    ]);
    // Unchanged texts are shared, not copied.
    expect(next.units[0]).toBe(first.units[0]);

    fake.db.campaign = campaignRow('c2', '# Other');
    const third = (await refreshIndex(next, fake.versions(), fake.loaders))!;
    expect(fake.reads.campaign).toBe(2);
    expect(third.campaign.headings.map((heading) => heading.slug)).toEqual(['other']);
  });

  it('keeps the resolver while no name changes, and builds a new one when one does', async () => {
    const fake = fakeDatabase();
    fake.db.units.set('u1', unitRow('u1', '1', 'Aria'));
    const first = (await refreshIndex(undefined, fake.versions(), fake.loaders))!;
    const resolve = resolverOf(first);
    fake.db.units.set('u1', unitRow('u1', '2', 'Aria', 'notes only'));
    const notes = (await refreshIndex(first, fake.versions(), fake.loaders))!;
    expect(resolverOf(notes)).toBe(resolve);
    fake.db.units.set('u1', unitRow('u1', '3', 'Arya'));
    const renamed = (await refreshIndex(notes, fake.versions(), fake.loaders))!;
    expect(resolverOf(renamed)).not.toBe(resolve);
    expect(resolverOf(renamed)({ target: 'arya', heading: false })?.id).toBe('u1');
  });

  it('answers null when the campaign is gone between the two reads', async () => {
    const fake = fakeDatabase();
    const gone: IndexLoaders = { ...fake.loaders, campaign: async () => undefined };
    expect(await refreshIndex(undefined, fake.versions(), gone)).toBeNull();
  });
});

describe('createIndexCache', () => {
  const sized = (chars: number) => ({ chars }) as CampaignIndex;

  it('drops the least recently used campaigns past its budget, the newest last', () => {
    const cache = createIndexCache(100);
    cache.put('a', sized(40));
    cache.put('b', sized(40));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.put('c', sized(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toEqual({ chars: 80, campaigns: 2 });
    cache.put('a', sized(10));
    expect(cache.size).toEqual({ chars: 50, campaigns: 2 });
    // A campaign over the budget alone is not kept.
    cache.put('huge', sized(500));
    expect(cache.size).toEqual({ chars: 0, campaigns: 0 });
  });
});

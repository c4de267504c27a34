// Import from other tools (docs/product.md#import-from-other-tools, issue #35): the preview writes
// nothing and says what the file would become; the import creates one campaign from an Improved
// Initiative, Shieldmaiden or 5e.tools file, whole or not at all, within the tier's limits, or the
// part `only` names; hostile files get one clear localized refusal and change no row.
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_IMPORT_MAX_BYTES } from '@questkeeper/core/limits';
import { limitsOf } from '@questkeeper/core/tiers';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { rowCounts } from '../../../test/support/user-data-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../core/test-fixtures/import/${name}.json`, import.meta.url), 'utf8');

const post = (
  path: 'import' | 'import/preview',
  token: string,
  body: string | Buffer,
  options: { only?: string[]; type?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/game-data/${path}${options.only ? `?${options.only.map((k) => `only=${encodeURIComponent(k)}`).join('&')}` : ''}`,
    headers: { ...bearer(token), 'content-type': options.type ?? 'application/json' },
    payload: body,
  });

interface Preview {
  format: string;
  name: string;
  counts: Record<string, number>;
  overLimits: { field: string; message: string }[];
  warnings: { reason: string; text: string; message: string }[];
  sample: { key: string; kind: string; name: string; units?: string[] }[];
}

async function unitsOf(token: string, campaignId: string) {
  const response = await ctx.app.inject({ url: '/api/units', headers: bearer(token, campaignId) });
  return response.json<
    {
      name: string;
      hp: number;
      isPlayer: boolean;
      characteristics: object;
      notes: string;
      counters: object[];
    }[]
  >();
}
async function encountersOf(token: string, campaignId: string) {
  const response = await ctx.app.inject({ url: '/api/encounters', headers: bearer(token, campaignId) });
  return response.json<
    {
      _id: string;
      name: string;
      enemies: { unitId: string; count: number }[];
      allies: { unitId: string }[];
      hidden: string[];
      groups: string;
    }[]
  >();
}

/** Runs `run`, checks its status and code, and that no row of any table changed. */
async function refusedWhole(run: () => Promise<LightMyRequestResponse>, status: number, code: string) {
  const before = await rowCounts(ctx.app);
  const response = await run();
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  expect(await rowCounts(ctx.app)).toEqual(before);
  return error;
}

const monsters = (count: number) =>
  JSON.stringify({
    _meta: { sources: [{ json: 'Big', full: 'Big bestiary' }] },
    monster: Array.from({ length: count }, (_, i) => ({
      name: `Monster ${i + 1}`,
      source: 'Big',
      hp: { average: 10 + i },
    })),
  });

describe('preview', () => {
  it.each([
    ['improved-initiative.en', 'improvedInitiative', 'Improved Initiative', 5, 1],
    ['shieldmaiden.en', 'shieldmaiden', 'Curse of Strahd', 5, 1],
    ['fivetools.en', 'fivetools', 'Frostfell Bestiary', 4, 0],
  ])(
    '%s: format, counts, keys and warnings, writing nothing',
    async (name, format, title, units, encounters) => {
      const user = await registerUser(ctx.app, { tier: 'Hero' });
      const before = await rowCounts(ctx.app);
      const response = await post('import/preview', user.token, fixture(name));
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json<Preview>();
      expect(preview).toMatchObject({ format, name: title, overLimits: [] });
      expect(preview.counts).toMatchObject({ units, encounters, characteristics: 6, races: 4, statuses: 6 });
      expect(preview.sample.filter((s) => s.kind === 'unit')).toHaveLength(units);
      expect(await rowCounts(ctx.app)).toEqual(before);
    },
  );

  it('words warnings in the user language and lists encounters with the units they need', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const preview = (
      await post('import/preview', user.token, fixture('improved-initiative.en'))
    ).json<Preview>();
    expect(preview.warnings.map((w) => w.message)).toContain(
      '«\u00a0Ancient Titan of the Northern Wastes Who Never Sleeps\u00a0»\u00a0: plus de 50 caractères, coupé',
    );
    expect(preview.sample.find((s) => s.key === 'SavedEncounters.ambush')).toEqual({
      key: 'SavedEncounters.ambush',
      kind: 'encounter',
      name: 'Goblin ambush on the Triboar Trail',
      units: ['PersistentCharacters.pc-mira', 'Creatures.goblin-1', 'SavedEncounters.ambush/Ogre'],
    });
  });

  it("names every limit of the tier the file exceeds, and a Questkeeper file's counts too", async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const max = limitsOf('Adventurer').unitsPerCampaign;
    const preview = (await post('import/preview', user.token, monsters(max + 1))).json<Preview>();
    expect(preview.counts.units).toBe(max + 1);
    expect(preview.overLimits.map((p) => p.field)).toEqual(['units']);
    expect(preview.overLimits[0]!.message).toMatch(new RegExp(`${max + 1}.*${max}`));
  });
});

describe('import', () => {
  it('creates a campaign from an Improved Initiative library: units, counters, notes, encounter', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const response = await post('import', user.token, fixture('improved-initiative.en'));
    expect(response.statusCode, response.body).toBe(201);
    const campaign = response.json<{ _id: string; name: string }>();
    expect(campaign.name).toBe('Improved Initiative');
    const units = await unitsOf(user.token, campaign._id);
    expect(units.map((u) => [u.name, u.hp, u.isPlayer]).sort()).toEqual(
      [
        ['Goblin', 7, false],
        ['Young Red Dragon', 178, false],
        ['Ancient Titan of the Northern Wastes Who Never Sle', 9999, false],
        ['Mira Thornwood', 38, true],
        ['Ogre', 59, false],
      ].sort(),
    );
    const dragon = units.find((u) => u.name === 'Young Red Dragon')!;
    expect(dragon.characteristics).toMatchObject({ Strength: 23, Charisma: 19 });
    expect(dragon.counters).toMatchObject([
      { label: 'Legendary actions', max: 3, reset: 'turnStart' },
      { label: 'Fire Breath', max: 1, recharge: { die: 6, min: 5 } },
    ]);
    expect(dragon.notes).toContain('**Fire Breath (Recharge 5-6).**');
    const [encounter] = await encountersOf(user.token, campaign._id);
    const byId = new Map(units.map((u) => [(u as unknown as { _id: string })._id, u.name]));
    expect(encounter!.name).toBe('Goblin ambush on the Triboar Trail');
    expect(encounter!.enemies.map((e) => [byId.get(e.unitId), e.count])).toEqual([
      ['Goblin', 3],
      ['Ogre', 1],
    ]);
    expect(encounter!.allies.map((a) => byId.get(a.unitId))).toEqual(['Mira Thornwood']);
    expect(encounter!.hidden.map((id) => byId.get(id)).sort()).toEqual(['Goblin', 'Ogre']);
    expect(encounter!.groups).toBe('byName');
  });

  it('reads a French user’s file onto French characteristics and headings', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const response = await post('import', user.token, fixture('shieldmaiden.fr'));
    expect(response.statusCode, response.body).toBe(201);
    const campaign = response.json<{ _id: string; name: string }>();
    expect(campaign.name).toBe('La Malédiction de Strahd');
    const [spawn] = await unitsOf(user.token, campaign._id);
    expect(spawn!.characteristics).toMatchObject({ Force: 16, Charisme: 12 });
    expect(spawn!.notes).toContain("**Classe d'armure** 15");
    expect(spawn!.counters).toMatchObject([{ label: 'Hurlement impie', recharge: { die: 6, min: 6 } }]);
  });

  it('brings only what `only` names, and an encounter brings its units', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const response = await post('import', user.token, fixture('improved-initiative.en'), {
      only: ['SavedEncounters.ambush', 'Creatures.young-red'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { _id } = response.json<{ _id: string }>();
    expect((await unitsOf(user.token, _id)).map((u) => u.name).sort()).toEqual([
      'Goblin',
      'Mira Thornwood',
      'Ogre',
      'Young Red Dragon',
    ]);
    expect(await encountersOf(user.token, _id)).toHaveLength(1);
  });

  it('over a limit: 403 naming it, nothing written; the same file with `only` within it imports', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const max = limitsOf('Adventurer').unitsPerCampaign;
    const file = monsters(max + 5);
    const error = await refusedWhole(() => post('import', user.token, file), 403, 'IMPORT_OVER_LIMITS');
    expect(Object.keys(error.fields ?? {})).toEqual(['units']);
    const preview = (await post('import/preview', user.token, file)).json<Preview>();
    const keys = preview.sample.slice(0, max).map((s) => s.key);
    const response = await post('import', user.token, file, { only: keys });
    expect(response.statusCode, response.body).toBe(201);
    expect(await unitsOf(user.token, response.json<{ _id: string }>()._id)).toHaveLength(max);
  });
});

describe('hostile files', () => {
  it('ignores prototype keys in a foreign file and pollutes nothing', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const file =
      '{"__proto__": {"polluted": 1}, "Creatures.k": {"Name": "Kobold", "HP": {"Value": 5}, "constructor": {"prototype": {"polluted": 1}}}}';
    const response = await post('import', user.token, file);
    expect(response.statusCode, response.body).toBe(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await unitsOf(user.token, response.json<{ _id: string }>()._id)).map((u) => u.name)).toEqual([
      'Kobold',
    ]);
  });

  it.each(['import', 'import/preview'] as const)(
    '%s: a ZIP with nothing known in it is refused, in the user language',
    async (path) => {
      const user = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
      const zip = Buffer.from(
        zipSync({ 'readme.txt': strToU8('Hello'), 'data/list.json': strToU8('{"a": [1, 2]}') }),
      );
      const error = await refusedWhole(
        () => post(path, user.token, zip, { type: 'application/zip' }),
        415,
        'IMPORT_ZIP_UNSUPPORTED',
      );
      expect(error.message).toBe(
        "Ce ZIP ne contient rien que l'import lit\u00a0: un export de campagne Kanka, ou des exports d'acteurs et de journaux Foundry VTT (fichiers JSON).",
      );
    },
  );

  it.each(['import', 'import/preview'] as const)('%s: too deep, too big, malformed', async (path) => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const deep = `{"Creatures.a": ${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`;
    await refusedWhole(() => post(path, user.token, deep), 400, 'IMPORT_FILE_TOO_DEEP');
    const filler = 'x'.repeat(FOREIGN_IMPORT_MAX_BYTES);
    const big = JSON.stringify({ 'Creatures.a': { Name: 'Big', Description: filler } });
    const error = await refusedWhole(() => post(path, user.token, big), 413, 'IMPORT_FILE_TOO_LARGE');
    expect(error.message).toBe('This file is over 10 MB.');
    await refusedWhole(() => post(path, user.token, '{"Creatures.a": {"Name": '), 400, 'MALFORMED_JSON');
  });
});

// Kanka and Foundry VTT through the API (docs/product.md#import-from-other-tools, issue #35): the preview
// and the import of each format's fixtures (a Kanka ZIP, Foundry JSON alone, in an array or zipped), the
// units import merging races into a campaign's list, and hostile ZIPs: a bomb, path traversal names,
// too many entries, deep nesting, prototype keys, malformed JSON or archive — each one clear refusal
// (or the bad part left out, with a warning) and nothing written.
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { rowCounts } from '../../../test/support/user-data-fixtures';
import { insertCampaign } from '../../../test/support/unit-fixtures';
import { ZIP_ENTRIES_MAX, ZIP_EXPANDED_MAX_BYTES } from './zip-files';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../core/test-fixtures/import/${name}`, import.meta.url));
const ZIP = 'application/zip';

const post = (
  path: 'game-data/import' | 'game-data/import/preview' | 'units/import',
  token: string,
  body: string | Buffer,
  options: { type?: string; campaignId?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { ...bearer(token, options.campaignId), 'content-type': options.type ?? 'application/json' },
    payload: body,
  });

interface Preview {
  format: string;
  name: string;
  counts: Record<string, number>;
  overLimits: { field: string }[];
  warnings: { reason: string; text: string; message: string }[];
  sample: { key: string; kind: string; name: string }[];
}

async function unitsOf(token: string, campaignId: string) {
  const response = await ctx.app.inject({ url: '/api/units', headers: bearer(token, campaignId) });
  return response.json<
    {
      name: string;
      hp: number;
      isPlayer: boolean;
      race: string;
      class: string;
      status: string;
      notes: string;
      characteristics: Record<string, number>;
      counters: { label: string }[];
    }[]
  >();
}
const rulesOf = async (token: string, campaignId: string) =>
  (await ctx.app.inject({ url: `/api/game-data/${campaignId}/rules.md`, headers: bearer(token) })).body;
const campaignOf = async (token: string, campaignId: string) =>
  (await ctx.app.inject({ url: '/api/game-data', headers: bearer(token) }))
    .json<
      { _id: string; races: { name: string; note: string }[]; classes: { name: string }[]; rules: string }[]
    >()
    .find((c) => c._id === campaignId)!;

async function refusedWhole(run: () => Promise<LightMyRequestResponse>, status: number, code: string) {
  const before = await rowCounts(ctx.app);
  const response = await run();
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  expect(await rowCounts(ctx.app)).toEqual(before);
  return error;
}

const zip = (files: Zippable) => Buffer.from(zipSync(files));
const actor = (name: string) =>
  JSON.stringify({ name, type: 'npc', system: { attributes: { hp: { value: 9, max: 9 } } } });

describe('Kanka', () => {
  it('preview: format, counts, the campaign name, writing nothing', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const before = await rowCounts(ctx.app);
    const response = await post('game-data/import/preview', user.token, fixture('kanka.en.zip'), {
      type: ZIP,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<Preview>();
    expect(preview).toMatchObject({ format: 'kanka', name: 'The Shattered Crown', overLimits: [] });
    expect(preview.counts).toMatchObject({ units: 2, encounters: 0, races: 4 });
    expect(preview.counts.rulesChars).toBeGreaterThan(300);
    expect(preview.sample.map((s) => s.key)).toEqual(['character:301', 'character:302']);
    expect(preview.warnings.map((w) => w.message)).toEqual(['locations/ (1): not read, left out']);
    expect(await rowCounts(ctx.app)).toEqual(before);
  });

  it('import (fr): a campaign with its characters, races, rules sections, secrets and links', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const response = await post('game-data/import', user.token, fixture('kanka.fr.zip'), { type: ZIP });
    expect(response.statusCode, response.body).toBe(201);
    const { _id, name } = response.json<{ _id: string; name: string }>();
    expect(name).toBe('La Couronne brisée');
    const units = await unitsOf(user.token, _id);
    expect(units.map((u) => [u.name, u.hp, u.isPlayer, u.race, u.status])).toEqual([
      ['Aria Boisépine', 38, true, 'Elfe', 'Normal'],
      ['Seigneur Malgrave Varn', 120, false, 'Humain', 'Mort'],
    ]);
    const aria = units[0]!;
    expect(aria.characteristics).toMatchObject({ Force: 12, Dextérité: 18 });
    expect(aria.notes).toContain('[[Seigneur Malgrave Varn]]');
    expect(aria.notes).toContain(':::secret\n\n## Passé secret');
    const campaign = await campaignOf(user.token, _id);
    expect(campaign.races.find((r) => r.name === 'Nain')?.note).toBe('');
    const rules = await rulesOf(user.token, _id);
    expect(rules).toContain('## Calendrier du royaume');
    expect(rules).toContain(':::secret\n\n## Où est vraiment la Couronne');
    expect(rules).not.toMatch(/javascript|<script|iframe/i);
  });

  it("units import: the characters join a campaign, its race list takes the file's new races", async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const campaignId = await insertCampaign(ctx.app, user._id, {
      races: [{ _id: crypto.randomUUID(), name: 'Human', note: '' }],
      rules: 'Our rules.',
    });
    const response = await post('units/import', user.token, fixture('kanka.en.zip'), {
      type: ZIP,
      campaignId,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ units: 2, encounters: 0 });
    const campaign = await campaignOf(user.token, campaignId);
    expect(campaign.races.map((r) => r.name)).toEqual(['Human', 'Elf', 'Dwarf']);
    expect(campaign.races[1]!.note).toBe('Long-lived folk of the Greywood. See [[Aria Thornwood|Aria]].');
    // Rules sections are a new campaign's: the campaign's rules stay.
    expect(campaign.rules).toBe('Our rules.');
    expect((await unitsOf(user.token, campaignId)).map((u) => [u.name, u.race])).toEqual([
      ['Aria Thornwood', 'Elf'],
      ['Lord Malgrave Varn', 'Human'],
    ]);
  });
});

describe('Foundry VTT', () => {
  it('an actor file: preview and import, counters and notes', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const preview = (
      await post('game-data/import/preview', user.token, fixture('foundry-actor.en.json'))
    ).json<Preview>();
    expect(preview).toMatchObject({ format: 'foundry', name: 'Foundry VTT' });
    expect(preview.counts).toMatchObject({ units: 1, characteristics: 6 });
    const response = await post('game-data/import', user.token, fixture('foundry-actor.en.json'));
    expect(response.statusCode, response.body).toBe(201);
    const [dragon] = await unitsOf(user.token, response.json<{ _id: string }>()._id);
    expect(dragon).toMatchObject({ name: 'Young Green Dragon', hp: 136, characteristics: { Strength: 19 } });
    expect(dragon!.counters.map((c) => c.label)).toEqual([
      'Legendary actions',
      'Legendary Resistance',
      'Poison Breath',
    ]);
    expect(dragon!.notes).toContain(':::secret\n\nIt serves the hag');
  });

  it('an array of actors and a journal (fr): races and classes added, the journal as rules', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const preview = (
      await post('game-data/import/preview', user.token, fixture('foundry-many.fr.json'))
    ).json<Preview>();
    expect(preview.counts).toMatchObject({ units: 2, races: 4, classes: 6 });
    const response = await post('game-data/import', user.token, fixture('foundry-many.fr.json'));
    expect(response.statusCode, response.body).toBe(201);
    const { _id } = response.json<{ _id: string }>();
    const units = await unitsOf(user.token, _id);
    expect(units.map((u) => [u.name, u.isPlayer, u.race, u.class])).toEqual([
      ['Élise Morvan', true, 'Elfe', 'Magicienne'],
      ['Corvin le Gris', false, 'Humain', 'Guerrier'],
    ]);
    expect(await rulesOf(user.token, _id)).toContain(":::secret\n\nLa taverne du Pendu n'est jamais sûre");
  });

  it('a ZIP of Foundry exports reads every JSON file in it', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const body = zip({
      'actors/dragon.json': fixture('foundry-actor.en.json'),
      'journals/greenwood.json': fixture('foundry-journal.en.json'),
      'images/map.webp': new Uint8Array([1, 2, 3]),
    });
    const preview = (await post('game-data/import/preview', user.token, body, { type: ZIP })).json<Preview>();
    expect(preview).toMatchObject({ format: 'foundry', counts: { units: 1 } });
    expect(preview.counts.rulesChars).toBeGreaterThan(100);
  });
});

describe('a zipped export of another tool', () => {
  it('one Improved Initiative library in a ZIP is read as the file alone', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const body = zip({ 'export/ii-library.json': fixture('improved-initiative.en.json') });
    const preview = (await post('game-data/import/preview', user.token, body, { type: ZIP })).json<Preview>();
    expect(preview).toMatchObject({ format: 'improvedInitiative', counts: { units: 5, encounters: 1 } });
  });
});

describe('hostile ZIPs', () => {
  it.each(['game-data/import', 'game-data/import/preview'] as const)(
    '%s: a ZIP bomb is refused once it expands past the cap',
    async (path) => {
      const user = await registerUser(ctx.app, { tier: 'Hero' });
      const bomb = zip({ 'actors/bomb.json': new Uint8Array(ZIP_EXPANDED_MAX_BYTES + 1024 * 1024) });
      expect(bomb.length).toBeLessThan(200 * 1024);
      const error = await refusedWhole(
        () => post(path, user.token, bomb, { type: ZIP }),
        413,
        'IMPORT_ZIP_TOO_LARGE',
      );
      expect(error.message).toBe('This ZIP expands to more than 50 MB: import it in parts.');
    },
  );

  it('names that climb out of the folder are left out, with a warning; the rest imports', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const body = zip({
      '../evil.json': strToU8(actor('Climber')),
      '/etc/abs.json': strToU8(actor('Absolute')),
      'a\\b.json': strToU8(actor('Backslash')),
      'ok/good.json': strToU8(actor('Good')),
    });
    const preview = (await post('game-data/import/preview', user.token, body, { type: ZIP })).json<Preview>();
    expect(preview.sample.map((s) => s.name)).toEqual(['Good']);
    expect(
      preview.warnings
        .filter((w) => w.reason === 'ignored')
        .map((w) => w.text)
        .sort(),
    ).toEqual(['../evil.json', '/etc/abs.json', 'a\\b.json'].sort());
    // Only unsafe names: nothing known is left.
    await refusedWhole(
      () =>
        post('game-data/import', user.token, zip({ '../evil.json': strToU8(actor('Climber')) }), {
          type: ZIP,
        }),
      415,
      'IMPORT_ZIP_UNSUPPORTED',
    );
  });

  it('more entries than the limit, deep nesting, malformed JSON or archive: one refusal each', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const many: Zippable = {};
    for (let i = 0; i <= ZIP_ENTRIES_MAX; i += 1) many[`f${i}.txt`] = new Uint8Array(0);
    const tooMany = await refusedWhole(
      () => post('game-data/import/preview', user.token, zip(many), { type: ZIP }),
      413,
      'IMPORT_ZIP_TOO_MANY_FILES',
    );
    expect(tooMany.message).toBe(
      'Ce ZIP contient plus de 2\u202f000\u00a0fichiers\u00a0: importez-le en plusieurs fois.',
    );
    const deep = `{"name":"x","type":"npc","system":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`;
    await refusedWhole(
      () => post('game-data/import', user.token, zip({ 'a.json': strToU8(deep) }), { type: ZIP }),
      400,
      'IMPORT_FILE_TOO_DEEP',
    );
    const bad = await refusedWhole(
      () =>
        post(
          'game-data/import',
          user.token,
          zip({ 'a.json': strToU8(actor('A')), 'b/broken.json': strToU8('{"name": ') }),
          { type: ZIP },
        ),
      400,
      'IMPORT_ZIP_BAD_JSON',
    );
    expect(bad.message).toBe("«\u00a0b/broken.json\u00a0» dans ce ZIP n'est pas du JSON valide.");
    const campaignId = await insertCampaign(ctx.app, user._id);
    // Cut short, as a failed download: its end record (the last 22 bytes and more) is missing.
    const whole = zip({ 'a.json': strToU8(actor('Cut short')) });
    const truncated = whole.subarray(0, whole.length - 40);
    await refusedWhole(
      () =>
        post('units/import', user.token, truncated, {
          type: ZIP,
          campaignId,
        }),
      400,
      'IMPORT_ZIP_MALFORMED',
    );
  });

  it('prototype keys in a ZIP are never read; a page nested 100,000 deep is read as text', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const polluted =
      '{"__proto__": {"polluted": 1}, "name": "Kobold", "type": "npc", "system": {"constructor": {"prototype": {"polluted": 1}}, "attributes": {"hp": {"max": 5}}}}';
    const journal = JSON.stringify({
      name: 'Deep',
      pages: [
        {
          name: 'Deep',
          type: 'text',
          text: { content: `${'<div>'.repeat(100_000)}bottom${'</div>'.repeat(100_000)}` },
        },
      ],
    });
    const response = await post(
      'game-data/import',
      user.token,
      zip({ 'kobold.json': strToU8(polluted), 'deep.json': strToU8(journal) }),
      { type: ZIP },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const { _id } = response.json<{ _id: string }>();
    expect((await unitsOf(user.token, _id)).map((u) => u.name)).toEqual(['Kobold']);
    expect(await rulesOf(user.token, _id)).toContain('## Deep\n\nbottom');
  });
});

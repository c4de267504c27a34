// POST /api/game-data/import: a new campaign from a file, whole or not at all — bad files and files
// over the user's tier leave every table as it was (docs/decisions/024).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMBAT_LOG_MAX_ENTRIES } from '@questkeeper/core/limits';
import { GAME_DATA_FORMAT } from '@questkeeper/core/constants';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';
import { IMPORT_BODY_LIMIT_BYTES } from './routes';
import { campaignFile, rowCounts, userDataClient } from '../../../test/support/user-data-fixtures';
import { fileWithLog, logEntry } from '../../../test/support/import-files';
import { RATE_LIMIT_RULES } from '../../plugins/rate-limit';

let ctx: TestContext;
let client: ReturnType<typeof userDataClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  client = userDataClient(ctx.app);
});
afterAll(async () => ctx?.close());

/** Calls `run` and checks it answered `status` with `code` and changed no row of any table. */
async function refusedWhole(run: () => Promise<LightMyRequestResponse>, status: number, code: string) {
  const before = await rowCounts(ctx.app);
  const response = await run();
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  expect(await rowCounts(ctx.app)).toEqual(before);
  return error;
}

describe('campaign import', () => {
  it('creates a new campaign named as in the file and answers it like a create', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const response = await client.import(user.token, campaignFile({ units: 2 }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ _id: string; name: string; races: { _id: string; name: string }[] }>();
    expect(created).toMatchObject({ name: 'Imported', userId: user._id, initiativeRule: 'random_d20' });
    expect(created.races[0]?._id).toMatch(/.+/);
    const units = await ctx.app.inject({
      url: '/api/units',
      headers: { authorization: `Bearer ${user.token}`, 'x-campaign-id': created._id },
    });
    expect(units.json<{ name: string; characteristics: object }[]>().map((u) => u.name)).toEqual([
      'U0',
      'U1',
    ]);
    expect(units.json<{ characteristics: object }[]>()[0]?.characteristics).toEqual({ Strength: 50 });
    // Importing the same file again makes a second campaign: nothing is ever overwritten.
    expect((await client.import(user.token, campaignFile())).statusCode).toBe(201);
    expect(await campaignClient(ctx.app).campaigns(user.token)).toHaveLength(2);
  });

  // A second campaign of the very same name was a trap on the dashboard.
  it('numbers the name of an import whose name is taken: (2), (3)…, in parallel too', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const first = await client.import(user.token, campaignFile());
    expect(first.json<{ name: string }>().name).toBe('Imported');
    const second = await client.import(user.token, campaignFile());
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ name: string }>().name).toBe('Imported (2)');
    const more = await Promise.all([1, 2].map(() => client.import(user.token, campaignFile())));
    expect(more.map((answer) => answer.json<{ name: string }>().name).sort()).toEqual([
      'Imported (3)',
      'Imported (4)',
    ]);
    const names = (await campaignClient(ctx.app).campaigns(user.token)).map((c) => c.name);
    expect(names.slice(0, 2)).toEqual(['Imported', 'Imported (2)']);
    expect(new Set(names).size).toBe(4);
    // Another user's names do not count.
    const other = await registerUser(ctx.app, { tier: 'Hero' });
    expect((await client.import(other.token, campaignFile())).json<{ name: string }>().name).toBe('Imported');
  });

  it('refuses everything over the tier at once, naming each limit with its numbers', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const file = campaignFile({
      units: 51,
      campaign: {
        rules: 'x'.repeat(200_001),
        races: Array.from({ length: 21 }, (_, i) => ({
          name: `Race ${i}`,
          note: i === 3 ? 'n'.repeat(20_001) : '',
        })),
      },
    });
    const error = await refusedWhole(() => client.import(user.token, file), 403, 'IMPORT_OVER_LIMITS');
    expect(error.message).toBe(
      'This campaign does not fit your Adventurer plan: units: 51 of 50, races: 21 of 20, ' +
        'rules: 200,001 of 200,000 characters, note of the race “Race 3”: 20,001 of 20,000 characters.',
    );
    expect(error.fields).toEqual({
      units: 'units: 51 of 50',
      'campaign.races': 'races: 21 of 20',
      'campaign.rules': 'rules: 200,001 of 200,000 characters',
      'campaign.races.3.note': 'note of the race “Race 3”: 20,001 of 20,000 characters',
    });
  });

  it('says it in the user’s language', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    await campaignClient(ctx.app).created(user.token);
    const file = campaignFile({ units: 11, campaign: { rules: 'é'.repeat(50_001) } });
    const error = await refusedWhole(() => client.import(user.token, file), 403, 'IMPORT_OVER_LIMITS');
    const nnbsp = '\u202f';
    expect(error.message).toContain('unités : 11 sur 10');
    expect(error.message).toContain(`règles : 50${nnbsp}001 caractères sur 50${nnbsp}000`);
    // A Novice cannot edit lists, so custom ones are refused too; the one campaign allowed is taken.
    expect(error.fields?.['campaign.races']).toContain('seulement la liste par défaut');
    expect(error.fields?.campaigns).toBe('campagnes : 2 sur 1');
  });

  it('lets a Novice import a default campaign exported from another account', async () => {
    const owner = await registerUser(ctx.app, { language: 'fr' });
    const created = await campaignClient(ctx.app).created(owner.token, { name: 'Défaut' });
    const file = (await client.export(owner.token, created._id)).body;
    const novice = await registerUser(ctx.app);
    expect((await client.import(novice.token, file)).statusCode).toBe(201);
  });

  it('refuses 600,001 characters of rules for a Hero and 51 units for an Adventurer', async () => {
    const hero = await registerUser(ctx.app, { tier: 'Hero' });
    const rules = await refusedWhole(
      () => client.import(hero.token, campaignFile({ campaign: { rules: 'r'.repeat(600_001) } })),
      403,
      'IMPORT_OVER_LIMITS',
    );
    expect(rules.fields).toEqual({ 'campaign.rules': 'rules: 600,001 of 600,000 characters' });
    const adventurer = await registerUser(ctx.app, { tier: 'Adventurer' });
    const units = await refusedWhole(
      () => client.import(adventurer.token, campaignFile({ units: 51 })),
      403,
      'IMPORT_OVER_LIMITS',
    );
    expect(units.fields).toEqual({ units: 'units: 51 of 50' });
  });

  it('refuses a unit whose race is not in the file, and a fight naming a unit the file lacks', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const file = campaignFile({ units: 2 });
    file.units[1]!.race = 'Goblin';
    const race = await refusedWhole(() => client.import(user.token, file), 400, 'VALIDATION_FAILED');
    expect(race.fields).toEqual({ 'units.1.race': "Choose a race from the campaign's list." });

    const fight = {
      ...campaignFile({ units: 1 }),
      fight: {
        phase: 'setup',
        allies: ['u0'],
        enemies: ['ghost'],
        order: [],
        turnIndex: 0,
        round: 1,
        amount: 0,
        targetId: null,
        conditions: {},
        log: [],
      },
    };
    const ghost = await refusedWhole(() => client.import(user.token, fight), 400, 'VALIDATION_FAILED');
    expect(Object.keys(ghost.fields ?? {})).toEqual(['fight.enemies.0']);
  });

  it('refuses bad files with a clear 4xx and writes nothing', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    await refusedWhole(() => client.import(user.token, '{"format": '), 400, 'MALFORMED_JSON');
    const shape = await refusedWhole(
      () => client.import(user.token, { hello: 'world' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(Object.keys(shape.fields ?? {})).toEqual(
      expect.arrayContaining(['format', 'formatVersion', 'campaign']),
    );
    await refusedWhole(() => client.import(user.token, [campaignFile()]), 400, 'VALIDATION_FAILED');

    const proto = `{"__proto__": {"admin": true}, ${JSON.stringify(campaignFile()).slice(1)}`;
    const protoError = await refusedWhole(() => client.import(user.token, proto), 400, 'FORBIDDEN_JSON_KEY');
    expect(protoError.message).toContain('__proto__');
    const deep = JSON.stringify(campaignFile({ units: 1 })).replace(
      '"characteristics":{}',
      '"characteristics":{"__proto__":{"x":1}}',
    );
    await refusedWhole(() => client.import(user.token, deep), 400, 'FORBIDDEN_JSON_KEY');
    const ctor = JSON.stringify({ ...campaignFile(), extra: { constructor: { prototype: { x: 1 } } } });
    await refusedWhole(() => client.import(user.token, ctor), 400, 'FORBIDDEN_JSON_KEY');

    const newer = await refusedWhole(
      () => client.import(user.token, { ...campaignFile(), formatVersion: 2 }),
      400,
      'IMPORT_FORMAT_TOO_NEW',
    );
    expect(newer.message).toBe(
      'This file comes from a newer version of Questkeeper (format 2); this server reads format 1 and older.',
    );
    const unknown = await refusedWhole(
      () => client.import(user.token, { ...campaignFile(), formatVersion: 0 }),
      400,
      'IMPORT_FORMAT_UNKNOWN',
    );
    expect(unknown.message).toContain('(0)');
    await refusedWhole(
      () => client.import(user.token, { ...campaignFile(), format: 'other.app' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('takes a file up to 32 MiB and answers 413 one byte above', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const json = JSON.stringify(campaignFile());
    // Trailing whitespace is still JSON: the same file, padded to the exact sizes.
    const padded = (size: number) => json + ' '.repeat(size - Buffer.byteLength(json));
    await refusedWhole(
      () => client.import(user.token, padded(IMPORT_BODY_LIMIT_BYTES + 1)),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const fits = await client.import(user.token, padded(IMPORT_BODY_LIMIT_BYTES));
    expect(fits.statusCode, fits.body.slice(0, 200)).toBe(201);
  });

  it('fits a full Hero campaign in any script within the body limit', () => {
    // 3 bytes per character in UTF-8 (e.g. CJK), every text at its Hero limit.
    const text = (n: number) => '竜'.repeat(n);
    const list = (n: number, note: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `${text(49)}${i}`, note: text(note) }));
    const file = campaignFile({
      units: 200,
      unitNotes: text(20_000),
      campaign: {
        rules: text(600_000),
        races: list(100, 20_000),
        classes: list(100, 20_000).map((item) => ({ ...item, color: '#123456' })),
        statuses: list(100, 2_000),
        characteristics: Array.from({ length: 50 }, (_, i) => ({
          name: `${text(49)}${i}`,
          max: 100 as const,
        })),
      },
    });
    expect(Buffer.byteLength(JSON.stringify(file, null, 2))).toBeLessThan(IMPORT_BODY_LIMIT_BYTES);
  });

  it('never passes the campaign limit, even with imports in parallel', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    await campaignClient(ctx.app).created(user.token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.import(user.token, campaignFile())),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await campaignClient(ctx.app).campaigns(user.token)).toHaveLength(2);
    const refused = answers.find((a) => a.statusCode === 403);
    expect(refused && errorOf(refused).fields).toEqual({ campaigns: 'campaigns: 3 of 2' });
  });

  it('is documented with the file format', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    expect(doc.paths['/api/game-data/import']?.post?.description).toContain('formatVersion');
    expect(JSON.stringify(doc.paths['/api/game-data/{id}/export'])).toContain(GAME_DATA_FORMAT);
  });
});

describe('campaign import, safe by default', () => {
  it('answers a date PostgreSQL cannot store with a 400 on its field, never a 500', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    // Year 0 is a valid JavaScript date; PostgreSQL has no year 0.
    const file = fileWithLog([logEntry(0), logEntry(1, '0000-12-31T00:00:00.000Z')]);
    const error = await refusedWhole(() => client.import(user.token, file), 400, 'VALIDATION_FAILED');
    expect(error.fields).toEqual({ 'fight.log.1.at': 'Must be a date between the years 1 and 9999.' });
    const french = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const late = fileWithLog([logEntry(0, '9999-12-31T23:30:00-01:00')]);
    const fr = await refusedWhole(
      () => client.import(french.token, late, { 'accept-language': 'fr' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(fr.fields).toEqual({
      'fight.log.0.at': "Doit être une date entre l'an\u00a01 et l'an\u00a09999.",
    });
    // The same file with a good date goes in, log and all.
    expect((await client.import(user.token, fileWithLog([logEntry(0), logEntry(1)]))).statusCode).toBe(201);
  });

  it('names the first 100 problems of a file and says there are more', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const file = campaignFile({ units: 150 });
    for (const unit of file.units) Object.assign(unit, { hp: -1 });
    const error = await refusedWhole(() => client.import(user.token, file), 400, 'IMPORT_TOO_MANY_PROBLEMS');
    expect(error.message).toBe('This file has more than 100 problems; here are the first 100.');
    expect(Object.keys(error.fields ?? {})).toHaveLength(100);
    expect(error.fields?.['units.99.hp']).toBe('Must be at least 0.');
    const french = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const fr = await refusedWhole(
      () => client.import(french.token, file, { 'accept-language': 'fr' }),
      400,
      'IMPORT_TOO_MANY_PROBLEMS',
    );
    expect(fr.message).toBe('Ce fichier a plus de 100\u00a0problèmes\u00a0; voici les 100\u00a0premiers.');
    // Exactly 100 is not "more".
    const hundred = campaignFile({ units: 100 });
    for (const unit of hundred.units) Object.assign(unit, { hp: -1 });
    const all = await refusedWhole(() => client.import(user.token, hundred), 400, 'VALIDATION_FAILED');
    expect(Object.keys(all.fields ?? {})).toHaveLength(100);
  });

  it("bounds the problems found against the file's own lists the same way", async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const file = campaignFile({ units: 150 });
    for (const unit of file.units) unit.race = 'Goblin';
    const error = await refusedWhole(() => client.import(user.token, file), 400, 'IMPORT_TOO_MANY_PROBLEMS');
    expect(Object.keys(error.fields ?? {})).toHaveLength(100);
    expect(error.fields?.['units.0.race']).toBe("Choose a race from the campaign's list.");
  });

  it('refuses a fight log over the documented cap with a clear field error', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const log = new Array(COMBAT_LOG_MAX_ENTRIES + 1).fill(0);
    const error = await refusedWhole(
      () => client.import(user.token, fileWithLog(log)),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.fields).toEqual({ 'fight.log': `Must have at most ${COMBAT_LOG_MAX_ENTRIES} items.` });
  });
});

describe('campaign import and account download rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => limited?.close());

  it('answers the import after the per-account limit with 429, before reading the body', async () => {
    const api = userDataClient(limited.app);
    const user = await registerUser(limited.app, { tier: 'Hero', language: 'fr' });
    const { perEmail } = RATE_LIMIT_RULES.importCampaign;
    for (let i = 0; i < perEmail; i += 1) {
      // Refused files count too: each one was read.
      expect((await api.import(user.token, { hello: i })).statusCode).toBe(400);
    }
    // Malformed JSON, yet 429: the limit is counted before the body is read.
    const over = await api.import(user.token, '{"format": ');
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
    expect(errorOf(over).message).toMatch(/^Trop de tentatives\. Veuillez patienter \d+ secondes/);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    // Another account from the same address still imports.
    const other = await registerUser(limited.app, { tier: 'Hero' });
    expect((await api.import(other.token, campaignFile())).statusCode).toBe(201);
  });

  it('answers the campaign backup (export.zip) after its per-account limit with 429, in French too', async () => {
    const user = await registerUser(limited.app, { language: 'fr' });
    const campaign = await campaignClient(limited.app).created(user.token);
    const backup = (token: string, id: string) =>
      limited.app.inject({ url: `/api/game-data/${id}/export.zip`, headers: bearer(token) });
    const { perEmail } = RATE_LIMIT_RULES.exportArchive;
    for (let i = 0; i < perEmail; i += 1) {
      const response = await backup(user.token, campaign._id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
    }
    const over = await backup(user.token, campaign._id);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
    expect(errorOf(over).message).toMatch(/^Trop de tentatives\./);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    // Another account from the same address still downloads its backup.
    const other = await registerUser(limited.app);
    const its = await campaignClient(limited.app).created(other.token);
    expect((await backup(other.token, its._id)).statusCode).toBe(200);
  });

  it('answers the account download after its per-account limit with 429', async () => {
    const api = userDataClient(limited.app);
    const user = await registerUser(limited.app);
    const { perEmail } = RATE_LIMIT_RULES.exportAccount;
    for (let i = 0; i < perEmail; i += 1) expect((await api.exportAccount(user.token)).statusCode).toBe(200);
    const over = await api.exportAccount(user.token);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
  });
});

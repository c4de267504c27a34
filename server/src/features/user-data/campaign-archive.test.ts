// docs/decisions/077, the campaign archive: a campaign exported as a ZIP (its JSON, its images, its
// reveals) comes back as a new campaign with every portrait and handout picture byte for byte and its
// reveals pointing at the new units and images; a fake or damaged image, too many images or an image
// over the upload's size refuse the whole import with nothing written; the new images are the importer's
// alone; a reveal naming what the archive lacks is left out with a warning.
import { EventEmitter } from 'node:events';
import sharp from 'sharp';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDataExport } from '@questkeeper/core/schemas/game-data-export';
import type { RevealList } from '@questkeeper/core/schemas/reveals';
import type { Unit } from '@questkeeper/core/schemas/units';
import { campaigns, images, reveals, units } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  setTier,
  type TestContext,
} from '../../../test/support/harness';
import { secretFight, shareLink, type Fight } from '../../../test/support/player-view-fixtures';
import { ok, revealClient } from '../../../test/support/reveal-fixtures';
import { rowCounts } from '../../../test/support/user-data-fixtures';
import { createImportBudget } from './import-budget';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const png = (width: number, height: number, seed: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * seed) % 251)), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();

/** A Hero's campaign with two portraits (one shared by a copy), a handout picture and three reveals. */
async function richCampaign(): Promise<{ fight: Fight; portraitBytes: Buffer; handoutBytes: Buffer }> {
  const fight = await secretFight(ctx);
  await setTier(ctx.app, fight.table.userId, 'Hero');
  await ctx.app.database.db
    .update(campaigns)
    .set({ rules: '# Lore\nThe old road.' })
    .where(eq(campaigns.id, fight.table.campaignId));
  const [first, second] = fight.table.ids;
  for (const [index, unitId] of [first!, second!].entries()) {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${unitId}/portrait`,
      headers: { ...fight.headers, 'content-type': 'image/png' },
      payload: await png(64 + index, 48, 37 + index),
    });
    expect(put.statusCode).toBe(200);
  }
  const handout = ok<{ _id: string }>(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/game-data/${fight.table.campaignId}/images`,
      headers: { ...fight.headers, 'content-type': 'image/png' },
      payload: await png(300, 200, 11),
    }),
  );
  await shareLink(ctx, fight);
  const api = revealClient(ctx, fight);
  ok(await api.reveal({ kind: 'rules-section', ref: 'lore' }));
  ok(await api.reveal({ kind: 'unit', ref: first! }));
  ok(await api.reveal({ kind: 'handout', title: 'A map', text: 'Here.', imageId: handout._id }));
  const stored = async (id: string) =>
    (await ctx.app.database.db.select({ bytes: images.bytes }).from(images).where(eq(images.id, id)))[0]!
      .bytes;
  const [unit] = await ctx.app.database.db
    .select({ image: units.portraitImageId })
    .from(units)
    .where(eq(units.id, first!));
  return { fight, portraitBytes: await stored(unit!.image!), handoutBytes: await stored(handout._id) };
}

const exportZip = async (fight: Fight) => {
  const response = await ctx.app.inject({
    url: `/api/game-data/${fight.table.campaignId}/export.zip`,
    headers: fight.headers,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/\.zip"/);
  return new Uint8Array(response.rawPayload);
};

const importZip = (token: string, body: Uint8Array, language?: 'fr', query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/game-data/import${query}`,
    headers: {
      ...bearer(token),
      'content-type': 'application/zip',
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: Buffer.from(body),
  });

/** The archive with its campaign.json changed and some files replaced or added. */
function rezip(
  archive: Uint8Array,
  edit: (file: GameDataExport) => void,
  files: Record<string, Uint8Array> = {},
): Uint8Array {
  const entries = unzipSync(archive);
  const file = JSON.parse(strFromU8(entries['campaign.json']!)) as GameDataExport;
  edit(file);
  return zipSync({ ...entries, 'campaign.json': strToU8(JSON.stringify(file)), ...files }, { level: 0 });
}

describe('campaign archive', () => {
  it('brings portraits, the handout picture and reveals back byte for byte, remapped', async () => {
    const { fight, portraitBytes, handoutBytes } = await richCampaign();
    const archive = await exportZip(fight);
    const entries = unzipSync(archive);
    const file = JSON.parse(strFromU8(entries['campaign.json']!)) as GameDataExport;
    // Two portraits, the unit reveal's copy and the handout picture.
    expect(file.images).toHaveLength(4);
    expect(file.reveals?.map((reveal) => reveal.kind)).toEqual(['handout', 'unit', 'rules-section']);
    expect(Object.keys(entries).filter((name) => name.startsWith('images/'))).toHaveLength(4);

    // The plain JSON export is as it was: no images, no reveals, no portrait references.
    const json = await ctx.app.inject({
      url: `/api/game-data/${fight.table.campaignId}/export`,
      headers: fight.headers,
    });
    const plain = json.json<GameDataExport & Record<string, unknown>>();
    expect(plain).not.toHaveProperty('images');
    expect(plain).not.toHaveProperty('reveals');
    expect(plain.units.some((unit) => 'portraitImage' in unit)).toBe(false);

    const importer = await registerUser(ctx.app, { tier: 'Hero' });
    const response = await importZip(importer.token, archive);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ _id: string; warnings?: unknown }>();
    expect(created.warnings).toBeUndefined();

    const headers = bearer(importer.token, created._id);
    const newUnits = (await ctx.app.inject({ url: '/api/units', headers })).json<Unit[]>();
    const withPortrait = newUnits.filter((unit) => unit.portrait !== null);
    expect(withPortrait).toHaveLength(2);
    const portrait = await ctx.app.inject({ url: `/api/units/${withPortrait[0]!._id}/portrait`, headers });
    expect(portrait.statusCode).toBe(200);
    expect(Buffer.compare(portrait.rawPayload, portraitBytes)).toBe(0);

    const list = ok<RevealList>(
      await ctx.app.inject({ url: `/api/game-data/${created._id}/reveals`, headers }),
      200,
    );
    expect(list.reveals.map((reveal) => reveal.kind)).toEqual(['handout', 'unit', 'rules-section']);
    const [handout, unitReveal, section] = list.reveals;
    expect(section).toMatchObject({ ref: 'lore', title: 'Lore', text: 'The old road.' });
    // The unit's reveal names the new unit, its snapshot image a new row of the new campaign.
    expect(newUnits.map((unit) => unit._id)).toContain(unitReveal!.ref);
    expect(fight.table.ids).not.toContain(unitReveal!.ref);
    const picture = await ctx.app.inject({
      url: `/api/game-data/${created._id}/images/${handout!.imageId}`,
      headers,
    });
    expect(picture.statusCode).toBe(200);
    expect(Buffer.compare(picture.rawPayload, handoutBytes)).toBe(0);
    const copy = await ctx.app.inject({
      url: `/api/game-data/${created._id}/images/${unitReveal!.imageId}`,
      headers,
    });
    expect(copy.statusCode).toBe(200);

    // Stored as the importer's, in the new campaign only.
    const rows = await ctx.app.database.db
      .select({ userId: images.userId })
      .from(images)
      .where(eq(images.campaignId, created._id));
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set([importer._id]));

    // Nobody else reads them: the exporter, a stranger, nobody signed in.
    const stranger = await registerUser(ctx.app);
    for (const token of [fight.table.token, stranger.token]) {
      const asOther = bearer(token, created._id);
      expect(
        (
          await ctx.app.inject({
            url: `/api/game-data/${created._id}/images/${handout!.imageId}`,
            headers: asOther,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await ctx.app.inject({ url: `/api/units/${withPortrait[0]!._id}/portrait`, headers: asOther }))
          .statusCode,
      ).toBe(404);
      expect(
        (await ctx.app.inject({ url: `/api/game-data/${created._id}/export.zip`, headers: asOther }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await ctx.app.inject({ url: `/api/game-data/${created._id}/images/${handout!.imageId}` })).statusCode,
    ).toBe(401);
  });

  it('refuses a fake or damaged image, localized and naming the file, writing nothing', async () => {
    const { fight } = await richCampaign();
    const archive = await exportZip(fight);
    const file = JSON.parse(strFromU8(unzipSync(archive)['campaign.json']!)) as GameDataExport;
    const victim = file.images![0]!.id;
    const importer = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const before = await rowCounts(ctx.app);
    for (const bytes of [
      strToU8('RIFF0000WEBPVP8 this is not an image'),
      unzipSync(archive)[`images/${victim}.webp`]!.slice(0, 40),
    ]) {
      const response = await importZip(
        importer.token,
        rezip(archive, () => {}, { [`images/${victim}.webp`]: bytes }),
        'fr',
      );
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('IMAGE_INVALID');
      expect(error.message).toMatch(/n'est pas une image PNG, JPEG ou WebP/);
      expect(error.fields).toHaveProperty(`images/${victim}.webp`);
    }
    expect(await rowCounts(ctx.app)).toEqual(before);
    expect(
      await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.userId, importer._id)),
    ).toEqual([]);
  });

  it('refuses more images than a campaign holds, or one over the upload size, writing nothing', async () => {
    const { fight } = await richCampaign();
    const archive = await exportZip(fight);
    const importer = await registerUser(ctx.app, { tier: 'Hero' });
    const novice = await registerUser(ctx.app);
    const before = await rowCounts(ctx.app);
    const many = rezip(archive, (file) => {
      const first = file.images![0]!;
      for (let i = file.images!.length; i <= 300; i += 1)
        file.images!.push({ id: `extra${i}`, kind: first.kind });
    });
    const tooMany = await importZip(importer.token, many);
    expect(tooMany.statusCode).toBe(403);
    expect(errorOf(tooMany)).toMatchObject({ code: 'IMPORT_OVER_LIMITS' });
    expect(errorOf(tooMany).fields).toHaveProperty('images');
    expect(errorOf(tooMany).message).toMatch(/images: 301 of 300/);

    const victim = (JSON.parse(strFromU8(unzipSync(archive)['campaign.json']!)) as GameDataExport).images![0]!
      .id;
    const huge = rezip(archive, () => {}, { [`images/${victim}.webp`]: new Uint8Array(5 * 1024 * 1024 + 1) });
    const tooLarge = await importZip(importer.token, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge)).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect(errorOf(tooLarge).fields).toHaveProperty(`images/${victim}.webp`);

    // A Novice's reveals stop at 20.
    const reveals21 = rezip(archive, (file) => {
      file.campaign.races = [];
      for (let i = 0; i < 21; i += 1)
        file.reveals!.push({
          kind: 'handout',
          ref: null,
          title: `H${i}`,
          text: 'x',
          image: null,
          revealedAt: new Date().toISOString(),
        });
    });
    const overReveals = await importZip(novice.token, reveals21);
    expect(overReveals.statusCode).toBe(403);
    expect(errorOf(overReveals).fields).toHaveProperty('reveals');
    expect(await rowCounts(ctx.app)).toEqual(before);
  });

  it('leaves out a reveal or a portrait naming what the archive lacks, with a warning', async () => {
    const { fight } = await richCampaign();
    const archive = await exportZip(fight);
    const entries = unzipSync(archive);
    const file = JSON.parse(strFromU8(entries['campaign.json']!)) as GameDataExport;
    const handout = file.reveals!.find((reveal) => reveal.kind === 'handout')!;
    const portrait = file.units.find((unit) => unit.portraitImage !== undefined)!;
    // The handout's picture and one portrait's file gone; the revealed unit gone.
    delete entries[`images/${handout.image}.webp`];
    delete entries[`images/${portrait.portraitImage}.webp`];
    const unitReveal = file.reveals!.find((reveal) => reveal.kind === 'unit')!;
    const edited = rezip(zipSync(entries), (f) => {
      f.units = f.units.filter((unit) => unit.id !== unitReveal.ref);
      f.fight = undefined;
      f.encounters = [];
    });
    const importer = await registerUser(ctx.app, { tier: 'Hero' });
    const response = await importZip(importer.token, edited);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{
      _id: string;
      warnings: { reason: string; text: string; message: string }[];
    }>();
    expect(created.warnings.map((warning) => warning.reason).sort()).toEqual(
      portrait.id === unitReveal.ref
        ? ['revealDropped', 'revealDropped']
        : ['portraitMissing', 'revealDropped', 'revealDropped'],
    );
    expect(created.warnings.find((warning) => warning.text === 'A map')?.message).toMatch(/left out/);
    const kept = await ctx.app.database.db
      .select({ kind: reveals.kind })
      .from(reveals)
      .where(and(eq(reveals.campaignId, created._id), eq(reveals.userId, importer._id)));
    expect(kept.map((row) => row.kind)).toEqual(['rules-section']);
  });
});

describe('the backup and the byte budget (decision 078)', () => {
  it("reserves its pictures' bytes before reading them: refused while the budget is spent, then served", async () => {
    const { fight, portraitBytes, handoutBytes } = await richCampaign();
    const saved = { ...ctx.app.importBudget };
    // A budget with room for the pictures alone, one byte of it already taken by another request.
    const budget = createImportBudget(portraitBytes.length + handoutBytes.length + 1);
    const other = { raw: new EventEmitter() };
    budget.reserveBytes(2, other as never);
    Object.assign(ctx.app.importBudget, budget);
    try {
      const refused = await ctx.app.inject({
        url: `/api/game-data/${fight.table.campaignId}/export.zip`,
        headers: { ...fight.headers, 'accept-language': 'fr' },
      });
      expect(refused.statusCode).toBe(503);
      expect(errorOf(refused).code).toBe('IMPORT_BUSY');
      expect(refused.headers['retry-after']).toBe('60');
      other.raw.emit('close');
      expect(budget.inUse()).toBe(0);
      expect(unzipSync(await exportZip(fight))['campaign.json']).toBeDefined();
      // Given back once the answer is sent.
      expect(budget.inUse()).toBe(0);
    } finally {
      Object.assign(ctx.app.importBudget, saved);
    }
  });
});

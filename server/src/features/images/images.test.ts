// docs/decisions/064, portraits and handout images: the bytes decide (a text file named .png, a 6 MB
// body, a PNG header claiming 100,000 × 100,000), metadata goes (EXIF GPS), sizes are capped, ETag and
// 304, removal, ownership, the campaign's image limit, nothing written after a refusal, and players get
// a visible unit's new portrait through their link.
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import type { Unit } from '@questkeeper/core/schemas/units';
import { images } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { setTable, type Table } from '../../../test/support/combat-client';
import { secretFight, shareLink } from '../../../test/support/player-view-fixtures';
import { createImagesService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 37) % 251)), {
    raw: { width, height, channels: 3 },
  });

/** A PNG header only: IHDR claiming width × height, valid CRC, no pixel data. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let table: Table;
beforeAll(async () => {
  table = await setTable(ctx, { n: 2 });
});
const auth = () => bearer(table.token, table.campaignId);

const put = (unitId: string, payload: Buffer, type = 'image/png', token = table.token) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/units/${unitId}/portrait`,
    headers: { ...bearer(token, table.campaignId), 'content-type': type },
    payload,
  });
const getPortrait = (unitId: string, headers: Record<string, string> = {}, token = table.token) =>
  ctx.app.inject({ url: `/api/units/${unitId}/portrait`, headers: { ...bearer(token), ...headers } });
const imageCount = async (campaignId?: string) => {
  const rows = await ctx.app.database.db
    .select({ n: count() })
    .from(images)
    .where(campaignId ? eq(images.campaignId, campaignId) : undefined);
  return rows[0]?.n ?? 0;
};
const unitOf = async (unitId: string) => {
  const list = await ctx.app.inject({ url: '/api/units', headers: auth() });
  return list.json<Unit[]>().find((unit) => unit._id === unitId)!;
};

describe('portraits', () => {
  it('stores a PNG as WebP of at most 512 px, lists it on the unit, serves it with an ETag and 304', async () => {
    const unitId = table.ids[0]!;
    const answer = await put(unitId, await noise(900, 600).png().toBuffer());
    expect(answer.statusCode).toBe(200);
    const { portrait } = answer.json<{ portrait: { etag: string; width: number; height: number } }>();
    expect([portrait.width, portrait.height]).toEqual([512, 341]);
    expect((await unitOf(unitId)).portrait).toEqual(portrait);
    const single = await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${unitId}`,
      headers: auth(),
      payload: { notes: 'Has a face now.' },
    });
    expect(single.json<Unit>().portrait).toEqual(portrait);

    const read = await getPortrait(unitId);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/webp');
    expect(read.headers['cache-control']).toBe('private, no-cache');
    expect(read.headers.etag).toBe(portrait.etag);
    expect((await sharp(read.rawPayload).metadata()).format).toBe('webp');
    expect((await getPortrait(unitId, { 'if-none-match': portrait.etag })).statusCode).toBe(304);
  });

  it('removes every metadata, EXIF GPS included, and takes JPEG and WebP whatever the Content-Type says', async () => {
    const unitId = table.ids[1]!;
    const jpeg = await noise(64, 64)
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect((await put(unitId, jpeg, 'application/octet-stream')).statusCode).toBe(200);
    const stored = (await getPortrait(unitId)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    expect((await put(unitId, await noise(32, 32).webp().toBuffer(), 'image/jpeg')).statusCode).toBe(200);
  });

  it('refuses a text file named .png, a 6 MB body, a huge-dimension header and other types, writing nothing', async () => {
    const unitId = table.ids[0]!;
    const before = await unitOf(unitId);
    const imagesBefore = await imageCount();

    const text = await put(unitId, Buffer.from('name,hp\nAldric,12\n'));
    expect(text.statusCode).toBe(400);
    expect(errorOf(text).code).toBe('IMAGE_INVALID');

    const big = await put(unitId, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(big.statusCode).toBe(413);
    expect(errorOf(big)).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'The image is too large: 5 MB at most.',
    });

    const huge = await put(unitId, pngHeader(100_000, 100_000));
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge).code).toBe('IMAGE_TOO_MANY_PIXELS');

    const json = await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${unitId}/portrait`,
      headers: auth(),
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);

    const after = await unitOf(unitId);
    expect(after.portrait).toEqual(before.portrait);
    expect((await getPortrait(unitId)).headers.etag).toBe(before.portrait!.etag);
    const imagesAfter = await imageCount();
    expect(imagesAfter).toBe(imagesBefore);
  });

  it('answers French errors in French', async () => {
    const fr = await setTable(ctx, { n: 1, language: 'fr' });
    const answer = await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${fr.ids[0]!}/portrait`,
      headers: { ...bearer(fr.token), 'content-type': 'image/png' },
      payload: Buffer.from('pas une image'),
    });
    expect(errorOf(answer).message).toBe(
      "Ce fichier n'est pas une image PNG, JPEG ou WebP, ou il est abîmé.",
    );
  });

  it('is removed by DELETE (then 404), and gone with its unit; another user gets 404 everywhere', async () => {
    const other = await setTable(ctx, { n: 1 });
    const unitId = other.ids[0]!;
    const png = await noise(20, 20).png().toBuffer();
    expect((await put(unitId, png, 'image/png', other.token)).statusCode).toBe(200);

    // Another user: not found, and nothing changes.
    expect((await put(unitId, png)).statusCode).toBe(404);
    expect((await getPortrait(unitId)).statusCode).toBe(404);
    const stranger = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/units/${unitId}/portrait`,
      headers: bearer(table.token),
    });
    expect(stranger.statusCode).toBe(404);
    expect((await getPortrait(unitId, {}, other.token)).statusCode).toBe(200);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/units/${unitId}/portrait`,
      headers: bearer(other.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await getPortrait(unitId, {}, other.token)).statusCode).toBe(404);
    const n = await imageCount(other.campaignId);
    expect(n).toBe(0);

    expect((await put(unitId, png, 'image/png', other.token)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/units/${unitId}`,
      headers: bearer(other.token, other.campaignId),
    });
    expect(deleted.statusCode).toBe(204);
    const left = await imageCount(other.campaignId);
    expect(left).toBe(0);
  });
});

describe('handout images', () => {
  it('stores at most 1600 px, serves the GM with an ETag; another user gets 404', async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/game-data/${table.campaignId}/images`,
      headers: { ...bearer(table.token), 'content-type': 'image/jpeg' },
      payload: await noise(2000, 1000).jpeg().toBuffer(),
    });
    expect(upload.statusCode).toBe(201);
    const image = upload.json<{ _id: string; etag: string; width: number; height: number }>();
    expect([image.width, image.height]).toEqual([1600, 800]);
    const url = `/api/game-data/${table.campaignId}/images/${image._id}`;
    const read = await ctx.app.inject({ url, headers: bearer(table.token) });
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(image.etag);

    const other = await registerUser(ctx.app);
    expect((await ctx.app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(404);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/game-data/${table.campaignId}/images`,
      headers: { ...bearer(other.token), 'content-type': 'image/png' },
      payload: await noise(8, 8).png().toBuffer(),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses an upload past the campaign image limit with 403 IMAGE_LIMIT, writing nothing', async () => {
    const small = await setTable(ctx, { n: 1 });
    const service = createImagesService({ db: ctx.app.database.db, imagesPerCampaign: 2 });
    const png = await noise(8, 8).png().toBuffer();
    const user = { id: small.userId };
    await service.uploadHandoutImage(user, small.campaignId, png);
    await service.putPortrait(user, small.ids[0]!, png);
    await expect(service.uploadHandoutImage(user, small.campaignId, png)).rejects.toMatchObject({
      code: 'IMAGE_LIMIT',
    });
    // Replacing a portrait adds no image: it passes at the limit.
    await service.putPortrait(user, small.ids[0]!, await noise(9, 9).png().toBuffer());
    const n = await imageCount(small.campaignId);
    expect(n).toBe(2);
  });

  it('DELETE discards an unrevealed handout image; a revealed one, a portrait and others’ stay', async () => {
    // Reveals need a fight with a share link.
    const fight = await secretFight(ctx);
    await shareLink(ctx, fight);
    const mine = fight.table;
    const headers = bearer(mine.token);
    const upload = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/game-data/${mine.campaignId}/images`,
          headers: { ...headers, 'content-type': 'image/png' },
          payload: await noise(12, 12).png().toBuffer(),
        })
      ).json<{ _id: string }>()._id;
    const discard = (imageId: string, token = mine.token, campaignId = mine.campaignId) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/game-data/${campaignId}/images/${imageId}`,
        headers: bearer(token),
      });
    const left = await upload();
    const shown = await upload();
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/game-data/${mine.campaignId}/reveals`,
          headers: fight.headers,
          payload: { kind: 'handout', title: 'Map', imageId: shown },
        })
      ).statusCode,
    ).toBe(201);
    await put(mine.ids[0]!, await noise(10, 10).png().toBuffer(), 'image/png', mine.token);
    const portraitId = (
      await ctx.app.database.db
        .select({ id: images.id })
        .from(images)
        .where(eq(images.campaignId, mine.campaignId))
    )
      .map((row) => row.id)
      .find((id) => id !== left && id !== shown)!;
    const before = await imageCount(mine.campaignId);

    // Another user, another campaign's id, a portrait: 404, nothing deleted.
    const other = await registerUser(ctx.app);
    expect((await discard(left, other.token)).statusCode).toBe(404);
    expect((await discard(left, mine.token, table.campaignId)).statusCode).toBe(404);
    expect((await discard(portraitId)).statusCode).toBe(404);
    expect(await imageCount(mine.campaignId)).toBe(before);

    // The revealed handout's image stays (204: nothing to discard); the unrevealed one goes, twice is fine.
    expect((await discard(shown)).statusCode).toBe(204);
    expect(await imageCount(mine.campaignId)).toBe(before);
    expect((await discard(left)).statusCode).toBe(204);
    expect(await imageCount(mine.campaignId)).toBe(before - 1);
    const read = await ctx.app.inject({ url: `/api/game-data/${mine.campaignId}/images/${left}`, headers });
    expect(read.statusCode).toBe(404);
    expect((await discard(left)).statusCode).toBe(404);
  });
});

describe('players', () => {
  it("see a visible unit's new portrait through their link, and a revealed handout image", async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const play = async () => (await ctx.app.inject({ url: `/api/play/${token}` })).json<PlayerViewPayload>();
    const unitId = fight.units[0]!.id;
    const before = JSON.stringify(await play());

    const answer = await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${unitId}/portrait`,
      headers: { ...fight.headers, 'content-type': 'image/png' },
      payload: await noise(40, 40).png().toBuffer(),
    });
    expect(answer.statusCode).toBe(200);
    const payload = await play();
    const urls = JSON.stringify(payload).match(/\/api\/play\/[^"]+\/images\/[^"]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    expect(before).not.toContain(urls[0]!);
    expect(urls.join(' ')).not.toContain(unitId);
    const image = await ctx.app.inject({ url: urls[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/game-data/${fight.table.campaignId}/images`,
      headers: { ...fight.headers, 'content-type': 'image/png' },
      payload: await noise(30, 30).png().toBuffer(),
    });
    const revealed = await ctx.app.inject({
      method: 'POST',
      url: `/api/game-data/${fight.table.campaignId}/reveals`,
      headers: fight.headers,
      payload: { kind: 'handout', title: 'A letter', imageId: upload.json<{ _id: string }>()._id },
    });
    expect(revealed.statusCode).toBe(201);
    const handout = (await play()).revealed?.find((entry) => entry.title === 'A letter');
    expect(handout?.imageUrl).toBeTruthy();
    expect((await ctx.app.inject({ url: handout!.imageUrl! })).statusCode).toBe(200);
  });
});

describe('campaign delete and Undo', () => {
  it('brings the portraits and handout images back with their bytes', async () => {
    const kept = await setTable(ctx, { n: 1 });
    const headers = { ...bearer(kept.token), 'content-type': 'image/png' };
    const png = await noise(24, 24).png().toBuffer();
    const portrait = await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${kept.ids[0]!}/portrait`,
      headers,
      payload: png,
    });
    const handout = await ctx.app.inject({
      method: 'POST',
      url: `/api/game-data/${kept.campaignId}/images`,
      headers,
      payload: png,
    });
    const before = (await getPortrait(kept.ids[0]!, {}, kept.token)).rawPayload;

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/game-data/${kept.campaignId}`,
      headers: bearer(kept.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await imageCount(kept.campaignId)).toBe(0);
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/game-data/${kept.campaignId}/restore`,
      headers: bearer(kept.token),
      payload: { undoToken: deleted.json<{ undoToken: string }>().undoToken },
    });
    expect(restored.statusCode, restored.body).toBeLessThan(300);

    const after = await getPortrait(kept.ids[0]!, {}, kept.token);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toBe(portrait.json<{ portrait: { etag: string } }>().portrait.etag);
    expect(Buffer.compare(after.rawPayload, before)).toBe(0);
    const image = await ctx.app.inject({
      url: `/api/game-data/${kept.campaignId}/images/${handout.json<{ _id: string }>()._id}`,
      headers: bearer(kept.token),
    });
    expect(image.statusCode).toBe(200);
  });
});

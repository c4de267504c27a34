// Test support for reveals (docs/decisions/064): calls of the reveal API, images stored straight through
// the shared image queries (their upload is tested on its own), and the opaque image URL a link gives.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { RevealCreate } from '@questkeeper/core/schemas/reveals';
import { playerViews, units } from '../../src/db/schema';
import { insertImage } from '../../src/db/shared/images';
import type { TestContext } from './harness';
import type { Fight } from './player-view-fixtures';

export function revealClient(ctx: TestContext, fight: Pick<Fight, 'table' | 'headers'>) {
  const base = `/api/game-data/${fight.table.campaignId}/reveals`;
  return {
    reveal: (body: Partial<RevealCreate> & Record<string, unknown>, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: base, headers: { ...fight.headers, ...headers }, payload: body }),
    list: () => ctx.app.inject({ url: base, headers: fight.headers }),
    hide: (revealId: string) =>
      ctx.app.inject({ method: 'DELETE', url: `${base}/${revealId}`, headers: fight.headers }),
  };
}

/** The answer's JSON, failing with its body unless the status is `status`. */
export function ok<T>(response: LightMyRequestResponse, status = 201): T {
  if (response.statusCode !== status)
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/** Stores an image of the campaign (bytes that name it, so a test can tell which one it got). */
export async function storeImage(
  ctx: TestContext,
  fight: Pick<Fight, 'table'>,
  kind: 'portrait' | 'handout',
): Promise<{ id: string; bytes: Buffer }> {
  const bytes = Buffer.from(`RIFF${crypto.randomBytes(12).toString('hex')}WEBP`);
  const etag = `"${crypto.createHash('sha256').update(bytes).digest('base64url')}"`;
  const stored = await insertImage(ctx.app.database.db, {
    userId: fight.table.userId,
    campaignId: fight.table.campaignId,
    kind,
    processed: { bytes, contentType: 'image/webp', width: 1, height: 1, etag },
  });
  return { id: stored.id, bytes };
}

/** Gives a unit a portrait; answers the image. */
export async function givePortrait(ctx: TestContext, fight: Pick<Fight, 'table'>, unitId: string) {
  const image = await storeImage(ctx, fight, 'portrait');
  await ctx.app.database.db.update(units).set({ portraitImageId: image.id }).where(eq(units.id, unitId));
  return image;
}

/** The URL the campaign's current link would give an image (what a guesser would need to know). */
export async function imageUrlOf(ctx: TestContext, campaignId: string, token: string, imageId: string) {
  const [row] = await ctx.app.database.db
    .select({ secret: playerViews.secret })
    .from(playerViews)
    .where(eq(playerViews.campaignId, campaignId));
  const opaque = crypto.createHmac('sha256', row!.secret).update(imageId).digest('base64url').slice(0, 22);
  return `/api/play/${token}/images/${opaque}`;
}

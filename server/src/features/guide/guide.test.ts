// The guided first fight (docs/product.md#guided-first-fight, docs/decisions/068): the checklist starts
// empty, each real action ticks its step (the demo table, an encounter run, an attack rolled with dice,
// an undo, the player page opened through the share link; the secret seen, sent by the web), closing
// and reopening the panel persists, one user's actions never tick another's, and bad input is a
// localized 400 that changes nothing. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideState } from '@questkeeper/core/schemas/guide';
import type { Encounter } from '@questkeeper/core/schemas/encounters';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { combatClient, play, setTable } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const guideOf = async (token: string): Promise<GuideState> => {
  const response = await ctx.app.inject({ url: '/api/me/guide', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const change = (token: string, payload: object, language = 'en') =>
  ctx.app.inject({
    method: 'PATCH',
    url: '/api/me/guide',
    headers: { ...bearer(token), 'accept-language': language },
    payload,
  });

describe('the guided first fight', () => {
  it('starts empty and ticks each step on the real action, on the demo table', async () => {
    const gm = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    expect(await guideOf(gm.token)).toEqual({ done: [], dismissed: false });

    const demo = await ctx.app.inject({
      method: 'POST',
      url: '/api/game-data/demo',
      headers: bearer(gm.token),
      payload: { language: 'en' },
    });
    expect(demo.statusCode).toBe(201);
    const campaignId = demo.json<Campaign>()._id;
    expect((await guideOf(gm.token)).done).toEqual(['demo']);

    // The secret is the one step the web reports.
    expect((await change(gm.token, { seen: 'secret' })).json<GuideState>().done).toEqual(['demo', 'secret']);

    const headers = bearer(gm.token, campaignId);
    const [encounter] = (await ctx.app.inject({ url: '/api/encounters', headers })).json<Encounter[]>();
    const run = await ctx.app.inject({
      method: 'POST',
      url: `/api/encounters/${encounter!._id}/run`,
      headers,
      payload: { version: 0 },
    });
    expect(run.statusCode).toBe(200);
    expect((await guideOf(gm.token)).done).toEqual(['demo', 'secret', 'encounter']);

    const client = combatClient(ctx, { token: gm.token, campaignId });
    const started = await play(client, { type: 'start' });
    const target = started.combat.order.find((entry) => entry.unitId)!.unitId!;
    // A number, even typed as a string, is not a roll.
    await play(client, { type: 'attack', targetId: target, amount: '4' });
    expect((await guideOf(gm.token)).done).not.toContain('dice');
    const hit = await play(client, { type: 'attack', targetId: target, amount: '1d6+1' });
    expect((await guideOf(gm.token)).done).toContain('dice');
    // Redo is not an undo.
    expect((await client.redoAt(hit.combat.version)).statusCode).not.toBe(200);
    expect((await guideOf(gm.token)).done).not.toContain('undo');
    expect((await client.undoAt(hit.combat.version)).statusCode).toBe(200);
    expect((await guideOf(gm.token)).done).toContain('undo');

    const shared = await ctx.app.inject({ method: 'POST', url: '/api/combat/share', headers });
    const token = decodeURIComponent(shared.json<{ url: string }>().url.split('/').pop()!);
    expect((await ctx.app.inject({ url: `/api/play/${token}` })).statusCode).toBe(200);
    expect(await guideOf(gm.token)).toEqual({
      done: ['demo', 'secret', 'encounter', 'dice', 'undo', 'phone'],
      dismissed: false,
    });
    // Opening it again writes nothing new.
    expect((await ctx.app.inject({ url: `/api/play/${token}` })).statusCode).toBe(200);
    expect((await guideOf(gm.token)).done).toHaveLength(6);

    // Nothing of it reached another user.
    expect(await guideOf(other.token)).toEqual({ done: [], dismissed: false });
  });

  it("never ticks another user's steps, and ticks the phone step of the link's owner only", async () => {
    const a = await setTable(ctx, { n: 2, hp: 30 });
    const b = await setTable(ctx, { n: 2, hp: 30 });
    const client = combatClient(ctx, a);
    await play(
      client,
      { type: 'add', unitId: a.ids[0]!, group: 'allies' },
      { type: 'add', unitId: a.ids[1]!, group: 'enemies' },
      { type: 'start' },
    );
    const hit = await play(client, { type: 'attack', targetId: a.ids[1]!, amount: '2d4' });
    expect((await client.undoAt(hit.combat.version)).statusCode).toBe(200);
    const shared = await ctx.app.inject({
      method: 'POST',
      url: '/api/combat/share',
      headers: bearer(a.token, a.campaignId),
    });
    const token = decodeURIComponent(shared.json<{ url: string }>().url.split('/').pop()!);
    expect((await ctx.app.inject({ url: `/api/play/${token}` })).statusCode).toBe(200);
    expect((await guideOf(a.token)).done).toEqual(['dice', 'undo', 'phone']);
    expect((await guideOf(b.token)).done).toEqual([]);
    // B's own undo at a stale version changes nothing and ticks nothing.
    expect((await combatClient(ctx, b).undoAt(5)).statusCode).not.toBe(200);
    expect((await guideOf(b.token)).done).toEqual([]);
  });

  it('remembers a closed panel and reopens it', async () => {
    const user = await registerUser(ctx.app);
    expect((await change(user.token, { dismissed: true })).json<GuideState>()).toEqual({
      done: [],
      dismissed: true,
    });
    expect((await guideOf(user.token)).dismissed).toBe(true);
    expect((await change(user.token, { dismissed: false })).statusCode).toBe(200);
    expect((await guideOf(user.token)).dismissed).toBe(false);
  });

  it('refuses bad input with a localized 400 and changes nothing', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const english = await registerUser(ctx.app, { language: 'en' });
    for (const payload of [{}, { dismissed: 'yes' }, { seen: 'dice' }, { seen: 'phone', dismissed: true }]) {
      const response = await change(user.token, payload, 'fr');
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).not.toMatch(/validation\.|[A-Z_]{6,}/);
    }
    // In the user's language.
    const french = errorOf(await change(user.token, { seen: 'dice' }));
    expect(french.message).not.toBe(errorOf(await change(english.token, { seen: 'dice' })).message);
    expect(await guideOf(user.token)).toEqual({ done: [], dismissed: false });
    expect((await ctx.app.inject({ url: '/api/me/guide' })).statusCode).toBe(401);
  });
});

// docs/decisions/028, the link and its calls: create, replace, revoke (open streams close within 1 s), live
// updates within 1 s, ownership of the game master's routes, bad settings, rate limits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import {
  bearer,
  createTestApp,
  errorOf,
  listenOnFreePort,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { play } from '../../../test/support/combat-client';
import { openPlayerStream } from '../../../test/support/player-stream-client';
import { secretFight, shareLink } from '../../../test/support/player-view-fixtures';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterAll(async () => ctx?.close());

const getPlay = (token: string) => ctx.app.inject({ url: `/api/play/${encodeURIComponent(token)}` });

describe('share link', () => {
  it('gives a URL to the player page holding a 256-bit token, stored only as a hash', async () => {
    const fight = await secretFight(ctx, { language: 'fr' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/combat/share',
      headers: fight.headers,
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/questkeeper\.test\/fr\/play\/[A-Za-z0-9_-]{43}$/);
    const token = url.split('/').pop()!;
    const dump = JSON.stringify(await ctx.app.database.db.execute('select * from player_views'));
    expect(dump).not.toContain(token);
    const answer = await getPlay(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    expect(answer.json<PlayerViewPayload>().units).toHaveLength(4);
  });

  it('answers 404 JSON for an unknown, a malformed, a revoked or a replaced link', async () => {
    const fight = await secretFight(ctx);
    const first = await shareLink(ctx, fight);
    const second = await shareLink(ctx, fight);
    for (const token of [first, 'x', 'A'.repeat(5000), `${second}x`]) {
      const response = await getPlay(token);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await getPlay(second)).statusCode).toBe(200);
    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/combat/share',
      headers: fight.headers,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await getPlay(second)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/play/${second}/events` })).statusCode).toBe(404);
  });

  it("refuses another user's campaign with 404, and anonymous callers with 401", async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const intruder = await registerUser(ctx.app);
    const headers = bearer(intruder.token, fight.table.campaignId);
    const calls = [
      { method: 'POST' as const, url: '/api/combat/share' },
      { method: 'DELETE' as const, url: '/api/combat/share' },
      { method: 'GET' as const, url: '/api/combat/player-view' },
      { method: 'PUT' as const, url: '/api/combat/player-view', payload: { hp: { allies: 'hidden' } } },
    ];
    for (const call of calls) {
      expect((await ctx.app.inject({ ...call, headers })).statusCode).toBe(404);
      const anonymous = { 'x-campaign-id': fight.table.campaignId };
      expect((await ctx.app.inject({ ...call, headers: anonymous })).statusCode).toBe(401);
    }
    expect((await getPlay(token)).statusCode).toBe(200);
    const settings = await ctx.app.inject({ url: '/api/combat/player-view', headers: fight.headers });
    expect(settings.json()).toEqual({ hp: { allies: 'exact', enemies: 'bands' }, units: {}, version: 0 });
  });
});

describe('player-view settings', () => {
  it('saves and reads them back; players see them at once', async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const [a, , c] = fight.units;
    const body = {
      hp: { allies: 'bands', enemies: 'hidden' },
      units: { [a!.id]: { alias: '  The Stranger ' }, [c!.id]: { hidden: true } },
    };
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat/player-view',
      headers: fight.headers,
      payload: body,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      ...body,
      units: { [a!.id]: { alias: 'The Stranger' }, [c!.id]: { hidden: true } },
      version: 1,
    });
    const get = await ctx.app.inject({ url: '/api/combat/player-view', headers: fight.headers });
    expect(get.json()).toEqual(put.json());
    const view = (await getPlay(token)).json<PlayerViewPayload>();
    expect(view.units.map((unit) => unit.name)).toEqual([
      'The Stranger',
      fight.units[1]!.name,
      fight.units[3]!.name,
    ]);
    expect(view.units.map((unit) => unit.hp.shown)).toEqual(['band', 'band', 'hidden']);
  });

  it('refuses unknown units, long aliases and NUL with a localized 400', async () => {
    const fight = await secretFight(ctx, { language: 'fr' });
    const unitId = fight.units[0]!.id;
    const cases = [
      [{ units: { '00000000-0000-4000-8000-000000000000': { hidden: true } } }, 'UNKNOWN_UNIT'],
      [{ units: { [unitId]: { alias: 'x'.repeat(51) } } }, 'VALIDATION_FAILED'],
      [{ units: { [unitId]: { alias: 'bad\u0000name' } } }, 'VALIDATION_FAILED'],
      [{ units: { 'not-an-id': { hidden: true } } }, 'VALIDATION_FAILED'],
      [{ hp: { allies: 'percent' } }, 'VALIDATION_FAILED'],
    ] as const;
    for (const [payload, code] of cases) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/combat/player-view',
        headers: fight.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe(code);
      expect(error.message).not.toMatch(/^(The|This|An) /);
    }
    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat/player-view',
      headers: { ...fight.headers, 'accept-language': 'fr' },
      payload: cases[0][0],
    });
    expect(Object.values(errorOf(unknown).fields ?? {})).toEqual(["Cette unité n'est pas dans la campagne."]);
  });
});

describe('player stream', () => {
  it('sends each action within 1 s, and closes within 1 s when the link is revoked', async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const stream = openPlayerStream(port, token);
    expect(await stream.status).toBe(200);
    const first = (await stream.until(() => true)) as PlayerViewPayload;
    let started = Date.now();
    await play(fight.client, { type: 'nextTurn' });
    await stream.until(
      (event) => JSON.stringify((event as PlayerViewPayload).turn) !== JSON.stringify(first.turn),
      1000,
    );
    expect(Date.now() - started).toBeLessThan(1000);

    // A blow on a hidden unit changes nothing players see: no event tells them it happened.
    const hidden = fight.units[3]!;
    const settings = { units: { [hidden.id]: { hidden: true } } };
    const seenBefore = stream.raw().length;
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat/player-view',
      headers: fight.headers,
      payload: settings,
    });
    await stream.until((event) => (event as PlayerViewPayload).units?.length === 3, 1000);
    const before = stream.events.length;
    await play(fight.client, { type: 'attack', targetId: hidden.id, amount: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.length).toBe(before);
    expect(stream.raw().slice(seenBefore)).not.toContain(hidden.name);

    started = Date.now();
    await ctx.app.inject({ method: 'DELETE', url: '/api/combat/share', headers: fight.headers });
    await stream.until((event) => (event as { event?: string }).event === 'revoked', 1000);
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('sends a unit edited on its form without waiting for an action when the shared fight names it, and stays quiet otherwise', async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const stream = openPlayerStream(port, token);
    await stream.until(() => true);
    const [aria] = fight.units;
    const edit = (id: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/units/${id}`, headers: fight.headers, payload });

    // Allies show exact HP by default: a rename and a wound on the form reach players at once.
    expect((await edit(aria!.id, { name: 'Aria the Bold', currentHp: 12 })).statusCode).toBe(200);
    const seen = (await stream.until(
      (event) => (event as PlayerViewPayload).units?.some((unit) => unit.name === 'Aria the Bold') ?? false,
    )) as PlayerViewPayload;
    expect(seen.units.find((unit) => unit.name === 'Aria the Bold')?.hp).toMatchObject({
      shown: 'exact',
      current: 12,
    });

    // A unit that has left the fight: nothing is announced, so nothing is sent.
    const leaver = fight.units[3]!;
    await play(fight.client, { type: 'remove', unitId: leaver.id });
    await stream.until((event) => (event as PlayerViewPayload).units?.length === 3);
    const before = stream.events.length;
    expect((await edit(leaver.id, { name: 'Still outside' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.length).toBe(before);
    expect(stream.raw()).not.toContain('Still outside');
    stream.close();
  });

  it('closes the stream of a link replaced by a new one', async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const stream = openPlayerStream(port, token);
    await stream.until(() => true);
    await shareLink(ctx, fight);
    await stream.until((event) => (event as { event?: string }).event === 'revoked', 1000);
    await stream.ended;
  });
});

describe('the player page', () => {
  it('is served under both languages with X-Robots-Tag: noindex', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const site = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      for (const url of ['/en/play/some-token', '/fr/play/another']) {
        const response = await site.app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-robots-tag']).toBe('noindex');
      }
      expect((await site.app.inject({ url: '/en/pricing' })).headers['x-robots-tag']).toBeUndefined();
    } finally {
      await site.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('rate limit', () => {
  it('answers 429, never 5xx, to 1,000 wrong tokens from one IP', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 1000; i++) {
        const url = i % 2 === 0 ? `/api/play/wrong-${i}` : `/api/play/wrong-${i}/events`;
        statuses.push((await limited.app.inject({ url })).statusCode);
      }
      expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(120).every((status) => status === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

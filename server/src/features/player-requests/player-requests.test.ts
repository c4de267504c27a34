// Players take part (docs/product.md#players-take-part): requests from a share link name units by
// the link's opaque ids only (never a hidden unit, never a real id, `as` a player character), are
// refused on a revoked link or without a fight, are rate limited per link and per phone, and change
// nothing until the game master approves (version-checked, logged, undoable) or rejects with a
// reason the player's payload shows. On PGlite and PostgreSQL.
import crypto from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import type { ApproveRequestResponse, GmPlayerRequestList } from '@questkeeper/core/schemas/player-requests';
import type { CombatActionResponse } from '@questkeeper/core/schemas/combat';
import { playerRequests, playerViews, units } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  listenOnFreePort,
  type TestContext,
} from '../../../test/support/harness';
import { combatClient, play, setTable } from '../../../test/support/combat-client';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterAll(async () => ctx?.close());

const phone = () => crypto.randomBytes(12).toString('base64url');

/**
 * Brenna (a player character) and Aldo (an NPC) against Grik and a hidden Shade; shared. `start`:
 * the fight begins with Brenna's turn first.
 */
async function table(c: TestContext, options: { start?: boolean; language?: 'en' | 'fr' } = {}) {
  const t = await setTable(c, { n: 4, hp: 40, ...(options.language ? { language: options.language } : {}) });
  const [brenna, aldo, grik, shade] = t.ids as [string, string, string, string];
  const names: [string, string, boolean][] = [
    [brenna, 'Brenna', true],
    [aldo, 'Aldo', false],
    [grik, 'Grik', false],
    [shade, 'Shade', false],
  ];
  for (const [id, name, isPlayer] of names)
    await c.app.database.db.update(units).set({ name, isPlayer }).where(eq(units.id, id));
  const headers = bearer(t.token, t.campaignId);
  const client = combatClient(c, t);
  await play(
    client,
    { type: 'add', unitId: brenna, group: 'allies' },
    { type: 'add', unitId: aldo, group: 'allies' },
    { type: 'add', unitId: grik, group: 'enemies' },
    { type: 'add', unitId: shade, group: 'enemies' },
  );
  const patched = await c.app.inject({
    method: 'PATCH',
    url: '/api/combat/player-view',
    headers,
    payload: { expectedVersion: 0, unit: { id: shade, hidden: true } },
  });
  expect(patched.statusCode).toBe(200);
  const shared = await c.app.inject({ method: 'POST', url: '/api/combat/share', headers });
  const token = decodeURIComponent(shared.json<{ url: string }>().url.split('/').pop()!);
  if (options.start)
    await play(client, {
      type: 'start',
      initiatives: { [brenna]: 30, [aldo]: 20, [grik]: 10, [shade]: 5 },
    });
  const view = async (): Promise<PlayerViewPayload> =>
    (await c.app.inject({ url: `/api/play/${token}` })).json();
  const payload = await view();
  const idOf = (name: string) => payload.units.find((unit) => unit.name === name)?.id;
  const ask = (body: Record<string, unknown>, ip = '10.0.0.1') =>
    c.app.inject({
      method: 'POST',
      url: `/api/play/${token}/requests`,
      remoteAddress: ip,
      payload: { phoneId: 'phone-of-brenna-0001', as: idOf('Brenna'), ...body },
    });
  const queue = async () =>
    (await c.app.inject({ url: '/api/combat/requests', headers })).json<GmPlayerRequestList>().requests;
  const decide = (id: string, verb: 'approve' | 'reject', payload: object) =>
    c.app.inject({ method: 'POST', url: `/api/combat/requests/${id}/${verb}`, headers, payload });
  return { t, token, headers, client, view, idOf, ask, queue, decide, brenna, aldo, grik, shade };
}

const rowsOf = async (c: TestContext, campaignId: string) =>
  c.app.database.db.select().from(playerRequests).where(eq(playerRequests.campaignId, campaignId));

describe('picking a character', () => {
  it('marks the player characters players see, and offers the campaign statuses as conditions', async () => {
    const { view } = await table(ctx);
    const payload = await view();
    expect(payload.units.map((unit) => [unit.name, unit.player ?? false])).toEqual([
      ['Brenna', true],
      ['Aldo', false],
      ['Grik', false],
    ]);
    expect(payload.conditionChoices?.map((choice) => choice.name)).toContain('Poisoned');
    expect(payload.requests).toEqual([]);
  });
});

describe('typed initiatives', () => {
  it('wait for the start in the GM queue, a newer one replacing the older; the start takes them', async () => {
    const { ask, queue, view, client, brenna, aldo, grik, shade } = await table(ctx);
    expect((await ask({ kind: 'initiative', initiative: 12 })).statusCode).toBe(201);
    const answer = await ask({ kind: 'initiative', initiative: 17 });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ kind: 'initiative', status: 'pending', initiative: 17 });
    const pending = await queue();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      kind: 'initiative',
      initiative: 17,
      as: { id: brenna, name: 'Brenna' },
    });
    // Nothing moved: the fight is still in setup.
    expect((await client.get()).phase).toBe('setup');
    await play(client, { type: 'start', initiatives: { [brenna]: 17, [aldo]: 3, [grik]: 2, [shade]: 1 } });
    expect(await queue()).toEqual([]);
    expect((await view()).requests?.[0]).toMatchObject({ kind: 'initiative', status: 'approved' });
    const late = await ask({ kind: 'initiative', initiative: 5 });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).code).toBe('FIGHT_ALREADY_STARTED');
  });

  it('refuses damage before the start', async () => {
    const { ask, idOf } = await table(ctx);
    const early = await ask({ kind: 'damage', targetId: idOf('Grik'), amount: 3 });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early).code).toBe('FIGHT_NOT_STARTED');
  });
});

describe('what a request may name', () => {
  it('never a hidden unit, a real id, or an NPC as the character; nothing is written', async () => {
    const { ask, idOf, t, grik, shade, brenna } = await table(ctx, { start: true });
    const [link] = await ctx.app.database.db
      .select({ secret: playerViews.secret })
      .from(playerViews)
      .where(eq(playerViews.campaignId, t.campaignId));
    // The opaque id the hidden unit would have: the page never got it, but a guess is refused alike.
    const shadeOpaque = crypto
      .createHmac('sha256', link!.secret)
      .update(shade)
      .digest('base64url')
      .slice(0, 22);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'damage', targetId: shadeOpaque, amount: 5 }, 'targetId'],
      [{ kind: 'damage', targetId: grik, amount: 5 }, 'targetId'],
      [{ kind: 'heal', targetId: shade, amount: 5 }, 'targetId'],
      [{ kind: 'damage', as: idOf('Aldo'), targetId: idOf('Grik'), amount: 5 }, 'as'],
      [{ kind: 'damage', as: brenna, targetId: idOf('Grik'), amount: 5 }, 'as'],
      [{ kind: 'damage', as: shadeOpaque, targetId: idOf('Grik'), amount: 5 }, 'as'],
      [{ kind: 'condition', conditionId: 'not-a-status' }, 'conditionId'],
    ];
    for (const [body, field] of cases) {
      const answer = await ask(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(answer).fields ?? {})).toEqual([field]);
      // The refusal names nothing real.
      for (const secret of [shade, grik, brenna, 'Shade']) expect(answer.body).not.toContain(secret);
    }
    const badDice = await ask({ kind: 'damage', targetId: idOf('Grik'), amount: '2d' });
    expect(badDice.statusCode).toBe(400);
    expect(await rowsOf(ctx, t.campaignId)).toEqual([]);
  });

  it('refuses on a revoked link (404) and without a fight (409 NO_FIGHT)', async () => {
    const ended = await table(ctx, { start: true });
    await play(ended.client, { type: 'end' });
    const none = await ended.ask({ kind: 'damage', targetId: ended.idOf('Grik'), amount: 3 });
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).code).toBe('NO_FIGHT');

    const revoked = await table(ctx, { start: true, language: 'fr' });
    await ctx.app.inject({ method: 'DELETE', url: '/api/combat/share', headers: revoked.headers });
    const gone = await revoked.ask({ kind: 'endTurn' });
    expect(gone.statusCode).toBe(404);
    expect(await rowsOf(ctx, revoked.t.campaignId)).toEqual([]);
  });

  it('ends a turn only on that character turn', async () => {
    const { ask, queue, decide, client, idOf, brenna } = await table(ctx, { start: true });
    const mine = await ask({ kind: 'endTurn' });
    expect(mine.statusCode).toBe(201);
    const [request] = await queue();
    const { version } = await client.get();
    const approved = await decide(request!._id, 'approve', { version });
    expect(approved.statusCode).toBe(200);
    const fight = approved.json<ApproveRequestResponse>().combat;
    expect(fight.order[fight.turnIndex]?.unitId).not.toBe(brenna);
    const notMine = await ask({ kind: 'endTurn' });
    expect(notMine.statusCode).toBe(409);
    expect(errorOf(notMine).code).toBe('NOT_YOUR_TURN');
    // Damage still goes in whoever's turn it is.
    expect((await ask({ kind: 'heal', targetId: idOf('Aldo'), amount: '1d4' })).statusCode).toBe(201);
  });
});

describe('the game master decides', () => {
  it('approves at the fight version only: one logged, undoable action', async () => {
    const { ask, queue, decide, client, view, idOf, grik, brenna } = await table(ctx, { start: true });
    expect((await ask({ kind: 'damage', targetId: idOf('Grik'), amount: '2d6+3' })).statusCode).toBe(201);
    const [request] = await queue();
    expect(request).toMatchObject({ kind: 'damage', amount: '2d6+3', target: { id: grik, name: 'Grik' } });
    // Nothing changed before the approval.
    expect((await client.units()).find((unit) => unit._id === grik)?.currentHp).toBe(40);
    const { version } = await client.get();
    const stale = await decide(request!._id, 'approve', { version: version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('COMBAT_CONFLICT');
    expect(await queue()).toHaveLength(1);

    const approved = await decide(request!._id, 'approve', { version });
    expect(approved.statusCode).toBe(200);
    const body = approved.json<ApproveRequestResponse>();
    expect(body.request.status).toBe('approved');
    const [entry] = body.entries;
    expect(entry).toMatchObject({
      type: 'attack',
      input: '2d6+3',
      actor: { id: brenna },
      target: { id: grik },
      requestedBy: { id: brenna, name: 'Brenna' },
    });
    expect(entry!.amount).toBeGreaterThanOrEqual(5);
    expect(body.units.find((unit) => unit._id === grik)?.currentHp).toBe(40 - entry!.amount!);
    expect(body.combat.log.at(-1)?.requestedBy?.name).toBe('Brenna');
    expect((await view()).requests?.[0]).toMatchObject({ status: 'approved', amount: '2d6+3' });
    expect(await queue()).toEqual([]);

    const again = await decide(request!._id, 'approve', { version: body.combat.version });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('REQUEST_DECIDED');

    const undone = await client.undoAt(body.combat.version);
    expect(undone.statusCode).toBe(200);
    expect(undone.json<CombatActionResponse>().units.find((unit) => unit._id === grik)?.currentHp).toBe(40);
  });

  it('rejects with a reason that reaches the player payload; the fight end closes the rest', async () => {
    const { ask, queue, decide, view, idOf, client, brenna } = await table(ctx, { start: true });
    await ask({ kind: 'heal', targetId: idOf('Brenna'), amount: 8 });
    const conditionId = (await view()).conditionChoices!.find((item) => item.name === 'Poisoned')!.id;
    expect((await ask({ kind: 'condition', conditionId, rounds: 2 })).statusCode).toBe(201);
    const [heal, condition] = await queue();
    expect(condition).toMatchObject({ kind: 'condition', condition: 'Poisoned', rounds: 2 });
    const rejected = await decide(heal!._id, 'reject', { reason: '  Not this turn  ' });
    expect(rejected.statusCode).toBe(200);
    const lines = (await view()).requests!;
    expect(lines.find((line) => line.kind === 'heal')).toMatchObject({
      status: 'rejected',
      reason: 'Not this turn',
      targetId: idOf('Brenna'),
    });
    const late = await decide(heal!._id, 'approve', { version: (await client.get()).version });
    expect(errorOf(late).code).toBe('REQUEST_DECIDED');
    // The condition lands on the character itself, with its rounds.
    const poisoned = await decide(condition!._id, 'approve', { version: (await client.get()).version });
    expect(poisoned.statusCode).toBe(200);
    const fight = poisoned.json<ApproveRequestResponse>().combat;
    expect(fight.conditions[brenna]).toEqual([expect.objectContaining({ status: 'Poisoned', rounds: 2 })]);
    await play(client, { type: 'end' });
    expect(await queue()).toEqual([]);
  });

  it("answers 404 for another campaign's request", async () => {
    const mine = await table(ctx, { start: true });
    const theirs = await table(ctx, { start: true });
    await theirs.ask({ kind: 'endTurn' });
    const [request] = await theirs.queue();
    const answer = await mine.decide(request!._id, 'reject', {});
    expect(answer.statusCode).toBe(404);
    expect(await theirs.queue()).toHaveLength(1);
  });
});

/** The GM's combat stream, read as text; `until` waits for `needle` after `from` and answers where it ends. */
function watchCombatStream(t: { token: string; campaignId: string }) {
  let text = '';
  const wakes: (() => void)[] = [];
  const stream = http.get(
    { host: '127.0.0.1', port, path: '/api/combat/events', headers: bearer(t.token, t.campaignId) },
    (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        wakes.splice(0).forEach((wake) => wake());
      });
    },
  );
  const until = async (needle: string, from: number) => {
    const deadline = Date.now() + 2000;
    while (text.indexOf(needle, from) === -1) {
      if (Date.now() > deadline) throw new Error(`no ${needle} in ${text}`);
      await new Promise<void>((resolve) => {
        wakes.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return text.indexOf(needle, from) + needle.length;
  };
  return { until, text: () => text, close: () => stream.destroy() };
}

const REQUESTS_CHANGED = 'data: {"requests":true}';

describe("the GM's live queue", () => {
  it('hears a new request on the combat stream, then its decision', async () => {
    const { ask, t, queue, decide } = await table(ctx, { start: true });
    const stream = watchCombatStream(t);
    try {
      const opened = await stream.until('"version"', 0);
      expect(stream.text().slice(opened)).not.toContain('requests');
      await ask({ kind: 'endTurn' });
      const heard = await stream.until(REQUESTS_CHANGED, opened);
      const [request] = await queue();
      await decide(request!._id, 'reject', {});
      await stream.until(REQUESTS_CHANGED, heard);
    } finally {
      stream.close();
    }
  });

  it('hears the start that took typed initiatives and the end that closed the rest, not a plain blow', async () => {
    const { ask, t, client, brenna, aldo, grik, shade, idOf } = await table(ctx);
    const stream = watchCombatStream(t);
    try {
      let at = await stream.until('"version"', 0);
      await ask({ kind: 'initiative', initiative: 17 });
      at = await stream.until(REQUESTS_CHANGED, at);
      await play(client, { type: 'start', initiatives: { [brenna]: 17, [aldo]: 3, [grik]: 2, [shade]: 1 } });
      at = await stream.until(REQUESTS_CHANGED, at);
      // A blow with nothing pending moves the version only: the queue is not read again for it.
      await play(client, { type: 'attack', targetId: grik, amount: 1 });
      const version = (await client.get()).version;
      at = await stream.until(`"version":${version}}`, at);
      expect((await ask({ kind: 'damage', targetId: idOf('Grik'), amount: 2 })).statusCode).toBe(201);
      at = await stream.until(REQUESTS_CHANGED, at);
      const before = at;
      await play(client, { type: 'end' });
      await stream.until(REQUESTS_CHANGED, at);
      expect(stream.text().slice(0, before).split(REQUESTS_CHANGED)).toHaveLength(4);
    } finally {
      stream.close();
    }
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => limited?.close());

  it('counts per phone, then per link', async () => {
    const { token, idOf } = await table(limited, { start: true });
    const send = (phoneId: string, ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: `/api/play/${token}/requests`,
        remoteAddress: ip,
        payload: { phoneId, as: idOf('Brenna'), kind: 'heal', targetId: idOf('Aldo'), amount: 1 },
      });
    const one = phone();
    for (let i = 0; i < 10; i++) expect((await send(one, '10.1.0.1')).statusCode).toBe(201);
    const over = await send(one, '10.1.0.2');
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
    // Another phone of the table still gets through, until the link's own limit.
    let status = 201;
    let sent = 10;
    for (let i = 0; status === 201 && i < 40; i++) {
      status = (await send(phone(), `10.2.0.${i}`)).statusCode;
      if (status === 201) sent += 1;
    }
    expect(status).toBe(429);
    expect(sent).toBe(40);
  });
});

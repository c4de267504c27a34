// docs/decisions/028: secrets hold on the wire. For settings × fights drawn by fast-check, the raw JSON of
// GET /api/play/{token} and the raw bytes of its event stream (real port) carry no hidden unit (name,
// alias, opaque id), no real name behind an alias, no HP or max HP of a side shown as bands or hidden,
// no notes, money, characteristics, real unit ids, user or campaign ids.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CombatResponse } from '@questkeeper/core/schemas/combat';
import type { PlayerViewPayload, PlayerViewSettingsInput } from '@questkeeper/core/schemas/player-view';
import type { Unit } from '@questkeeper/core/schemas/units';
import { playerViews } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { play } from '../../../test/support/combat-client';
import { openPlayerStream } from '../../../test/support/player-stream-client';
import { secretFight, shareLink, type Fight } from '../../../test/support/player-view-fixtures';

let ctx: TestContext;
let port: number;
let fight: Fight;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  fight = await secretFight(ctx);
  token = await shareLink(ctx, fight);
});
afterAll(async () => ctx?.close());

const mode = fc.constantFrom('exact', 'bands', 'hidden');
const unitSettings = fc.record(
  {
    hidden: fc.boolean(),
    revealOnFirstTurn: fc.boolean(),
    alias: fc.constantFrom('', 'Masked one', 'Shade'),
  },
  { requiredKeys: [] },
);
const drawn = fc.record({
  hp: fc.record({ allies: mode, enemies: mode }),
  units: fc.array(fc.option(unitSettings, { nil: undefined }), { minLength: 4, maxLength: 4 }),
  turns: fc.integer({ min: 0, max: 3 }),
  blows: fc.array(
    fc.record({ target: fc.integer({ min: 0, max: 3 }), amount: fc.integer({ min: 1, max: 9 }) }),
    {
      maxLength: 2,
    },
  ),
});

/** Every string and number in a parsed JSON value, keys included. */
function atoms(
  value: unknown,
  into: { strings: string[]; numbers: number[] } = { strings: [], numbers: [] },
) {
  if (typeof value === 'string') into.strings.push(value);
  else if (typeof value === 'number') into.numbers.push(value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.strings.push(key);
      atoms(inner, into);
    }
  return into;
}

/** Fails on any forbidden value in one wire text (a JSON body, or a stream's raw bytes). */
function assertClean(
  where: string,
  wire: string,
  values: unknown[],
  secrets: { strings: string[]; numbers: number[] },
) {
  for (const secret of secrets.strings) expect(wire, `${where} shows ${secret}`).not.toContain(secret);
  const found = atoms(values);
  for (const number of secrets.numbers)
    expect(found.numbers, `${where} shows ${number}`).not.toContain(number);
}

describe('player view secrets', () => {
  it('never puts a hidden or redacted value on the wire, for any settings and fight', async () => {
    const [row] = await ctx.app.database.db
      .select()
      .from(playerViews)
      .where(eq(playerViews.campaignId, fight.table.campaignId));
    const opaque = (id: string) =>
      crypto.createHmac('sha256', row!.secret).update(id).digest('base64url').slice(0, 22);
    // One stream open through every run: it must stay clean of what is secret whatever the settings.
    const long = openPlayerStream(port, token);
    expect(await long.status).toBe(200);

    await fc.assert(
      fc.asyncProperty(drawn, async (draw) => {
        const settings: PlayerViewSettingsInput = { hp: draw.hp, units: {} };
        draw.units.forEach((own, i) => {
          if (own) settings.units![fight.units[i]!.id] = own;
        });
        const put = await ctx.app.inject({
          method: 'PUT',
          url: '/api/combat/player-view',
          headers: fight.headers,
          payload: settings,
        });
        expect(put.statusCode).toBe(200);
        for (let i = 0; i < draw.turns; i++) await play(fight.client, { type: 'nextTurn' });
        for (const blow of draw.blows)
          await play(fight.client, {
            type: 'attack',
            targetId: fight.units[blow.target]!.id,
            amount: blow.amount,
          });

        const combat = await fight.client.get();
        const current = new Map((await fight.client.units()).map((unit: Unit) => [unit._id, unit]));
        const secrets = secretsOf(combat, current, settings, opaque);

        const response = await ctx.app.inject({ url: `/api/play/${token}` });
        expect(response.statusCode, response.body).toBe(200);
        const payload = response.json<PlayerViewPayload>();
        assertClean('GET', response.body, [payload], secrets);
        expect(payload.round).toBe(combat.round);
        // Not vacuous: every unit never hidden is there, under its alias when it has one.
        for (const [i, unit] of fight.units.entries()) {
          const own = draw.units[i];
          if (!own?.hidden) expect(payload.units.map((u) => u.name)).toContain(own?.alias || unit.name);
        }

        const short = openPlayerStream(port, token);
        const first = (await short.until(() => true)) as PlayerViewPayload;
        short.close();
        expect(first).toEqual(payload);
        assertClean('stream', short.raw(), short.events, secrets);
      }),
      { numRuns: 25, seed: 15_015 },
    );

    long.close();
    await long.ended;
    assertClean('long stream', long.raw(), long.events, {
      strings: fight.alwaysSecret,
      numbers: fight.units.map((u) => u.gold),
    });
    // Not vacuous: the stream heard the runs (identical payloads are not sent twice).
    expect(long.events.length).toBeGreaterThan(10);
  }, 120_000);
});

/** What this draw forbids: always-secret values, hidden units, real names behind aliases, numbers. */
function secretsOf(
  combat: CombatResponse,
  current: Map<string, Unit>,
  settings: PlayerViewSettingsInput,
  opaque: (id: string) => string,
) {
  const strings = [...fight.alwaysSecret];
  const numbers = fight.units.map((unit) => unit.gold);
  const turnsCame = new Set(
    combat.log
      .filter((e) => !e.undone && (e.type === 'start' || e.type === 'nextTurn') && e.turnOf)
      .map((e) => e.turnOf!.id),
  );
  const now = combat.order[combat.turnIndex]?.unitId;
  if (now) turnsCame.add(now);
  for (const unit of fight.units) {
    const own = settings.units?.[unit.id];
    const hidden = own?.hidden && !(own.revealOnFirstTurn && turnsCame.has(unit.id));
    if (hidden) strings.push(unit.name, opaque(unit.id), ...(own?.alias ? [own.alias] : []));
    if (own?.alias) strings.push(unit.name);
    if (hidden || settings.hp?.[unit.group] !== 'exact')
      numbers.push(unit.hp, current.get(unit.id)!.currentHp);
  }
  // An alias two units share may be shown for a visible one: only names are checked then.
  const shownAliases = new Set(
    fight.units
      .filter((u) => {
        const own = settings.units?.[u.id];
        return own?.alias && !(own.hidden && !(own.revealOnFirstTurn && turnsCame.has(u.id)));
      })
      .map((u) => settings.units![u.id]!.alias),
  );
  return { strings: strings.filter((s) => !shownAliases.has(s)), numbers };
}

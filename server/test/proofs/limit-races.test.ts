// Races at every limit. 100 concurrent creates at each tier's limit (campaigns,
// units, unit duplicates, races, classes, statuses, characteristics) and 50 concurrent saves of rules
// and notes at their length limit: never over the limit, never a 5xx, on PGlite (one connection, so
// requests interleave between queries) and on PostgreSQL (a pool of 20: true parallel transactions).
// Lists are saved whole through PUT /api/game-data/{id} or one entry at a time through
// POST /api/game-data/{id}/lists; that no acknowledged entry is lost is asserted in
// features/campaigns/list-edits.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { limitsOf, TIERS, type Tier, type TierLimits } from '@questkeeper/core/tiers';
import { campaigns, units } from '../../src/db/schema';
import { bearer, createTestApp, registerUser, testDriver, type TestContext } from '../support/harness';
import { countUnitsInDb, insertCampaign, insertUnits, unitBody } from '../support/unit-fixtures';
import { writeSection } from '../support/reliability-report';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
const figures: Record<string, string> = {};
const started = performance.now();
afterAll(async () => {
  figures['run time (s)'] = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`limit races (${testDriver}): ${JSON.stringify(figures)}`);
  await writeSection('limit-races', {
    title: 'Races at every limit',
    order: 3,
    about: [
      '100 concurrent creates with the count one below the tier’s limit, for every tier: campaigns, units, unit duplicates (a full copy of a unit under a new name), races, classes, statuses and characteristics (half the list saves add one entry, half add two).',
      '50 concurrent saves of rules and notes, half exactly at the tier’s length limit and half one character over it, in a two-byte script.',
      'Held: never a 5xx; the stored count or length never passes the limit; exactly one create wins the last place. On PostgreSQL the requests run as parallel transactions (pool of 20).',
    ],
    figures,
  });
  await ctx?.close();
});

const CREATES = 100;
const SAVES = 50;

/** Sends all at once and sorts the answers; any 5xx fails the test with its body. */
async function burst(requests: (() => Promise<LightMyRequestResponse>)[]) {
  const answers = await Promise.all(requests.map((send) => send()));
  const server = answers.filter((a) => a.statusCode >= 500);
  expect(server.map((a) => `${a.statusCode} ${a.body.slice(0, 120)}`)).toEqual([]);
  const accepted = answers.filter((a) => a.statusCode < 300);
  const refused: Record<number, number> = {};
  for (const a of answers) if (a.statusCode >= 400) refused[a.statusCode] = (refused[a.statusCode] ?? 0) + 1;
  return { answers, accepted, refused };
}

function record(
  name: string,
  limit: number,
  sent: number,
  result: Awaited<ReturnType<typeof burst>>,
  final: number,
) {
  const refused = Object.entries(result.refused)
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');
  figures[name] =
    `limit ${limit}: ${sent} sent, ${result.accepted.length} accepted, ${refused || 'none'} refused, ${final} stored`;
}

async function user(tier: Tier) {
  return registerUser(ctx.app, { tier });
}

describe('100 concurrent creates at the limit', () => {
  it.each(TIERS)('campaigns (%s)', async (tier) => {
    const { _id: userId, token } = await user(tier);
    const limit = limitsOf(tier).campaigns;
    for (let i = 1; i < limit; i += 1) await insertCampaign(ctx.app, userId, { name: `Campaign ${i}` });
    const result = await burst(
      Array.from(
        { length: CREATES },
        (_, i) => () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/game-data',
            headers: bearer(token),
            payload: { name: `Campaign ${i}` },
          }),
      ),
    );
    const stored = (await ctx.database.db.select().from(campaigns).where(eq(campaigns.userId, userId)))
      .length;
    record(`campaigns, ${tier}`, limit, CREATES, result, stored);
    expect(stored).toBe(limit);
    expect(result.accepted).toHaveLength(1);
  });

  for (const kind of ['units', 'duplicates'] as const) {
    it.each(TIERS)(`${kind} (%s)`, async (tier) => {
      const { _id: userId, token } = await user(tier);
      const limit = limitsOf(tier).unitsPerCampaign;
      const campaignId = await insertCampaign(ctx.app, userId);
      const headers = bearer(token, campaignId);
      let body = unitBody({ notes: 'A unit to copy', hp: 42 });
      if (kind === 'duplicates') {
        // The web's duplicate dialog: every field of an existing unit, a new name.
        const source = await ctx.app.inject({ method: 'POST', url: '/api/units', headers, payload: body });
        const {
          _id: _ignored,
          userId: _u,
          gameDataId: _g,
          createdAt: _c,
          updatedAt: _up,
          ...copy
        } = source.json();
        body = copy;
        await insertUnits(ctx.app, userId, campaignId, limit - 2);
      } else {
        await insertUnits(ctx.app, userId, campaignId, limit - 1);
      }
      const result = await burst(
        Array.from(
          { length: CREATES },
          (_, i) => () =>
            ctx.app.inject({
              method: 'POST',
              url: '/api/units',
              headers,
              payload: { ...body, name: `Copy ${i}` },
            }),
        ),
      );
      const stored = await countUnitsInDb(ctx.app, campaignId);
      record(`${kind}, ${tier}`, limit, CREATES, result, stored);
      expect(stored).toBe(limit);
      expect(result.accepted).toHaveLength(1);
    });
  }

  const LISTS = {
    races: { limit: 'races', item: (i: number) => ({ _id: `r${i}`, name: `Race ${i}`, note: '' }) },
    classes: {
      limit: 'classes',
      item: (i: number) => ({ _id: `c${i}`, name: `Class ${i}`, note: '', color: '#777777' }),
    },
    statuses: { limit: 'statuses', item: (i: number) => ({ _id: `s${i}`, name: `Status ${i}`, note: '' }) },
    characteristics: { limit: 'characteristics', item: (i: number) => ({ name: `Trait ${i}`, max: 20 }) },
  } as const satisfies Record<string, { limit: keyof TierLimits; item: (i: number) => object }>;

  for (const [field, { limit: key, item }] of Object.entries(LISTS)) {
    // Novice cannot edit lists at all: every save is refused.
    it.each(TIERS)(`${field} (%s)`, async (tier) => {
      const { _id: userId, token } = await user(tier);
      const limit = limitsOf(tier)[key] as number;
      const start = Math.max(limit - 1, 0);
      const existing = Array.from({ length: start }, (_, i) => item(i));
      const campaignId = await insertCampaign(ctx.app, userId, { [field]: existing });
      const result = await burst(
        Array.from({ length: CREATES }, (_, i) => () => {
          const added = i % 2 === 0 ? [item(1000 + i)] : [item(1000 + i), item(2000 + i)];
          return ctx.app.inject({
            method: 'PUT',
            url: `/api/game-data/${campaignId}`,
            headers: bearer(token),
            payload: { [field]: [...existing, ...added] },
          });
        }),
      );
      const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      const stored = (row![field as keyof typeof LISTS] as unknown[]).length;
      record(`${field}, ${tier}`, limit, CREATES, result, stored);
      expect(stored).toBeLessThanOrEqual(Math.max(limit, start));
      for (const answer of result.accepted) {
        expect((answer.json<Record<string, unknown[]>>()[field] ?? []).length).toBeLessThanOrEqual(limit);
      }
      if (limitsOf(tier).canEditLists) expect(result.accepted.length).toBeGreaterThan(0);
      else expect(result.accepted).toHaveLength(0);
    });

    // The per-entry call (decision 036): each request adds its own entry to the list as it is then,
    // so exactly one of the 100 takes the last place.
    it.each(TIERS)(`${field}, one entry each through POST …/lists (%s)`, async (tier) => {
      const { _id: userId, token } = await user(tier);
      const limit = limitsOf(tier)[key] as number;
      const start = Math.max(limit - 1, 0);
      const existing = Array.from({ length: start }, (_, i) => item(i));
      const campaignId = await insertCampaign(ctx.app, userId, { [field]: existing });
      const result = await burst(
        Array.from({ length: CREATES }, (_, i) => () => {
          const { _id: _ignored, ...entry } = item(1000 + i) as { _id?: string };
          return ctx.app.inject({
            method: 'POST',
            url: `/api/game-data/${campaignId}/lists`,
            headers: bearer(token),
            payload: { op: 'add', list: field, item: entry },
          });
        }),
      );
      const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      const stored = (row![field as keyof typeof LISTS] as unknown[]).length;
      record(`${field} entry adds, ${tier}`, limit, CREATES, result, stored);
      expect(stored).toBeLessThanOrEqual(Math.max(limit, start));
      if (limitsOf(tier).canEditLists) {
        expect(result.accepted).toHaveLength(limit - start);
        expect(stored).toBe(limit);
      } else expect(result.accepted).toHaveLength(0);
    });
  }
});

describe('50 concurrent saves at the length limit', () => {
  /** Half exactly at the limit, half one over, in a two-byte script (the limit counts characters). */
  const texts = (limit: number) =>
    Array.from({ length: SAVES }, (_, i) => 'é'.repeat(i % 2 === 0 ? limit : limit + 1));

  it.each(TIERS)('rules (%s)', async (tier) => {
    const { _id: userId, token } = await user(tier);
    const limit = limitsOf(tier).rulesChars;
    const campaignId = await insertCampaign(ctx.app, userId);
    const result = await burst(
      texts(limit).map(
        (rules) => () =>
          ctx.app.inject({
            method: 'PUT',
            url: `/api/game-data/${campaignId}`,
            headers: bearer(token),
            payload: { rules },
          }),
      ),
    );
    const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    record(`rules, ${tier}`, limit, SAVES, result, row!.rules.length);
    expect(row!.rules.length).toBe(limit);
    expect(result.accepted).toHaveLength(SAVES / 2);
  });

  const NOTES = {
    races: { key: 'raceNoteChars', item: { _id: 'r0', name: 'Elf' } },
    classes: { key: 'classNoteChars', item: { _id: 'c0', name: 'Mage', color: '#777777' } },
    statuses: { key: 'statusNoteChars', item: { _id: 's0', name: 'Normal' } },
  } as const satisfies Record<string, { key: keyof TierLimits; item: object }>;

  for (const [field, { key, item }] of Object.entries(NOTES)) {
    it(`${field} notes (Adventurer)`, async () => {
      const { _id: userId, token } = await user('Adventurer');
      const limit = limitsOf('Adventurer')[key] as number;
      const campaignId = await insertCampaign(ctx.app, userId, { [field]: [{ ...item, note: '' }] });
      const result = await burst(
        texts(limit).map(
          (note) => () =>
            ctx.app.inject({
              method: 'PUT',
              url: `/api/game-data/${campaignId}`,
              headers: bearer(token),
              payload: { [field]: [{ ...item, note }] },
            }),
        ),
      );
      const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      const stored = (row![field as keyof typeof NOTES] as { note: string }[])[0]!.note.length;
      record(`${field} notes, Adventurer`, limit, SAVES, result, stored);
      expect(stored).toBe(limit);
      expect(result.accepted).toHaveLength(SAVES / 2);
    });
  }

  it('unit notes', async () => {
    const { _id: userId, token } = await user('Novice');
    const limit = limitsOf('Novice').unitNoteChars;
    const campaignId = await insertCampaign(ctx.app, userId);
    const headers = bearer(token, campaignId);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/units', headers, payload: unitBody() });
    const unitId = created.json<{ _id: string }>()._id;
    const result = await burst(
      texts(limit).map(
        (notes) => () =>
          ctx.app.inject({ method: 'PUT', url: `/api/units/${unitId}`, headers, payload: { notes } }),
      ),
    );
    const [row] = await ctx.database.db.select().from(units).where(eq(units.id, unitId));
    record('unit notes, Novice', limit, SAVES, result, row!.notes.length);
    expect(row!.notes.length).toBe(limit);
    expect(result.accepted).toHaveLength(SAVES / 2);
  });
});

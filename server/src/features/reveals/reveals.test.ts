// docs/decisions/064, reveals: each kind reaches the player JSON as a snapshot without secret blocks,
// re-revealing replaces it, DELETE hides it, the link decides who sees them (revoked: 404, images too),
// ownership, bad refs, the plan's limit (and under a race), images served only while shown.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import type { RevealList, RevealResponse } from '@questkeeper/core/schemas/reveals';
import { campaigns, images, reveals, units } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  listenOnFreePort,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { openPlayerStream } from '../../../test/support/player-stream-client';
import { secretFight, shareLink } from '../../../test/support/player-view-fixtures';
import {
  givePortrait,
  imageUrlOf,
  ok,
  revealClient,
  storeImage,
} from '../../../test/support/reveal-fixtures';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterAll(async () => ctx?.close());

const RULES = [
  '# Combat',
  'Intro of combat.',
  '## Attacks',
  'Roll a d20.',
  ':::secret',
  'The dragon cheats zsecretrules.',
  ':::',
  'Hit on 10.',
  '### Critical hits',
  'Double the dice.',
  '## Healing',
  'Rest a night.',
  '# Magic',
  'Spells.',
].join('\n');

const playJson = async (token: string) => {
  const response = await ctx.app.inject({ url: `/api/play/${token}` });
  return { status: response.statusCode, body: response.body, payload: response.json<PlayerViewPayload>() };
};

async function sharedFight(options: { language?: 'en' | 'fr' } = {}) {
  const fight = await secretFight(ctx, options);
  await ctx.app.database.db
    .update(campaigns)
    .set({
      rules: RULES,
      races: [{ _id: 'r1', name: 'Elf', note: 'Long lived.\n:::secret\nzsecretrace\n:::\nPointy ears.' }],
    })
    .where(eq(campaigns.id, fight.table.campaignId));
  const token = await shareLink(ctx, fight);
  return { fight, token, api: revealClient(ctx, fight) };
}

const revealCount = async (campaignId: string) => {
  const [row] = await ctx.app.database.db
    .select({ n: count() })
    .from(reveals)
    .where(eq(reveals.campaignId, campaignId));
  return row!.n;
};

describe('reveals', () => {
  it('shows each kind to players, newest first, without secret blocks', async () => {
    const { fight, token, api } = await sharedFight();
    const [ally, , enemy] = fight.units;
    await ctx.app.database.db
      .update(units)
      .set({ notes: 'Scarred face.\n:::secret\nzsecretunit is the heir\n:::\nCarries a bow.' })
      .where(eq(units.id, enemy!.id));
    const portrait = await givePortrait(ctx, fight, enemy!.id);
    // The alias players know the unit by names the snapshot.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat/player-view',
      headers: fight.headers,
      payload: { units: { [enemy!.id]: { alias: 'The Archer' } } },
    });
    const handoutImage = await storeImage(ctx, fight, 'handout');

    const section = ok<RevealResponse>(await api.reveal({ kind: 'rules-section', ref: 'attacks' }));
    expect(section).toMatchObject({ kind: 'rules-section', ref: 'attacks', title: 'Attacks', imageId: null });
    expect(section.text).toBe('Roll a d20.\n\nHit on 10.\n### Critical hits\nDouble the dice.');
    const unit = ok<RevealResponse>(await api.reveal({ kind: 'unit', ref: enemy!.id }));
    expect(unit).toMatchObject({ title: 'The Archer', text: 'Scarred face.\n\nCarries a bow.' });
    expect(unit.imageId).not.toBeNull();
    expect(unit.imageId).not.toBe(portrait.id);
    const entry = ok<RevealResponse>(await api.reveal({ kind: 'list-entry', ref: 'races:elf' }));
    expect(entry).toMatchObject({ ref: 'races:Elf', title: 'Elf', text: 'Long lived.\n\nPointy ears.' });
    const handout = ok<RevealResponse>(
      await api.reveal({
        kind: 'handout',
        title: ' A letter ',
        text: 'Meet me at dawn.\n:::secret\nzsecrethandout\n:::',
        imageId: handoutImage.id,
      }),
    );
    expect(handout).toMatchObject({
      ref: null,
      title: 'A letter',
      text: 'Meet me at dawn.',
      imageId: handoutImage.id,
    });

    const list = ok<RevealList>(await api.list(), 200);
    expect(list.limit).toBe(20);
    expect(list.reveals.map((item) => item._id)).toEqual([handout._id, entry._id, unit._id, section._id]);

    const { status, body, payload } = await playJson(token);
    expect(status).toBe(200);
    expect(payload.revealed.map((item) => [item.kind, item.title])).toEqual([
      ['handout', 'A letter'],
      ['list-entry', 'Elf'],
      ['unit', 'The Archer'],
      ['rules-section', 'Attacks'],
    ]);
    expect(payload.revealed[3]!.text).toBe(section.text);
    for (const secret of [
      'zsecret',
      enemy!.name,
      ally!.id,
      enemy!.id,
      portrait.id,
      handoutImage.id,
      section._id,
    ])
      expect(body).not.toContain(secret);
    // Opaque ids, image URLs under the link only.
    expect(payload.revealed[0]!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const handoutUrl = payload.revealed[0]!.imageUrl!;
    expect(handoutUrl).toMatch(new RegExp(`^/api/play/${token}/images/[A-Za-z0-9_-]{22}$`));
    expect(payload.revealed[1]!.imageUrl).toBeUndefined();

    const image = await ctx.app.inject({ url: handoutUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-robots-tag']).toBe('noindex');
    expect(image.headers['cache-control']).toBe('private, no-cache');
    expect(image.rawPayload.equals(handoutImage.bytes)).toBe(true);
    const again = await ctx.app.inject({
      url: handoutUrl,
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The revealed unit's portrait is the copy, with the portrait's bytes.
    const copied = await ctx.app.inject({ url: payload.revealed[2]!.imageUrl! });
    expect(copied.statusCode).toBe(200);
    expect(copied.rawPayload.equals(portrait.bytes)).toBe(true);
    // The visible unit's own portrait on its card (players see the enemy under its alias).
    const card = payload.units.find((item) => item.name === 'The Archer')!;
    expect(card.portraitUrl).toMatch(/^\/api\/play\/.+\/images\/[A-Za-z0-9_-]{22}$/);
    expect((await ctx.app.inject({ url: card.portraitUrl! })).rawPayload.equals(portrait.bytes)).toBe(true);
    expect(payload.units.filter((item) => item.portraitUrl !== undefined)).toHaveLength(1);
  });

  it('keeps the snapshot when the source changes, until revealed again', async () => {
    const { fight, token, api } = await sharedFight();
    const unit = fight.units[0]!;
    const first = await givePortrait(ctx, fight, unit.id);
    ok(await api.reveal({ kind: 'rules-section', ref: 'healing' }));
    const before = ok<RevealResponse>(await api.reveal({ kind: 'unit', ref: unit.id }));
    ok(await api.reveal({ kind: 'list-entry', ref: 'races:Elf' }));
    await ctx.app.database.db
      .update(campaigns)
      .set({ rules: RULES.replace('Rest a night.', 'Rest a week.') })
      .where(eq(campaigns.id, fight.table.campaignId));
    await ctx.app.database.db.update(units).set({ notes: 'Changed notes.' }).where(eq(units.id, unit.id));
    const second = await givePortrait(ctx, fight, unit.id);

    let payload = (await playJson(token)).payload;
    expect(payload.revealed.find((item) => item.kind === 'rules-section')!.text).toBe('Rest a night.');
    const oldUnit = payload.revealed.find((item) => item.kind === 'unit')!;
    expect(oldUnit.text).toBe(unit.notes);
    expect((await ctx.app.inject({ url: oldUnit.imageUrl! })).rawPayload.equals(first.bytes)).toBe(true);

    // Revealed again: the new text, on top, in place of the old one (not counted twice).
    const after = ok<RevealResponse>(await api.reveal({ kind: 'unit', ref: unit.id }));
    expect(after._id).toBe(before._id);
    expect(Date.parse(after.revealedAt)).toBeGreaterThan(Date.parse(before.revealedAt));
    expect(await revealCount(fight.table.campaignId)).toBe(3);
    payload = (await playJson(token)).payload;
    expect(payload.revealed[0]).toMatchObject({ kind: 'unit', text: 'Changed notes.' });
    expect(
      (await ctx.app.inject({ url: payload.revealed[0]!.imageUrl! })).rawPayload.equals(second.bytes),
    ).toBe(true);
    // The old copy is gone from the database; the old URL answers 404.
    const [gone] = await ctx.app.database.db
      .select({ n: count() })
      .from(images)
      .where(eq(images.id, before.imageId!));
    expect(gone!.n).toBe(0);
    expect((await ctx.app.inject({ url: oldUnit.imageUrl! })).statusCode).toBe(404);
  });

  it('hides a reveal again with DELETE, its copied portrait with it', async () => {
    const { fight, token, api } = await sharedFight();
    await givePortrait(ctx, fight, fight.units[1]!.id);
    const shown = ok<RevealResponse>(await api.reveal({ kind: 'unit', ref: fight.units[1]!.id }));
    const url = (await playJson(token)).payload.revealed[0]!.imageUrl!;
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    const hidden = await api.hide(shown._id);
    expect(hidden.statusCode).toBe(204);
    expect((await playJson(token)).payload.revealed).toEqual([]);
    expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    expect(ok<RevealList>(await api.list(), 200).reveals).toEqual([]);
    expect((await api.hide(shown._id)).statusCode).toBe(404);
    const [left] = await ctx.app.database.db
      .select({ n: count() })
      .from(images)
      .where(eq(images.id, shown.imageId!));
    expect(left!.n).toBe(0);
  });

  it('needs a live link; a revoked link shows nothing (images 404), a new one shows them again', async () => {
    const fight = await secretFight(ctx, { language: 'fr' });
    const api = revealClient(ctx, fight);
    const refused = await api.reveal({ kind: 'handout', title: 'Note', text: 'Hello' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'SHARE_LINK_NEEDED' });
    expect(errorOf(refused).message).toMatch(/joueurs/);
    expect(await revealCount(fight.table.campaignId)).toBe(0);

    const token = await shareLink(ctx, fight);
    const image = await storeImage(ctx, fight, 'handout');
    ok(await api.reveal({ kind: 'handout', title: 'Map', imageId: image.id }));
    const url = (await playJson(token)).payload.revealed[0]!.imageUrl!;
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'DELETE', url: '/api/combat/share', headers: fight.headers });
    expect((await playJson(token)).status).toBe(404);
    const revoked = await ctx.app.inject({ url });
    expect(revoked.statusCode).toBe(404);
    expect(errorOf(revoked).code).toBe('NOT_FOUND');
    expect((await api.reveal({ kind: 'handout', title: 'Late', text: 'x' })).statusCode).toBe(409);

    const next = await shareLink(ctx, fight);
    const payload = (await playJson(next)).payload;
    expect(payload.revealed.map((item) => item.title)).toEqual(['Map']);
    // A new link, a new URL for the same image; the old one stays dead.
    expect(payload.revealed[0]!.imageUrl).not.toBe(url);
    expect((await ctx.app.inject({ url: payload.revealed[0]!.imageUrl! })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: url.replace(token, next) })).statusCode).toBe(404);
  });

  it("answers 404 for another user's campaign and reveal, 401 without a session", async () => {
    const { fight, api } = await sharedFight();
    const shown = ok<RevealResponse>(await api.reveal({ kind: 'rules-section', ref: 'magic' }));
    const intruder = await registerUser(ctx.app);
    const headers = bearer(intruder.token);
    const base = `/api/game-data/${fight.table.campaignId}/reveals`;
    const calls = [
      { method: 'POST' as const, url: base, payload: { kind: 'rules-section', ref: 'combat' } },
      { method: 'GET' as const, url: base },
      { method: 'DELETE' as const, url: `${base}/${shown._id}` },
    ];
    for (const call of calls) {
      const response = await ctx.app.inject({ ...call, headers });
      expect(response.statusCode, call.method).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
      expect((await ctx.app.inject(call)).statusCode).toBe(401);
    }
    // The intruder's own campaign cannot reach the owner's reveal either.
    const own = await sharedFight();
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/game-data/${own.fight.table.campaignId}/reveals/${shown._id}`,
      headers: own.fight.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await revealCount(fight.table.campaignId)).toBe(1);
  });

  it('refuses what names nothing players may see, and bad handouts, with a localized answer', async () => {
    const { fight, api } = await sharedFight({ language: 'fr' });
    await ctx.app.database.db
      .update(campaigns)
      .set({ rules: `${RULES}\n:::secret\n## Hidden lore\nzsecretlore\n:::` })
      .where(eq(campaigns.id, fight.table.campaignId));
    const portrait = await storeImage(ctx, fight, 'portrait');
    const other = await sharedFight();
    const foreignImage = await storeImage(ctx, other.fight, 'handout');
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ kind: 'rules-section', ref: 'no-such-heading' }, 404, 'REVEAL_SOURCE_NOT_FOUND'],
      [{ kind: 'rules-section', ref: 'hidden-lore' }, 404, 'REVEAL_SOURCE_NOT_FOUND'],
      [{ kind: 'rules-section' }, 404, 'REVEAL_SOURCE_NOT_FOUND'],
      [{ kind: 'unit', ref: 'not-a-uuid' }, 404, 'REVEAL_SOURCE_NOT_FOUND'],
      [{ kind: 'unit', ref: other.fight.units[0]!.id }, 404, 'REVEAL_SOURCE_NOT_FOUND'],
      [{ kind: 'list-entry', ref: 'races:Dwarf' }, 404, 'REVEAL_SOURCE_NOT_FOUND'],
      [{ kind: 'list-entry', ref: 'spells:Elf' }, 404, 'REVEAL_SOURCE_NOT_FOUND'],
      [{ kind: 'handout', text: 'No title' }, 400, 'VALIDATION_FAILED', 'title'],
      [{ kind: 'handout', title: ':::secret\nall secret', text: 'x' }, 400, 'VALIDATION_FAILED', 'title'],
      [{ kind: 'handout', title: 'Empty' }, 400, 'VALIDATION_FAILED', 'text'],
      [
        { kind: 'handout', title: 'Only secret', text: ':::secret\nzsecret' },
        400,
        'VALIDATION_FAILED',
        'text',
      ],
      [{ kind: 'handout', title: 'Portrait', imageId: portrait.id }, 400, 'VALIDATION_FAILED', 'imageId'],
      [{ kind: 'handout', title: 'Foreign', imageId: foreignImage.id }, 400, 'VALIDATION_FAILED', 'imageId'],
      [{ kind: 'handout', title: 'Bad id', imageId: 'nope' }, 400, 'VALIDATION_FAILED', 'imageId'],
      [{ kind: 'handout', title: 'x'.repeat(201), text: 'y' }, 400, 'VALIDATION_FAILED', 'title'],
      [{ kind: 'handout', title: 'NUL', text: 'a\u0000b' }, 400, 'VALIDATION_FAILED', 'text'],
      [{ kind: 'scroll', ref: 'x' }, 400, 'VALIDATION_FAILED', 'kind'],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await api.reveal(body, { 'accept-language': 'fr' });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const error = errorOf(response);
      expect(error.code, JSON.stringify(body)).toBe(code);
      if (field) expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
      expect(error.message).not.toMatch(/^(The|This|Nothing) /);
    }
    expect(await revealCount(fight.table.campaignId)).toBe(0);
  });
});

describe('the limit of reveals shown at once', () => {
  async function atCount(n: number) {
    const shared = await sharedFight({ language: 'fr' });
    await ctx.app.database.db.insert(reveals).values(
      Array.from({ length: n }, (_, i) => ({
        userId: shared.fight.table.userId,
        campaignId: shared.fight.table.campaignId,
        kind: 'handout' as const,
        ref: null,
        title: `Handout ${i}`,
        text: 'x',
      })),
    );
    return shared;
  }

  it('refuses the 21st on Novice with 403 REVEAL_LIMIT naming it, writing nothing; a re-reveal still works', async () => {
    const { fight, token, api } = await atCount(19);
    ok(await api.reveal({ kind: 'rules-section', ref: 'combat' }));
    const refused = await api.reveal({ kind: 'rules-section', ref: 'magic' }, { 'accept-language': 'fr' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('REVEAL_LIMIT');
    expect(errorOf(refused).message).toContain('20');
    expect(errorOf(refused).message).toMatch(/révélations/);
    expect((await api.reveal({ kind: 'unit', ref: fight.units[0]!.id })).statusCode).toBe(403);
    expect(await revealCount(fight.table.campaignId)).toBe(20);
    const [copies] = await ctx.app.database.db
      .select({ n: count() })
      .from(images)
      .where(eq(images.campaignId, fight.table.campaignId));
    expect(copies!.n).toBe(0);
    // The same section again replaces itself: not a 21st.
    ok(await api.reveal({ kind: 'rules-section', ref: 'combat' }));
    expect(await revealCount(fight.table.campaignId)).toBe(20);
    const payload = (await playJson(token)).payload;
    expect(payload.revealed).toHaveLength(20);
    expect(payload.revealed[0]!.title).toBe('Combat');
  });

  it('lets two reveals racing at 19 pass only one', async () => {
    const { fight, api } = await atCount(19);
    const answers = await Promise.all([
      api.reveal({ kind: 'rules-section', ref: 'attacks' }),
      api.reveal({ kind: 'list-entry', ref: 'races:Elf' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
    expect(await revealCount(fight.table.campaignId)).toBe(20);
  });

  it('shows players only the newest ones of the plan after a downgrade', async () => {
    const { fight, token } = await atCount(25);
    const payload = (await playJson(token)).payload;
    expect(payload.revealed).toHaveLength(20);
    const [oldest] = await ctx.app.database.db
      .select({ n: count() })
      .from(reveals)
      .where(and(eq(reveals.campaignId, fight.table.campaignId), eq(reveals.title, 'Handout 0')));
    expect(oldest!.n).toBe(1);
  });
});

describe('portraits on the player page', () => {
  it("never sends a hidden unit's portrait, and its URL answers 404 until it is shown", async () => {
    const { fight, token } = await sharedFight();
    const hiddenUnit = fight.units[3]!;
    const image = await givePortrait(ctx, fight, hiddenUnit.id);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat/player-view',
      headers: fight.headers,
      payload: { units: { [hiddenUnit.id]: { hidden: true } } },
    });
    const url = await imageUrlOf(ctx, fight.table.campaignId, token, image.id);
    const { body, payload } = await playJson(token);
    expect(body).not.toContain(url.split('/').pop());
    expect(payload.units.every((unit) => unit.portraitUrl === undefined)).toBe(true);
    expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat/player-view',
      headers: fight.headers,
      payload: {},
    });
    const shown = (await playJson(token)).payload;
    expect(shown.units.map((unit) => unit.portraitUrl).filter(Boolean)).toEqual([url]);
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
  });
});

describe('the player stream', () => {
  it('receives a reveal and a hide', async () => {
    const { fight, token, api } = await sharedFight();
    const stream = openPlayerStream(port, token);
    try {
      expect(await stream.status).toBe(200);
      await stream.until((event) => Array.isArray((event as PlayerViewPayload).revealed));
      const shown = ok<RevealResponse>(await api.reveal({ kind: 'rules-section', ref: 'healing' }));
      await stream.until((event) => (event as PlayerViewPayload).revealed?.[0]?.title === 'Healing');
      await api.hide(shown._id);
      await stream.until((event) => (event as PlayerViewPayload).revealed?.length === 0);
      expect(stream.raw()).not.toContain(fight.table.campaignId);
    } finally {
      stream.close();
    }
  });
});

// docs/decisions/075: the process that applies an action reads the share link's payload once and
// publishes it with the fight's version; streams send it instead of reading it again — with their own
// link's token in its image URLs, never another link's payload, never one read before a change they
// already re-read for, and the version alone (each stream reads) when the transport cannot carry it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlayerViewPayload, PlayerViewSettingsState } from '@questkeeper/core/schemas/player-view';
import { createTestApp, listenOnFreePort, type TestContext } from '../../../test/support/harness';
import { play } from '../../../test/support/combat-client';
import { openPlayerStream } from '../../../test/support/player-stream-client';
import { secretFight, shareLink, type Fight } from '../../../test/support/player-view-fixtures';
import { givePortrait, ok, revealClient, storeImage } from '../../../test/support/reveal-fixtures';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => ctx?.close());

const getPlay = async (token: string) =>
  (await ctx.app.inject({ url: `/api/play/${encodeURIComponent(token)}` })).json<PlayerViewPayload>();
const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** A shared fight watched by one player page, its first payload received. */
async function watched(setup?: (fight: Fight) => Promise<void>) {
  const fight = await secretFight(ctx);
  await setup?.(fight);
  const token = await shareLink(ctx, fight);
  const stream = openPlayerStream(port, token);
  expect(await stream.status).toBe(200);
  await stream.until(() => true);
  return { fight, token, stream };
}

describe('the payload published with an action (decision 075)', () => {
  it('reaches the stream as a read would give it, its image URLs under the link, read once and not again', async () => {
    let portraitOf = '';
    const { fight, token, stream } = await watched(async (fight) => {
      portraitOf = fight.units[0]!.id;
      await givePortrait(ctx, fight, portraitOf);
    });
    const image = await storeImage(ctx, fight, 'handout');
    ok(await revealClient(ctx, fight).reveal({ kind: 'handout', title: 'Map', imageId: image.id }));
    await stream.until((event) => (event as PlayerViewPayload).revealed?.length === 1);

    const service = ctx.app.services.playerView;
    const published = vi.spyOn(service, 'published');
    const reads = vi.spyOn(service, 'current');
    const seen = stream.events.length;
    await play(fight.client, { type: 'attack', targetId: fight.units[0]!.id, amount: 3 });
    await stream.until(() => stream.events.length > seen);
    expect(published).toHaveBeenCalledTimes(1);
    expect(reads).not.toHaveBeenCalled();

    const sent = stream.events.at(-1) as PlayerViewPayload;
    expect(sent).toEqual(await getPlay(token));
    const urls = [sent.units.find((unit) => unit.portraitUrl)?.portraitUrl, sent.revealed[0]?.imageUrl];
    for (const url of urls) expect(url).toMatch(new RegExp(`^/api/play/${token}/images/[A-Za-z0-9_-]{22}$`));
    for (const secret of fight.alwaysSecret) expect(stream.raw()).not.toContain(secret);
    stream.close();
  });

  it('never sends a payload read before a settings change the stream has already re-read for', async () => {
    const { fight, token, stream } = await watched();
    const campaignId = fight.table.campaignId;
    const boss = fight.units[3]!;
    // Read now, while the boss is shown: a publish that a slow process would deliver late.
    const stale = await ctx.app.services.playerView.published(campaignId);
    expect(stale).not.toBeNull();
    expect(JSON.stringify(stale)).not.toContain(token);
    const version = (await fight.client.get()).version;

    const settings = (
      await ctx.app.inject({ url: '/api/combat/player-view', headers: fight.headers })
    ).json<PlayerViewSettingsState>();
    const hide = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/combat/player-view',
      headers: fight.headers,
      payload: { expectedVersion: settings.version, unit: { id: boss.id, hidden: true } },
    });
    expect(hide.statusCode).toBe(200);
    await stream.until((event) => (event as PlayerViewPayload).units?.length === 3);
    const hiddenFrom = stream.raw().length;
    const seen = stream.events.length;

    await ctx.app.shared.pubsub.publish('combat', { campaignId, version, player: stale! });
    await pause(300);
    expect(stream.events.length).toBe(seen);
    expect(stream.raw().slice(hiddenFrom)).not.toContain(boss.name);

    // Another link's payload (one replaced since) is never sent: the stream reads its own.
    const reads = vi.spyOn(ctx.app.services.playerView, 'current');
    await ctx.app.shared.pubsub.publish('combat', {
      campaignId,
      version,
      player: { ...stale!, tokenHash: 'f'.repeat(64), fightVersion: stale!.fightVersion + 1 },
    });
    await pause(300);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(stream.events.length).toBe(seen);
    expect(stream.raw().slice(hiddenFrom)).not.toContain(boss.name);

    // The next action's payload is newer: sent, still without the boss.
    await play(fight.client, { type: 'nextTurn' });
    await stream.until(() => stream.events.length > seen);
    expect(stream.raw().slice(hiddenFrom)).not.toContain(boss.name);
    stream.close();
  });

  it('sends the version alone when nobody watches or the transport cannot carry the payload, and the stream reads', async () => {
    const alone = await secretFight(ctx);
    await shareLink(ctx, alone);
    const service = ctx.app.services.playerView;
    expect(await service.published(alone.table.campaignId)).toBeNull();

    const { fight, token, stream } = await watched();
    vi.spyOn(ctx.app.shared.pubsub, 'fits').mockReturnValue(false);
    const reads = vi.spyOn(service, 'current');
    const published = vi.spyOn(service, 'published');
    let seen = stream.events.length;
    await play(fight.client, { type: 'nextTurn' });
    await stream.until(() => stream.events.length > seen);
    expect(reads).toHaveBeenCalled();
    expect(published).toHaveBeenCalledTimes(1);
    expect(stream.events.at(-1)).toEqual(await getPlay(token));

    // Too large once: the next actions on that campaign do not read it for publishing for a while.
    seen = stream.events.length;
    await play(fight.client, { type: 'nextTurn' });
    await stream.until(() => stream.events.length > seen);
    expect(published).toHaveBeenCalledTimes(1);
    expect(stream.events.at(-1)).toEqual(await getPlay(token));
    stream.close();
  });
});

// The player view of a fight (decision 028): the game master's share link and settings,
// and the redacted payload a link serves. Links are capabilities: 256 random bits, looked up by their
// SHA-256, and kept sealed under a key outside the database so their owner can see them again
// (decision 050). Every change that can alter what players see is published on the `playerView` topic
// (server/src/infra/topics.ts), so open player streams recompute (or close, once revoked) at once.
// Settings carry a version: each change is one PATCH checked against it.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@questkeeper/core/i18n';
import { routes } from '@questkeeper/core/routes';
import { applyPlayerViewChange } from '@questkeeper/core/combat/player-view';
import {
  DEFAULT_PLAYER_VIEW_SETTINGS,
  type PlayerViewChange,
  type PlayerViewPayload,
  type PlayerViewSettings,
  type PlayerViewSettingsState,
  type ShareLinkState,
} from '@questkeeper/core/schemas/player-view';
import type { Db, Tx } from '../../db/client';
import { ownsCampaign } from '../../db/shared/campaigns';
import { AppError, notFound } from '../../lib/app-error';
import { hashToken, newToken, sameSecret } from '../../lib/tokens';
import type { PubSub } from '../../infra/pubsub';
import type { PublishedPlayerView } from '../../infra/topics';
import type { StreamSlots } from '../combat/events/stream-slots';
import type { LinkSeal } from './link-seal';
import { readImage } from '../../db/shared/images';
import {
  PUBLISHED_TOKEN,
  toPlayerPayload,
  toSettingsState,
  withToken,
  type PlayerPayloadWithImages,
} from './presenter';
import * as repo from './repository';

export type PlayerViewService = ReturnType<typeof createPlayerViewService>;

/** An image as the link's image route sends it. */
export type StoredImage = NonNullable<Awaited<ReturnType<typeof readImage>>>;

const newSecret = () => crypto.randomBytes(32).toString('base64url');

/** The lease key of the player pages watching one link (counted across processes). */
export const watchKey = (link: Pick<LiveLink, 'tokenHash'>) => `watch:${link.tokenHash}`;

/** 409 PLAYER_VIEW_CONFLICT: the version sent is stale; the route answers with these settings. */
export class PlayerViewConflict extends Error {
  constructor(readonly settings: PlayerViewSettingsState) {
    super('PLAYER_VIEW_CONFLICT');
    this.name = 'PlayerViewConflict';
  }
}

/** A link that is live now: what a player stream needs to check it stays live. */
export interface LiveLink {
  campaignId: string;
  tokenHash: string;
  /**
   * The requester's own token: image URLs in the payload carry it (docs/decisions/064). Computations are
   * shared per token hash, so every sharer has this same token.
   */
  token: string;
}

export function createPlayerViewService(deps: {
  db: Db;
  events: PubSub;
  publicUrl: string;
  log: FastifyBaseLogger;
  seal: LinkSeal;
  slots: StreamSlots;
}) {
  const { db, events, publicUrl, log, seal, slots } = deps;
  const urlOf = (language: Language, token: string) =>
    `${publicUrl}${routes.playerView.getHref(language, token)}`;

  const fresh = (userId: string) => ({ userId, secret: newSecret(), settings: DEFAULT_PLAYER_VIEW_SETTINGS });
  const announce = (campaignId: string) => {
    // The "version" is only a wake-up: streams re-read the link and the fight.
    events.publish('playerView', { campaignId, version: Date.now() }).catch((error: unknown) => {
      log.warn({ err: error, campaignId }, 'player view: publish failed');
    });
  };
  const owned = async (userId: string, campaignId: string) => {
    if (!(await ownsCampaign(db, userId, campaignId))) throw notFound();
  };

  /** The fight and reveals as the live link `row` may show them, read and redacted. */
  async function readFor(row: repo.PlayerViewRow, tokenHash: string, token: string) {
    // Only units hidden until their first turn need to know whether it came (decision 046).
    const revealIds = Object.entries(row.settings.units)
      .filter(([, unit]) => unit.hidden && unit.revealOnFirstTurn)
      .map(([id]) => id);
    const data = await repo.loadFightForPlayers(db, row.userId, row.campaignId, revealIds, tokenHash);
    return toPlayerPayload(row, data, token);
  }
  /** The payload itself: the link checked again, then the fight and reveals read and redacted. */
  async function computePayload(link: LiveLink): Promise<PlayerPayloadWithImages> {
    const row = await repo.findByCampaign(db, link.campaignId);
    if (row?.tokenHash == null || !sameSecret(row.tokenHash, link.tokenHash)) throw notFound();
    return readFor(row, row.tokenHash, link.token);
  }
  /** UNKNOWN_UNIT unless every id is a unit of the campaign, each named by its field. */
  async function assertUnits(campaignId: string, ids: string[], field?: string) {
    const known = await repo.campaignUnitIds(db, campaignId, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length === 0) return;
    throw new AppError(
      'UNKNOWN_UNIT',
      {},
      Object.fromEntries(
        unknown.map((id) => [field ?? `units.${id}`, { key: 'validation.unknownUnit' as const }]),
      ),
    );
  }
  /** The computation under way for each link (campaign and token hash). */
  const computing = new Map<string, { startedAt: number; promise: Promise<PlayerPayloadWithImages> }>();
  function computed(link: LiveLink, notBefore: number): Promise<PlayerPayloadWithImages> {
    const key = `${link.campaignId} ${link.tokenHash}`;
    const running = computing.get(key);
    if (running && running.startedAt >= notBefore) return running.promise;
    const promise = computePayload(link).finally(() => {
      if (computing.get(key)?.promise === promise) computing.delete(key);
    });
    computing.set(key, { startedAt: performance.now(), promise });
    return promise;
  }

  return {
    /** A new link; the previous one, if any, stops at once (and its open streams close). */
    async share(userId: string, campaignId: string, language: Language): Promise<{ url: string }> {
      await owned(userId, campaignId);
      const token = newToken();
      await repo.upsert(db, campaignId, fresh(userId), {
        tokenHash: hashToken(token),
        tokenSealed: seal.seal(token, campaignId),
        secret: newSecret(),
      });
      announce(campaignId);
      return { url: urlOf(language, token) };
    },

    /**
     * The live link shown again to its owner (decision 050), and how many player pages watch it now.
     * `url` null with `live` true: a link sealed by no key this server has (made before decision 050,
     * or under another SHARE_LINK_KEY); it still works, and only a new link can be shown.
     */
    async currentLink(userId: string, campaignId: string, language: Language): Promise<ShareLinkState> {
      await owned(userId, campaignId);
      const row = await repo.findByCampaign(db, campaignId);
      if (row?.tokenHash == null) return { url: null, live: false, watching: 0 };
      const token = row.tokenSealed ? seal.open(row.tokenSealed, campaignId) : null;
      // The sealed token must be the live one: a stale or swapped value is never shown.
      const url =
        token !== null && sameSecret(hashToken(token), row.tokenHash) ? urlOf(language, token) : null;
      const watching = await slots.count(watchKey({ tokenHash: row.tokenHash }));
      return { url, live: true, watching };
    },

    async revoke(userId: string, campaignId: string): Promise<void> {
      await owned(userId, campaignId);
      const row = await repo.findByCampaign(db, campaignId);
      if (row?.tokenHash)
        await repo.upsert(db, campaignId, fresh(userId), { tokenHash: null, tokenSealed: null });
      announce(campaignId);
    },

    async settings(userId: string, campaignId: string): Promise<PlayerViewSettingsState> {
      await owned(userId, campaignId);
      return toSettingsState(await repo.findByCampaign(db, campaignId));
    },

    /** Replaces the whole settings (the PUT older clients send); a new version like any change. */
    async saveSettings(
      userId: string,
      campaignId: string,
      settings: PlayerViewSettings,
    ): Promise<PlayerViewSettingsState> {
      await owned(userId, campaignId);
      await assertUnits(campaignId, Object.keys(settings.units));
      const row = await repo.upsert(db, campaignId, { ...fresh(userId), settings }, { settings });
      announce(campaignId);
      return toSettingsState(row);
    },

    /**
     * One change (a toggle, an alias, a side's HP), applied at once if `expectedVersion` is the
     * current version; else nothing changes and PlayerViewConflict carries the current settings.
     */
    async changeSettings(
      userId: string,
      campaignId: string,
      change: PlayerViewChange,
    ): Promise<PlayerViewSettingsState> {
      await owned(userId, campaignId);
      if (change.unit) await assertUnits(campaignId, [change.unit.id], 'unit.id');
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockForChange(tx, campaignId, fresh(userId));
        if (current.version !== change.expectedVersion)
          throw new PlayerViewConflict(toSettingsState(current));
        const { expectedVersion: _, ...one } = change;
        return repo.writeSettings(
          tx,
          campaignId,
          applyPlayerViewChange(current.settings, one),
          current.version + 1,
        );
      });
      announce(campaignId);
      return toSettingsState(row);
    },

    /**
     * Hides units from players inside the caller's transaction (a run encounter's hidden units,
     * docs/decisions/062): one new settings version; each unit keeps its alias and reveal choice. Call
     * `announce` once the transaction has committed.
     */
    async hideUnits(tx: Tx, userId: string, campaignId: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      const current = await repo.lockForChange(tx, campaignId, fresh(userId));
      let settings = current.settings;
      for (const id of ids) settings = applyPlayerViewChange(settings, { unit: { id, hidden: true } });
      await repo.writeSettings(tx, campaignId, settings, current.version + 1);
    },

    /** Wakes the GM's settings panels and the player streams after a change made elsewhere. */
    announce,

    /** The live link of a token; 404 for an unknown or revoked one (one hash lookup either way). */
    async link(token: string): Promise<LiveLink> {
      const tokenHash = hashToken(token);
      const row = await repo.findByTokenHash(db, tokenHash);
      if (!row) throw notFound();
      return { campaignId: row.campaignId, tokenHash, token };
    },

    /** Whether the link is still the campaign's live one. */
    async isLive(link: LiveLink): Promise<boolean> {
      const row = await repo.findByCampaign(db, link.campaignId);
      // A revoked link has no hash left (null): never live, and nothing to compare.
      return row?.tokenHash != null && sameSecret(row.tokenHash, link.tokenHash);
    },

    /**
     * The redacted payload of a live link; 404 once it is revoked. Every stream of a link wakes on the
     * same event: they share one computation, provided it started after they woke (`notBefore`, from
     * performance.now()), so none gets a payload read before the change that woke it.
     */
    async payload(link: LiveLink, notBefore = performance.now()): Promise<PlayerViewPayload> {
      return (await computed(link, notBefore)).payload;
    },

    /** The same read, with the fight's version it saw (how a stream orders what it sends, decision 075). */
    async current(
      link: LiveLink,
      notBefore = performance.now(),
    ): Promise<{ payload: PlayerViewPayload; fightVersion: number }> {
      return computed(link, notBefore);
    },

    /**
     * The campaign's payload read once after an action, for every process to send instead of reading
     * it again (docs/decisions/075): null when the campaign has no live link, or no page watches it in
     * any process. Its image URLs carry PUBLISHED_TOKEN: each process puts its link's token back
     * (`fromPublished`).
     */
    async published(campaignId: string): Promise<PublishedPlayerView | null> {
      const row = await repo.findByCampaign(db, campaignId);
      const tokenHash = row?.tokenHash;
      if (!row || tokenHash == null) return null;
      if ((await slots.count(watchKey({ tokenHash }))) === 0) return null;
      const { payload, fightVersion } = await readFor(row, tokenHash, PUBLISHED_TOKEN);
      return { tokenHash, fightVersion, payload };
    },

    /**
     * A published payload as `link`'s page gets it (the link's token in its image URLs); null when it
     * was read for another link (a link replaced since: the stream reads, and ends).
     */
    fromPublished(
      link: LiveLink,
      published: PublishedPlayerView,
    ): { payload: PlayerViewPayload; fightVersion: number } | null {
      if (!sameSecret(published.tokenHash, link.tokenHash)) return null;
      return { payload: withToken(published.payload, link.token), fightVersion: published.fightVersion };
    },

    /**
     * The link's payload read now, with the real id behind each opaque id it names: how a player's
     * request is read (docs/product.md#players-take-part). 404 once the link is revoked.
     */
    async resolve(link: LiveLink): Promise<PlayerPayloadWithImages> {
      return computed(link, performance.now());
    },

    /**
     * An image of the link's payload by its opaque id (a visible unit's portrait, a revealed image),
     * read now; 404 for any other id, or once the link is revoked (docs/decisions/064).
     */
    async image(link: LiveLink, opaqueId: string): Promise<StoredImage> {
      const { images } = await computed(link, performance.now());
      const imageId = images.get(opaqueId);
      const image = imageId === undefined ? null : await readImage(db, link.campaignId, imageId);
      if (!image) throw notFound();
      return image;
    },

    /** Whether the campaign has a live share link (reveals need one). */
    async hasLiveLink(campaignId: string): Promise<boolean> {
      const row = await repo.findByCampaign(db, campaignId);
      return row?.tokenHash != null;
    },

    /** The name players are shown for a unit: its alias in the player-view settings, if any. */
    async aliasOf(campaignId: string, unitId: string): Promise<string | null> {
      const row = await repo.findByCampaign(db, campaignId);
      const own = row && Object.hasOwn(row.settings.units, unitId) ? row.settings.units[unitId] : undefined;
      const alias = own?.alias?.trim() ?? '';
      return alias === '' ? null : alias;
    },

    /**
     * A unit was edited outside combat actions (its form): open player streams recompute when the
     * campaign's shared fight names it. Never fails the edit; a failed check is logged.
     */
    unitChanged(campaignId: string, unitId: string): void {
      repo
        .sharedFightHasUnit(db, campaignId, unitId)
        .then((shared) => {
          if (shared) announce(campaignId);
        })
        .catch((error: unknown) => {
          log.warn({ err: error, campaignId }, 'player view: unit change not announced');
        });
    },

    /**
     * Hears the fight's versions and the link's changes; resolves once none can be missed. The
     * listener gets the payload a fight's new version carried, if any (decision 075); null for
     * anything to read again (the link or its settings changed, a reveal, a lost connection).
     */
    async subscribe(
      campaignId: string,
      listener: (published: PublishedPlayerView | null) => void,
    ): Promise<() => void> {
      const offFight = await events.subscribe(
        'combat',
        (event) => listener('player' in event ? (event.player ?? null) : null),
        campaignId,
      );
      try {
        const offLink = await events.subscribe('playerView', () => listener(null), campaignId);
        return () => {
          offFight();
          offLink();
        };
      } catch (error) {
        offFight();
        throw error;
      }
    },
  };
}

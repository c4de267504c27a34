// The one place the stored player view becomes its API shapes (docs/decisions/058-one-mapping-per-model.md):
// the game master's settings with their version, and the redacted payload a share link serves (core's
// redaction, toPlayerView, given what the repository read; decision 028).
import crypto from 'node:crypto';
import { toPlayerView } from '@questkeeper/core/combat/player-view';
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import {
  DEFAULT_PLAYER_VIEW_SETTINGS,
  type PlayerViewPayload,
  type PlayerViewSettingsState,
} from '@questkeeper/core/schemas/player-view';
import type { PlayerReveal } from '@questkeeper/core/schemas/reveals';
import type { PlayerRequestLine } from '@questkeeper/core/schemas/player-requests';
import type { PlayerViewRow, loadFightForPlayers } from './repository';

/** The settings and their version; defaults at version 0 before the first change. */
export const toSettingsState = (
  row: Pick<PlayerViewRow, 'settings' | 'version'> | undefined,
): PlayerViewSettingsState => ({
  ...(row?.settings ?? DEFAULT_PLAYER_VIEW_SETTINGS),
  version: row?.version ?? 0,
});

/**
 * What players see of the fight and what was revealed to them. Unit, reveal and image ids are replaced
 * by opaque ones derived from the link's secret, so a page never learns a real id (decision 028), and
 * image URLs carry the link's token, so they die with it (docs/decisions/064).
 */
export function toPlayerPayload(
  row: Pick<PlayerViewRow, 'settings' | 'secret'>,
  data: Awaited<ReturnType<typeof loadFightForPlayers>>,
  token: string,
): PlayerPayloadWithImages {
  // Every real id given an opaque one, so a player's request can be read back (its `as`, target or
  // condition) without any real id reaching the page.
  const realIds = new Map<string, string>();
  const opaqueId = (id: string) => {
    const opaque = crypto.createHmac('sha256', row.secret).update(id).digest('base64url').slice(0, 22);
    realIds.set(opaque, id);
    return opaque;
  };
  // Every image the payload names, by its opaque id: the only ones the link's image route serves
  // (docs/decisions/064). Recorded as the URLs are made, so nothing outside the payload gets in.
  const images = new Map<string, string>();
  const imageUrl = (imageId: string) => {
    const opaque = opaqueId(imageId);
    images.set(opaque, imageId);
    return `/api/play/${token}/images/${opaque}`;
  };
  const revealed = data.revealed.map((reveal): PlayerReveal => ({
    id: opaqueId(reveal.id),
    kind: reveal.kind,
    title: reveal.title,
    text: reveal.text,
    ...(reveal.imageId ? { imageUrl: imageUrl(reveal.imageId) } : {}),
    revealedAt: reveal.revealedAt.toISOString(),
  }));
  const payload = toPlayerView({
    state: data.combat?.state ?? EMPTY_COMBAT,
    conditions: data.combat?.conditions ?? {},
    units: new Map(data.units.map((unit) => [unit._id, unit])),
    classes: data.classes,
    statuses: data.statuses,
    settings: row.settings,
    log: data.log,
    turnsCame: data.turnsCame,
    opaqueId,
    imageUrl,
    revealed,
  });
  // Players' requests (docs/product.md#players-take-part): those of characters players see, their
  // targets named only while shown; the statuses a player may ask for on their own character.
  const shown = new Set(payload.units.map((unit) => unit.id));
  const seen = (id: string | undefined) => {
    if (id === undefined) return null;
    const opaque = opaqueId(id);
    return shown.has(opaque) ? opaque : null;
  };
  const requests = data.requests.flatMap((request): PlayerRequestLine[] => {
    const as = seen(request.asUnitId);
    if (as === null) return [];
    return [
      {
        id: opaqueId(request.id),
        as,
        kind: request.kind,
        status: request.status,
        reason: request.reason,
        targetId: seen(request.payload.targetId),
        amount: request.payload.amount ?? null,
        initiative: request.payload.initiative ?? null,
        condition: request.payload.status ?? null,
        rounds: request.payload.rounds ?? null,
        createdAt: request.createdAt.toISOString(),
      },
    ];
  });
  const conditionChoices = data.statuses.map((status) => ({ id: opaqueId(status._id), name: status.name }));
  return {
    payload: { ...payload, requests, conditionChoices },
    images,
    realIds,
    fightVersion: data.fightVersion,
  };
}

/**
 * What a published payload's image URLs carry in place of the link's token (docs/decisions/075): the
 * process that applied an action may not know the token (links are kept as a hash), and the token never
 * goes through the transport. Never a character of a token (base64url).
 */
export const PUBLISHED_TOKEN = '~';
const publishedPrefix = `/api/play/${PUBLISHED_TOKEN}/`;

/** A published payload as one link's page gets it: each image URL with the link's token. */
export function withToken(payload: PlayerViewPayload, token: string): PlayerViewPayload {
  const own = (url: string) =>
    url.startsWith(publishedPrefix) ? `/api/play/${token}/${url.slice(publishedPrefix.length)}` : url;
  return {
    ...payload,
    units: payload.units.map((unit) =>
      unit.portraitUrl === undefined ? unit : { ...unit, portraitUrl: own(unit.portraitUrl) },
    ),
    revealed: payload.revealed.map((reveal) =>
      reveal.imageUrl === undefined ? reveal : { ...reveal, imageUrl: own(reveal.imageUrl) },
    ),
  };
}

/** The payload, and the images it names (opaque id → image id). */
export interface PlayerPayloadWithImages {
  payload: PlayerViewPayload;
  images: ReadonlyMap<string, string>;
  /** Opaque id → real id, for every id the payload names (units, statuses…). */
  realIds: ReadonlyMap<string, string>;
  /** The fight's version the payload was read at. */
  fightVersion: number;
}

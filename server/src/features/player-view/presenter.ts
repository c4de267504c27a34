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
import type { PlayerViewRow, loadFightForPlayers } from './repository';

/** The settings and their version; defaults at version 0 before the first change. */
export const toSettingsState = (
  row: Pick<PlayerViewRow, 'settings' | 'version'> | undefined,
): PlayerViewSettingsState => ({
  ...(row?.settings ?? DEFAULT_PLAYER_VIEW_SETTINGS),
  version: row?.version ?? 0,
});

/**
 * What players see of the fight. Unit ids are replaced by opaque ones derived from the link's
 * secret, so a page never learns a real id (decision 028).
 */
export function toPlayerPayload(
  row: Pick<PlayerViewRow, 'settings' | 'secret'>,
  data: Awaited<ReturnType<typeof loadFightForPlayers>>,
): PlayerViewPayload {
  return toPlayerView({
    state: data.combat?.state ?? EMPTY_COMBAT,
    conditions: data.combat?.conditions ?? {},
    units: new Map(data.units.map((unit) => [unit._id, unit])),
    classes: data.classes,
    statuses: data.statuses,
    settings: row.settings,
    log: data.log,
    turnsCame: data.turnsCame,
    opaqueId: (unitId) =>
      crypto.createHmac('sha256', row.secret).update(unitId).digest('base64url').slice(0, 22),
  });
}

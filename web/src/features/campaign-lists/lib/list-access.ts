// What a tier may do with a campaign list (docs/product.md#tiers, docs/decisions/006 and
// 007). The server enforces the same rules; the UI mirrors them with core's plain functions so a
// button is hidden exactly when the server would refuse.
import { mayHoldCount, TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';

export type ListKind = 'characteristics' | 'races' | 'classes' | 'statuses';
/** The lists whose entries carry a markdown note (characteristics have none). */
export type NotedKind = Exclude<ListKind, 'characteristics'>;

export const NOTE_LIMIT_KEYS = {
  races: 'raceNoteChars',
  classes: 'classNoteChars',
  statuses: 'statusNoteChars',
} as const satisfies Record<NotedKind, keyof (typeof TIER_LIMITS)['Novice']>;

export interface ListAccess {
  count: number;
  /** The tier's limit for this list (0 for Novice characteristics: the defaults are read-only). */
  limit: number;
  /** Rename, recolour, change the maximum, delete — and add, when `canAdd`. */
  canEdit: boolean;
  canAdd: boolean;
  /** Left over a limit by a downgrade: shown and editable, but nothing can be added. */
  overLimit: boolean;
}

export function listAccess(tier: Tier, kind: ListKind, count: number): ListAccess {
  const limits = TIER_LIMITS[tier];
  const limit = limits[kind];
  const canEdit = limits.canEditLists;
  return {
    count,
    limit,
    canEdit,
    canAdd: canEdit && mayHoldCount(limit, count, count + 1),
    overLimit: canEdit && count > limit,
  };
}

/**
 * The most characters a note may hold: the tier's limit, or more for a note written before a
 * downgrade, which may be edited as long as it does not grow (core's mayHoldText).
 */
export function noteLimit(tier: Tier, kind: NotedKind, storedLength = 0): number {
  return Math.max(TIER_LIMITS[tier][NOTE_LIMIT_KEYS[kind]], storedLength);
}

export function hasNotes(kind: ListKind): kind is NotedKind {
  return kind !== 'characteristics';
}

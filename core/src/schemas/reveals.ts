// Reveals (docs/decisions/064): what the GM shows the table through the campaign's share link — a rules
// section, a unit, a list entry, or a handout written on the spot — each a snapshot taken at reveal time,
// secret blocks removed (core/src/text/secret-blocks.ts). The player payload carries them as `revealed`.
import { z } from 'zod';
import { REVEAL_TEXT_MAX, REVEAL_TITLE_MAX } from '../limits';
import { idSchema, userText } from './common';

export const REVEAL_KINDS = ['rules-section', 'unit', 'list-entry', 'handout'] as const;
export const revealKind = z.enum(REVEAL_KINDS);
export type RevealKind = z.infer<typeof revealKind>;

/** The lists a list entry can come from. */
export const REVEAL_LISTS = ['races', 'classes', 'statuses', 'characteristics'] as const;

/**
 * POST /api/game-data/{id}/reveals. `ref` names what is revealed:
 * - rules-section: the heading's slug, as the rules view's anchors (core/src/links/links.ts headingSlug);
 * - unit: the unit's id;
 * - list-entry: `<list>:<name>`, list one of REVEAL_LISTS (e.g. `races:Elf`);
 * - handout: none; `title` and `text` and/or `imageId` (an image uploaded with POST /api/game-data/{id}/images).
 * Revealing the same ref again replaces its snapshot and brings it to the top.
 */
export const revealCreate = z.object({
  kind: revealKind,
  ref: userText().max(300).optional(),
  title: userText().max(REVEAL_TITLE_MAX).optional(),
  text: userText().max(REVEAL_TEXT_MAX).optional(),
  imageId: idSchema.optional(),
});
export type RevealCreate = z.infer<typeof revealCreate>;

/** A reveal as the GM lists it (GET /api/game-data/{id}/reveals, newest first). */
export const revealResponse = z.object({
  _id: z.string(),
  kind: revealKind,
  ref: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  /** The GM's own URL of the snapshot's image (GET /api/game-data/{id}/images/{imageId}), if any. */
  imageId: z.string().nullable(),
  revealedAt: z.string(),
});
export type RevealResponse = z.infer<typeof revealResponse>;
export const revealList = z.object({ reveals: z.array(revealResponse), limit: z.number().int() });
export type RevealList = z.infer<typeof revealList>;

export const revealParams = z.object({ id: idSchema, revealId: idSchema });

/** A reveal as players get it in the player payload (`revealed`, newest first). */
export const playerReveal = z.object({
  /** Opaque (an HMAC with the link's secret), never the reveal's row id. */
  id: z.string(),
  kind: revealKind,
  title: z.string(),
  /** Markdown without secret blocks; the player page renders it (no raw HTML). */
  text: z.string(),
  /** `/api/play/{token}/images/{opaqueId}`. */
  imageUrl: z.string().optional(),
  revealedAt: z.string(),
});
export type PlayerReveal = z.infer<typeof playerReveal>;

// The one mapping of a stored reveal to the game master's API shape (docs/decisions/058, 064). Players
// get reveals through the player-view presenter, with opaque ids and their link's image URLs.
import type { RevealResponse } from '@questkeeper/core/schemas/reveals';
import type { RevealRow } from './repository';

export const toRevealResponse = (row: RevealRow): RevealResponse => ({
  _id: row.id,
  kind: row.kind,
  ref: row.ref,
  title: row.title,
  text: row.text,
  imageId: row.imageId,
  revealedAt: row.revealedAt.toISOString(),
});

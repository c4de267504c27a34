// The unit columns every answer that shows a unit reads (units, and the combat's unit writes): the row
// with its version (decision 036). Queries one feature alone runs stay in its repository (decision 019).
import { getTableColumns, sql } from 'drizzle-orm';
import type { ImageInfo } from '@questkeeper/core/schemas/images';
import { units } from '../schema';

/**
 * A unit row with its version: PostgreSQL's `xmin`, the id of the transaction that wrote the row
 * last. Every update of the row changes it, locks (FOR UPDATE) do not, and no write can forget to
 * bump it, since there is no column to bump. Opaque to clients.
 */
export type VersionedUnitRow = typeof units.$inferSelect & { version: string; portrait: ImageInfo | null };

/** Select or RETURNING list of a VersionedUnitRow. */
export const versionedUnit = {
  ...getTableColumns(units),
  version: sql<string>`${units}.xmin::text`,
  // The portrait's description (docs/decisions/064), read by its primary key: one index probe a row.
  portrait: sql<ImageInfo | null>`(select json_build_object('etag', i.etag, 'width', i.width, 'height', i.height)
    from images i where i.id = ${units}.portrait_image_id)`,
};

// The unit columns every answer that shows a unit reads (units, and the combat's unit writes): the row
// with its version (decision 036). Queries one feature alone runs stay in its repository (decision 019).
import { getTableColumns, sql } from 'drizzle-orm';
import { units } from '../schema';

/**
 * A unit row with its version: PostgreSQL's `xmin`, the id of the transaction that wrote the row
 * last. Every update of the row changes it, locks (FOR UPDATE) do not, and no write can forget to
 * bump it, since there is no column to bump. Opaque to clients.
 */
export type VersionedUnitRow = typeof units.$inferSelect & { version: string };

/** Select or RETURNING list of a VersionedUnitRow. */
export const versionedUnit = { ...getTableColumns(units), version: sql<string>`${units}.xmin::text` };

// Whole-database snapshots for the proof suites. The tables come from the drizzle schema
// and a user's rows are found by following its foreign keys from `users`, so a new table — or a new
// table hanging off campaigns — is covered without touching this file.
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { App } from '../../src/app';
import * as schema from '../../src/db/schema';

type Row = Record<string, unknown>;
/** Rows per table (SQL names), each table in a stable order. */
export type Snapshot = Record<string, Row[]>;

interface Link {
  columns: string[];
  table: string;
  foreignColumns: string[];
}
interface TableInfo {
  name: string;
  links: Link[];
}

export const TABLES: readonly TableInfo[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => {
    const config = getTableConfig(table);
    return {
      name: config.name,
      links: config.foreignKeys.map((fk) => {
        const reference = fk.reference();
        return {
          columns: reference.columns.map((c) => c.name),
          table: getTableConfig(reference.foreignTable).name,
          foreignColumns: reference.foreignColumns.map((c) => c.name),
        };
      }),
    };
  });

/** One statement for every table: rows as JSON, sorted by their text, so equal data reads equal. */
/**
 * Rows that are no request's doing: the leases of event streams (decision 049) that earlier requests
 * left open are renewed on a timer, so one may change while a later request is being checked.
 */
const UNOWNED_ROWS: Readonly<Record<string, string>> = { rate_limit_counters: `key not like 'stream:%'` };
const rowsOf = (name: string, alias = '') =>
  `"${name}"${alias}${UNOWNED_ROWS[name] ? ` where ${UNOWNED_ROWS[name]}` : ''}`;

const SNAPSHOT_SQL = `json_build_object(${TABLES.map(
  ({ name }) =>
    `'${name}', coalesce((select json_agg(t order by t::text) from ${rowsOf(name, ' t')}), '[]'::json)`,
).join(', ')})::text`;

async function one(app: App, query: string): Promise<string> {
  const result = (await app.database.db.execute(sql.raw(`select ${query} as v`))) as unknown as {
    rows: { v: string }[];
  };
  const value = result.rows[0]?.v;
  if (typeof value !== 'string') throw new Error('snapshot query returned nothing');
  return value;
}

export async function snapshot(app: App): Promise<Snapshot> {
  return JSON.parse(await one(app, SNAPSHOT_SQL)) as Snapshot;
}

const FINGERPRINT_SQL = `md5(concat_ws('|', ${TABLES.map(
  ({ name }) => `(select string_agg(ctid::text || xmin::text, ',' order by ctid) from ${rowsOf(name)})`,
).join(', ')}))`;

/**
 * A digest of which row versions every table holds (`ctid`, `xmin`): any insert, update or delete —
 * even one writing the same values — changes it. Ten times cheaper than reading the rows, so it can
 * run after each of thousands of requests.
 */
export function fingerprint(app: App): Promise<string> {
  return one(app, FINGERPRINT_SQL);
}

/** Empties every table of the schema (a fresh world per route keeps snapshots small). */
export async function truncateAll(app: App): Promise<void> {
  await app.database.db.execute(
    sql.raw(`truncate ${TABLES.map(({ name }) => `"${name}"`).join(', ')} cascade`),
  );
}

/**
 * The rows that belong to a user: its `users` row, then every row whose foreign key points at a row
 * already taken (sessions, campaigns, then units and combats of those campaigns, …).
 */
export function ownedRows(all: Snapshot, userId: string): Snapshot {
  const owned: Snapshot = Object.fromEntries(TABLES.map(({ name }) => [name, []]));
  const keys = new Map<string, Set<unknown>>();
  const take = (table: string, row: Row) => {
    owned[table]!.push(row);
    for (const [column, value] of Object.entries(row)) {
      const key = `${table}.${column}`;
      if (!keys.has(key)) keys.set(key, new Set());
      keys.get(key)!.add(value);
    }
  };
  const taken = new Set<Row>();
  for (const row of all.users ?? []) {
    if (row.id === userId) {
      take('users', row);
      taken.add(row);
    }
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const { name, links } of TABLES) {
      for (const row of all[name] ?? []) {
        if (taken.has(row)) continue;
        const linked = links.some((link) =>
          link.columns.every((column, i) =>
            keys.get(`${link.table}.${link.foreignColumns[i]}`)?.has(row[column]),
          ),
        );
        if (!linked) continue;
        take(name, row);
        taken.add(row);
        changed = true;
      }
    }
  }
  return owned;
}

/** Tables no foreign-key path ties to a user: only the whole-database checks watch them. */
export function unattributedTables(): string[] {
  const reached = new Set(['users']);
  for (let changed = true; changed;) {
    changed = false;
    for (const { name, links } of TABLES) {
      if (!reached.has(name) && links.some((link) => reached.has(link.table))) {
        reached.add(name);
        changed = true;
      }
    }
  }
  return TABLES.map(({ name }) => name).filter((name) => !reached.has(name));
}

/** Names the tables whose rows differ, for a failure message. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return TABLES.map(({ name }) => name).filter(
    (name) => JSON.stringify(before[name] ?? []) !== JSON.stringify(after[name] ?? []),
  );
}

/**
 * What must never appear in an answer to someone else: the strings of a user's rows that the other
 * user's rows do not hold and that are the user's own — texts carrying their `tag`, or tokens (ids,
 * hashes, provider ids: no space, 12+ characters). The app's default texts are nobody's secret.
 */
export function secretsOf(mine: Snapshot, theirs: Snapshot, tag: string): Set<string> {
  const collect = (value: unknown, into: Set<string>) => {
    if (typeof value === 'string') into.add(value);
    else if (Array.isArray(value)) value.forEach((v) => collect(v, into));
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => collect(v, into));
  };
  const own = new Set<string>();
  const other = new Set<string>();
  collect(mine, own);
  collect(theirs, other);
  const personal = (value: string) =>
    value.includes(tag) || (/^\S{12,}$/.test(value) && !/^\d{4}-\d\d-\d\dT/.test(value));
  return new Set([...own].filter((value) => personal(value) && !other.has(value)));
}

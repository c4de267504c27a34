// Keeps the schema shardable by user (docs/decisions/027-distributed-engine.md): every repository
// function that reads or writes a user-owned table names the distribution key (user id, or campaign id
// for tables keyed by campaign), so on Citus or YugabyteDB it runs on one shard. The few entry-point
// lookups by another unique key (a session token, an email, a Stripe id) are listed below with the
// reason; a new function outside that list that forgets the key fails here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Drizzle table names → the column names that carry the shard key (camelCase or SQL). */
const KEYED_BY_USER = [
  'users',
  'sessions',
  'passwordResetTokens',
  'campaigns',
  'contactMessages',
  'subscriptions',
  'demoPaymentSessions',
];
const KEYED_BY_CAMPAIGN = ['units', 'combats', 'combatLog'];
const USER_KEY = /\buserId\b|\buser_id\b|\busers\.id\b|\buserIds\b/;
const CAMPAIGN_KEY = /\bcampaignId\b|\bcampaign_id\b|\bgameDataId\b|\bcampaignIds\b/;
const SQL_NAMES: Record<string, string> = {
  passwordResetTokens: 'password_reset_tokens',
  contactMessages: 'contact_messages',
  demoPaymentSessions: 'demo_payment_sessions',
  combatLog: 'combat_log',
};

/**
 * Entry points that find a row by a key other than the user id: on a distributed engine each becomes
 * a lookup table (key → user id) or a fan-out read of one row (decision 027). `file#function`.
 */
const ENTRY_LOOKUPS: Record<string, string> = {
  'features/auth/repository.ts#findUserByEmail': 'sign-in: email → user (lookup table by email)',
  'features/auth/repository.ts#findLiveSession':
    'every request: token hash → session (lookup table by token)',
  'features/payments/repository.ts#findSubscriptionByCustomer': 'Stripe webhook: customer id → user',
  'features/payments/repository.ts#findDemoSession': 'demo checkout page: session id in the URL → user',
  'features/payments/repository.ts#consumeDemoSession': 'demo checkout completion: as findDemoSession',
  // By the row's own id once its owner is known: single-shard as soon as the key is added to WHERE
  // (the caller has it); to do before distributing (decision 027).
  'features/auth/repository.ts#extendSession': 'session id from findLiveSession, whose row has the user id',
  'features/auth/repository.ts#deleteSession': 'as extendSession',
};

function repositoryFiles(): string[] {
  const features = path.join(SRC, 'features');
  const files = fs
    .readdirSync(features)
    .map((feature) => path.join(features, feature, 'repository.ts'))
    .filter((file) => fs.existsSync(file));
  const shared = path.join(SRC, 'db/shared');
  return [
    ...files,
    ...fs
      .readdirSync(shared)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(shared, f)),
  ];
}

/** Top-level functions of a file: `export (async) function name(` up to the next top-level one. */
function functionsOf(source: string): { name: string; body: string }[] {
  const starts = [...source.matchAll(/^(?:export )?(?:async )?function (\w+)/gm)];
  return starts.map((match, i) => ({
    name: match[1] ?? '',
    body: source.slice(match.index, starts[i + 1]?.index ?? source.length),
  }));
}

/** User-owned tables the function reads, updates or deletes (an insert carries its key as a value). */
function tablesQueried(body: string): string[] {
  return [...KEYED_BY_USER, ...KEYED_BY_CAMPAIGN].filter((table) => {
    const sqlName = SQL_NAMES[table] ?? table;
    return (
      new RegExp(`\\b(from|update|delete|join|innerJoin|leftJoin)\\(\\s*${table}\\b`).test(body) ||
      new RegExp(`\\b(from|update|join)\\s+"?${sqlName}"?\\b`, 'i').test(body)
    );
  });
}

/** The text from the first WHERE on: a key named only in a join or a select list does not count. */
function predicates(body: string): string {
  const at = body.search(/\.where\(|\bwhere\b/i);
  return at === -1 ? '' : body.slice(at);
}

describe('shardable repositories (decision 027)', () => {
  const offenders: string[] = [];
  const seen = new Set<string>();
  for (const file of repositoryFiles()) {
    const relative = path.relative(SRC, file);
    for (const { name, body } of functionsOf(fs.readFileSync(file, 'utf8'))) {
      const id = `${relative}#${name}`;
      const tables = tablesQueried(body);
      if (tables.length === 0) continue;
      seen.add(id);
      const where = predicates(body);
      const keyed = tables.every((table) =>
        KEYED_BY_USER.includes(table)
          ? USER_KEY.test(where)
          : CAMPAIGN_KEY.test(where) || USER_KEY.test(where),
      );
      if (!keyed && !(id in ENTRY_LOOKUPS)) offenders.push(`${id} (${tables.join(', ')})`);
    }
  }

  it('finds the repository functions it checks', () => {
    expect(seen.size).toBeGreaterThan(20);
  });

  it('filters every query on a user-owned table by user or campaign', () => {
    expect(offenders).toEqual([]);
  });

  it('lists only entry lookups that still exist', () => {
    expect(Object.keys(ENTRY_LOOKUPS).filter((id) => !seen.has(id))).toEqual([]);
  });
});

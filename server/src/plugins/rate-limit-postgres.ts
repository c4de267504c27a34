// Rate-limit counters in the database, for several processes sharing PostgreSQL without Redis
// (decision 025). One statement per hit: the upsert locks the key's row, so parallel hits
// from any process count one by one, and a window that has ended starts again at 1.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { RateLimitStore } from './rate-limit';

const SWEEP_MS = 60_000;

export function createPostgresStore(db: Db): RateLimitStore {
  const sweep = setInterval(() => {
    // Every process sweeps; deleting rows another one already deleted costs nothing.
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.resetAt, sql`now()`))
      .then(
        () => {},
        () => {},
      );
  }, SWEEP_MS);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const result = (await db.execute(sql`
        insert into rate_limit_counters as r (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning count, ceil(extract(epoch from (reset_at - now())) * 1000)::int as reset_in_ms`)) as unknown as {
        rows: { count: number; reset_in_ms: number }[];
      };
      const row = result.rows[0];
      return { count: Number(row?.count ?? 1), resetInMs: Math.max(0, Number(row?.reset_in_ms ?? windowMs)) };
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

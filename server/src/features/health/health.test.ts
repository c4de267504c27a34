// Liveness and readiness apart (docs/decisions/025): what a load balancer or orchestrator reads.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/support/harness';

describe('health and readiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('is ready once migrated, with the database and the session channel up', async () => {
    // The session channel's LISTEN connection opens in the background at start: until it is up the
    // process is rightly not ready yet, so wait for it rather than race it.
    const response = await vi.waitFor(
      async () => {
        const answer = await ctx.app.inject({ url: '/api/ready' });
        expect(answer.statusCode).toBe(200);
        return answer;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'up',
      migrations: 'done',
      redis: 'unused',
      invalidations: 'up',
      shuttingDown: false,
    });
  });

  it('is not ready while a migration is missing', async () => {
    const [last] = (
      (await ctx.app.database.db.execute(
        sql`delete from schema_migrations where name = (select max(name) from schema_migrations) returning name`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    try {
      const response = await ctx.app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', migrations: 'pending' });
    } finally {
      await ctx.app.database.db.execute(sql`insert into schema_migrations (name) values (${last!.name})`);
    }
  });

  it('stops being ready when shutting down, while staying alive', async () => {
    ctx.app.lifecycle.startDraining();
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'up', shuttingDown: true });
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'up', driver: ctx.database.driver });
  });
});

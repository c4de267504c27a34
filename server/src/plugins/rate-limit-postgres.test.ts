// The database store of rate limits (decision 025): exact under parallel hits, windows restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { createPostgresStore } from './rate-limit-postgres';
import type { RateLimitStore } from './rate-limit';

describe('rate limits in the database', () => {
  let ctx: TestContext;
  let store: RateLimitStore;
  beforeAll(async () => {
    ctx = await createTestApp();
    store = createPostgresStore(ctx.app.database.db);
  });
  afterAll(async () => {
    await store?.close();
    await ctx?.close();
  });

  it('counts parallel hits one by one, with the time left in the window', async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit('login:ip:10.0.0.1', 60_000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    for (const hit of hits) expect(hit.resetInMs).toBeGreaterThan(50_000);
    expect((await store.hit('login:ip:10.0.0.2', 60_000)).count).toBe(1);
  });

  it('starts again at 1 once the window has passed', async () => {
    await store.hit('contact:ip:10.0.0.3', 50);
    expect((await store.hit('contact:ip:10.0.0.3', 50)).count).toBe(2);
    await new Promise((wake) => setTimeout(wake, 80));
    const next = await store.hit('contact:ip:10.0.0.3', 50);
    expect(next.count).toBe(1);
    expect(next.resetInMs).toBeLessThanOrEqual(50);
  });
});

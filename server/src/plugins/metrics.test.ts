// /api/metrics as Prometheus scrapes it (docs/decisions/025): hidden without METRICS_TOKEN, bearer-protected,
// and counting requests by route pattern (never by URL) with the gauges operations.md queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  testDriver,
  type TestContext,
} from '../../test/support/harness';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one series line, e.g. `name{a="b"} 3` → 3 (undefined when absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('does not exist', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(404);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => ctx.close());

  const scrape = () =>
    ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('refuses a missing or wrong token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('questkeeper_');
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    const user = await registerUser(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/game-data',
      headers: bearer(user.token),
      payload: { name: 'Metrics' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    for (const name of ['Renamed', 'Renamed again']) {
      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/game-data/${id}`,
        headers: bearer(user.token),
        payload: { name },
      });
      expect(renamed.statusCode).toBe(200);
    }
    await ctx.app.inject({ method: 'GET', url: '/api/game-data' });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const byId = 'questkeeper_http_requests_total{method="PUT",route="/api/game-data/:id",status="200"}';
    expect(sample(text, byId)).toBe(2);
    expect(
      sample(text, 'questkeeper_http_requests_total{method="GET",route="/api/game-data",status="401"}'),
    ).toBe(1);
    expect(text).not.toContain(id);
    expect(
      sample(
        text,
        'questkeeper_http_request_duration_seconds_count{method="PUT",route="/api/game-data/:id",status="200"}',
      ),
    ).toBe(2);
    expect(text).toContain(
      'questkeeper_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/game-data",status="201"} 1',
    );
  });

  it('reports the mail outbox by status, open event streams, memory and the pool', async () => {
    await ctx.app.services.mailer.flush();
    const text = (await scrape()).body;
    // The registration above queued a welcome mail; without SMTP_URL it is kept as `demo`.
    expect(sample(text, 'questkeeper_mail_outbox_messages{status="demo"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'questkeeper_mail_outbox_messages{status="dead"}')).toBe(0);
    expect(sample(text, 'questkeeper_event_streams_open')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const pool = sample(text, 'questkeeper_db_pool_connections{state="total"}');
    if (testDriver === 'postgres') expect(pool).toBeGreaterThanOrEqual(1);
    else expect(pool).toBeUndefined();
  });
});

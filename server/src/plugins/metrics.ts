// GET /api/metrics in Prometheus text format (issue #19; queries in docs/operations.md). Off unless
// METRICS_TOKEN is set: the route then does not exist (404), and answers only `Authorization: Bearer
// <token>`. Each app has its own registry, so tests that build several apps count separately; the
// series describe this process only (Prometheus sums the replicas).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { openEventStreams } from '../features/combat/events/sse';
import { sendError } from './errors';
import { sameSecret } from '../lib/tokens';

export const METRICS_PATH = '/api/metrics';

/** Seconds; from a cached session read (~1 ms) to a slow export or a stalled database. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Constant time, and the token's length does not leak either (both sides are hashed first). */
const sameToken = sameSecret;

function databaseGauges(registry: Registry, database: Database): void {
  new Gauge({
    name: 'questkeeper_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent on PGlite.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const client = (database.db as unknown as { $client: unknown }).$client;
      if (!(client instanceof pg.Pool)) return;
      this.set({ state: 'total' }, client.totalCount);
      this.set({ state: 'idle' }, client.idleCount);
      this.set({ state: 'waiting' }, client.waitingCount);
    },
  });
  new Gauge({
    name: 'questkeeper_mail_outbox_messages',
    help: 'Messages in mail_outbox by status (demo, pending, sent, dead).',
    labelNames: ['status'],
    registers: [registry],
    // One grouped count per scrape; it reads no user data. (Kept here rather than in the mail
    // feature's repository: it exists only for this endpoint.)
    async collect() {
      const rows = await database.db
        .select({ status: mailOutbox.status, messages: count() })
        .from(mailOutbox)
        .groupBy(mailOutbox.status);
      this.reset();
      for (const status of ['demo', 'pending', 'sent', 'dead']) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, row.messages);
    },
  });
}

export default fp(async function metricsPlugin(app: FastifyInstance, options: { token: string | undefined }) {
  const { token } = options;
  if (!token) return;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'questkeeper_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'questkeeper_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  databaseGauges(registry, app.database);
  new Gauge({
    name: 'questkeeper_event_streams_open',
    help: 'Combat event streams (SSE) open in this process.',
    registers: [registry],
    collect() {
      this.set(openEventStreams());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the URL: ids and unknown paths would make a series per request.
    const route = request.routeOptions.url ?? (request.url.startsWith('/api') ? 'unmatched-api' : 'web-app');
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) return sendError(reply, request, 'UNAUTHENTICATED');
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
});

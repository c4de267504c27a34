// GET /api/metrics in Prometheus text format (docs/decisions/025; queries in docs/operations.md). Off unless
// METRICS_TOKEN is set: the route then does not exist (404), and answers only `Authorization: Bearer
// <token>`. Each app has its own registry, so tests that build several apps count separately; the
// series describe this process only (Prometheus sums the replicas).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GaugeSpec, Gauges } from '../infra/gauges';
import { sendError } from './errors';
import { sameSecret } from '../lib/tokens';

export const METRICS_PATH = '/api/metrics';

/** Seconds; from a cached session read (~1 ms) to a slow export or a stalled database. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Constant time, and the token's length does not leak either (both sides are hashed first). */
const sameToken = sameSecret;

/** A gauge its owner registered (the pool in infra/, open streams and the mail outbox in their features). */
function registerGauge(registry: Registry, spec: GaugeSpec): void {
  new Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: [...(spec.labelNames ?? [])],
    registers: [registry],
    async collect() {
      const reading = await spec.read();
      if (typeof reading === 'number') {
        this.set(reading);
        return;
      }
      this.reset();
      for (const { labels, value } of reading) this.set(labels, value);
    },
  });
}

export default fp(async function metricsPlugin(
  app: FastifyInstance,
  options: { token: string | undefined; gauges: Gauges },
) {
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
  for (const gauge of options.gauges.list()) registerGauge(registry, gauge);

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

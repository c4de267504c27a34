// Reads the environment once, with zod, and fails at start listing everything that is wrong.
// README.md's configuration table documents each variable; keep the two in step.
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const boolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 0.0.0.0, or 127.0.0.1 while demo mail or payments run without DEMO_MODE (decision 045). */
  HOST: optionalString,
  /** Runs demo mail and payments on a network on purpose; every page then says so (decision 045). */
  DEMO_MODE: boolean(false),
  /** Public origin used in mailed links and payment return URLs; defaults to HOST and PORT. */
  PUBLIC_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /** How long a process reuses a session it looked up (docs/decisions/009); 0 turns it off. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Multiplies every rate limit; tests raise it, 0 disables limits. */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  TRUST_PROXY: boolean(false),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Questkeeper <no-reply@questkeeper.local>'),
  SUPPORT_EMAIL: z.email().default('support@questkeeper.local'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ADVENTURER: optionalString,
  STRIPE_PRICE_HERO: optionalString,
  /** Tests only (NODE_ENV=test): sends the Stripe SDK's calls to a fake (test/support/stripe-fake.ts). */
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Where the built web app lives; the server serves it when present. */
  WEB_DIST: optionalString,
  /** Bearer token for GET /api/metrics (Prometheus); unset, the endpoint does not exist. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  /** 32 bytes (64 hex characters, or base64) sealing share links at rest (decision 050). */
  SHARE_LINK_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => shareLinkKeyBytes(v) !== null, {
        error: 'must be 32 bytes: 64 hex characters or 44 base64 characters (openssl rand -base64 32)',
      })
      .optional(),
  ),
  OPERATOR_COMPANY: z.string().default('Questkeeper SAMPLE SAS (sample value)'),
  OPERATOR_ADDRESS: z.string().default('1 rue de l’Exemple, 75000 Paris, France (sample value)'),
  OPERATOR_PHONE: z.string().default('+33 1 23 45 67 89 (sample value)'),
  OPERATOR_EMAIL: z.string().default('contact@questkeeper.local (sample value)'),
  OPERATOR_REGISTRATION: z.string().default('RCS Paris 000 000 000 (sample value)'),
  OPERATOR_HOST: z.string().default('Sample Hosting SAS, 2 avenue de l’Exemple, 75000 Paris (sample value)'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Origin for mailed links and payment return URLs; never taken from the Host header. */
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  rateLimitScale: number;
  sessionCacheTtlMs: number;
  trustProxy: boolean;
  /**
   * Demo mail (no SMTP_URL: forgot-password answers the reset token) and demo payments (no STRIPE_*:
   * anyone upgrades for free) are safe for the person at the machine only (docs/decisions/045).
   */
  demo: {
    mail: boolean;
    payments: boolean;
    /** DEMO_MODE=true: the demo may be reached from a network, and every page shows a banner. */
    declared: boolean;
    /** A demo part runs without DEMO_MODE: the server listens on loopback only and says why. */
    localOnly: boolean;
  };
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        priceAdventurer: string;
        priceHero: string;
        /** STRIPE_API_BASE: the Stripe fake of a test, instead of api.stripe.com. */
        apiBase?: string | undefined;
      }
    | undefined;
  webDist: string;
  metricsToken: string | undefined;
  /**
   * The key that seals share links (decision 050): SHARE_LINK_KEY, else a key file in DATA_DIR
   * (created on first use), else, for tests without either, a key of this process only.
   */
  shareLinkKey: { kind: 'key'; key: Buffer } | { kind: 'file'; path: string } | { kind: 'process' };
  operator: {
    company: string;
    address: string;
    phone: string;
    email: string;
    registration: string;
    host: string;
  };
}

export class ConfigError extends Error {}

/** SHARE_LINK_KEY's 32 bytes, from 64 hex characters or base64; null for anything else. */
export function shareLinkKeyBytes(value: string): Buffer | null {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : null;
  return bytes?.length === 32 ? bytes : null;
}

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_ADVENTURER',
  'STRIPE_PRICE_HERO',
] as const;

/**
 * Whether HOST only takes connections from this machine: a 127.0.0.0/8 or ::1 address (bracketed or
 * IPv4-mapped too) or the name localhost (Fastify listens on what it resolves to, all loopback).
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) {
    const loopback = new net.BlockList();
    loopback.addAddress('::1', 'ipv6');
    return loopback.check(bare, 'ipv6');
  }
  return false;
}

/** What runs in demo mode, by the variables that would end it, with what the demo lets anyone do. */
function demoParts(demo: Config['demo']): string[] {
  return [
    ...(demo.mail
      ? ['SMTP_URL is unset (demo mail: forgot-password hands out the reset token of any account)']
      : []),
    ...(demo.payments
      ? [`${STRIPE_VARIABLES.join(', ')} are unset (demo payments: anyone upgrades to a paid plan for free)`]
      : []),
  ];
}

/**
 * The start log line of a server in demo mode (decision 045): kept on loopback, why, where to open it
 * and how to open it to a network; or, with DEMO_MODE=true, what anyone reaching it can do.
 * Undefined when nothing runs in demo mode.
 */
export function demoNotice(config: Pick<Config, 'demo' | 'host' | 'publicUrl'>): string | undefined {
  const parts = demoParts(config.demo);
  if (parts.length === 0) return undefined;
  if (!config.demo.localOnly) {
    return (
      `Demo mode on purpose (DEMO_MODE=true), listening on ${config.host}: ${parts.join('; ')}. ` +
      'Every page shows a banner saying so.'
    );
  }
  return (
    `Demo mode: ${parts.join('; ')}. So this server listens on ${config.host} only: ` +
    `open ${config.publicUrl} on this machine. To open it to a network, set the missing variables, ` +
    'or set DEMO_MODE=true to run the demo there on purpose (every page then says so).'
  );
}

/**
 * The origin a browser opens when PUBLIC_URL is unset: the one the server listens on, so payment
 * return links land where the user signed in (a server started on 127.0.0.1 sent them to
 * localhost, another origin with no session). An all-interfaces HOST has no address of its own to
 * open: localhost then.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const name = bare === '' || bare === '0.0.0.0' || bare === '::' ? 'localhost' : bare;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const stripeVars = [
    env.STRIPE_SECRET_KEY,
    env.STRIPE_WEBHOOK_SECRET,
    env.STRIPE_PRICE_ADVENTURER,
    env.STRIPE_PRICE_HERO,
  ];
  const stripeSet = stripeVars.filter(Boolean).length;
  if (stripeSet > 0 && stripeSet < stripeVars.length) {
    throw new ConfigError(
      'Invalid configuration:\n  - STRIPE_*: set all four of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, ' +
        'STRIPE_PRICE_ADVENTURER and STRIPE_PRICE_HERO, or none (demo payments).',
    );
  }
  if (env.STRIPE_API_BASE && env.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  - STRIPE_API_BASE: only for tests (NODE_ENV=test); unset it to reach Stripe.',
    );
  }
  const mail = !env.SMTP_URL;
  const payments = stripeSet === 0;
  const localOnly = (mail || payments) && !env.DEMO_MODE;
  const demo = { mail, payments, declared: env.DEMO_MODE, localOnly };
  // Decision 045: demo mode is for the person at this machine unless DEMO_MODE=true says otherwise.
  const host = env.HOST ?? (localOnly ? '127.0.0.1' : '0.0.0.0');
  if (localOnly) {
    const exposures = [
      ...(isLoopbackHost(host) ? [] : [`HOST=${host} takes connections from other machines`]),
      ...(env.TRUST_PROXY ? ['TRUST_PROXY=true says a reverse proxy forwards other machines’ requests'] : []),
    ];
    if (exposures.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  - DEMO_MODE: ${exposures.join(' and ')}, but ${demoParts(demo).join('; ')}. ` +
          'Set the missing variables, or set DEMO_MODE=true to run the demo on a network on purpose ' +
          '(every page then says so)' +
          (isLoopbackHost(host)
            ? '.'
            : ', or listen on this machine only (leave HOST unset or set HOST=127.0.0.1).'),
      );
    }
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host,
    // Unset HOST: the README's http://localhost:3000, also when demo mode listens on 127.0.0.1 only.
    publicUrl: (env.PUBLIC_URL ?? defaultPublicUrl(env.HOST ?? 'localhost', env.PORT)).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) },
    redisUrl: env.REDIS_URL,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    sessionCacheTtlMs: env.SESSION_CACHE_TTL_MS,
    trustProxy: env.TRUST_PROXY,
    demo,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    stripe:
      env.STRIPE_SECRET_KEY &&
      env.STRIPE_WEBHOOK_SECRET &&
      env.STRIPE_PRICE_ADVENTURER &&
      env.STRIPE_PRICE_HERO
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceAdventurer: env.STRIPE_PRICE_ADVENTURER,
            priceHero: env.STRIPE_PRICE_HERO,
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    metricsToken: env.METRICS_TOKEN,
    shareLinkKey: env.SHARE_LINK_KEY
      ? { kind: 'key', key: shareLinkKeyBytes(env.SHARE_LINK_KEY)! }
      : env.NODE_ENV === 'test'
        ? { kind: 'process' }
        : { kind: 'file', path: path.join(path.resolve(env.DATA_DIR), 'share-link.key') },
    operator: {
      company: env.OPERATOR_COMPANY,
      address: env.OPERATOR_ADDRESS,
      phone: env.OPERATOR_PHONE,
      email: env.OPERATOR_EMAIL,
      registration: env.OPERATOR_REGISTRATION,
      host: env.OPERATOR_HOST,
    },
  };
}

// Test harness for API tests: each test file gets a fresh database — an in-memory PGlite, or (in the
// `api-postgres` vitest project) a new PostgreSQL database created from TEST_DATABASE_URL and
// dropped afterwards — and an app to call through `app.inject` (no port; `listenOnFreePort` for the
// tests that hold a stream or a socket open).
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Tier } from '@questkeeper/core/tiers';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { createScratchDatabase } from './scratch-database';
import { users } from '../../src/db/schema';
import type { RateLimitStore } from '../../src/plugins/rate-limit';
import type { Clock } from '../../src/lib/clock';
import type { StripeConnection } from '../../src/features/payments/stripe/config';
import type { CombatDice } from '../../src/features/combat/service';

export type TestDriver = 'pglite' | 'postgres';
export const testDriver: TestDriver = process.env.QK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Opens a fresh, migrated database of the current driver; `drop` removes it afterwards. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDriver === 'pglite') {
    const database = await openDatabase({ kind: 'pglite-memory' });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('QK_TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'qk_test');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Makes the test app listen on a free local port (streams and raw sockets need one); its port. */
export async function listenOnFreePort(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as AddressInfo).port;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    rateLimitStore?: RateLimitStore;
    /** Points the Stripe provider at a fake (stripe-fake.ts). */
    stripeConnection?: StripeConnection;
    /** Adds test-only routes before the app is sealed. */
    beforeReady?: (app: App) => void;
    /** The app's clock (lib/clock.ts), for rules that depend on time. */
    clock?: Clock;
    /** The combat's random sources (combat/service.ts): seeded in tests that read rolls. */
    dice?: CombatDice;
  } = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Limits are tested on their own; other tests must not trip them.
    RATE_LIMIT_SCALE: '0',
    WEB_DIST: '/nonexistent-web-dist',
    PUBLIC_URL: 'http://questkeeper.test',
    ...options.env,
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    ...(options.stripeConnection ? { stripeConnection: options.stripeConnection } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.dice ? { dice: options.dice } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export const STRONG_PASSWORD = 'Str0ng!pass';

let userCounter = 0;
/** Registers a user (directly through the API) and optionally sets its tier in the database. */
export async function registerUser(
  app: App,
  options: { tier?: Tier; language?: 'en' | 'fr'; email?: string; password?: string } = {},
): Promise<AuthUser & { password: string }> {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const password = options.password ?? STRONG_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, language: options.language ?? 'en' },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const user = response.json<AuthUser>();
  if (options.tier && options.tier !== 'Novice') await setTier(app, user._id, options.tier);
  return { ...user, tier: options.tier ?? user.tier, password };
}

/** Writes a tier straight into the database (never through an HTTP route). */
export async function setTier(app: App, userId: string, tier: Tier): Promise<void> {
  await app.database.db.update(users).set({ tier }).where(eq(users.id, userId));
  // As a payment would: sessions this process has cached pick up the new tier.
  app.services.auth.forgetUser(userId);
}

export function bearer(token: string, campaignId?: string): Record<string, string> {
  return campaignId
    ? { authorization: `Bearer ${token}`, 'x-campaign-id': campaignId }
    : { authorization: `Bearer ${token}` };
}

/** Parses the error body and checks its shape, for assertions on `code`, `message`, `fields`. */
export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  const body = response.json<{ code: string; message: string; fields?: Record<string, string> }>();
  if (typeof body.code !== 'string' || typeof body.message !== 'string') {
    throw new Error(`not an error body: ${response.body}`);
  }
  return body;
}

// docs/decisions/025: three real server processes on one PostgreSQL (and Redis when TEST_REDIS_URL is set)
// behind a round-robin proxy behave as one server (decision 025): sessions, their revocation, rate
// limits, live combat events and payments are shared; migrations run once; a rolling restart
// fails no request. Runs once, in the api-postgres project.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_LIMITS } from '@questkeeper/core/tiers';
import { migrationFiles } from '../../src/db/migrate';
import { RATE_LIMIT_RULES } from '../../src/plugins/rate-limit';
import { ADDRESS } from '../support/payment-steps';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { STRIPE_ENV, startStripeFake } from '../support/stripe-fake';
import { freePort, startServer, type ServerProcess } from './processes';
import { startProxy, type Proxy } from './proxy';
import { readStream } from './sse-reader';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const PASSWORD = 'Str0ng!pass';

describe.skipIf(!adminUrl || process.env.QK_TEST_DB !== 'postgres')(
  `three processes on PostgreSQL${redisUrl ? ' and Redis' : ''}`,
  () => {
    let database: ScratchDatabase;
    let webDist: string;
    let env: Record<string, string>;
    const servers: ServerProcess[] = [];
    let proxy: Proxy;
    // A fresh client address per run: Redis keeps rate-limit counters between runs.
    const clientIp = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

    beforeAll(async () => {
      database = await createScratchDatabase(adminUrl!, 'qk_cluster');
      webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-cluster-web-'));
      fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Questkeeper</title>');
      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      proxy = await startProxy(() => servers.map((server) => server.port), clientIp);
      env = {
        DATABASE_URL: database.url,
        ...(redisUrl ? { REDIS_URL: redisUrl } : { REDIS_URL: '' }),
        RATE_LIMIT_SCALE: '1',
        SESSION_CACHE_TTL_MS: '5000',
        TRUST_PROXY: 'true',
        // Demo payments behind a proxy: meant here (decision 045).
        DEMO_MODE: 'true',
        WEB_DIST: webDist,
        PUBLIC_URL: proxy.url,
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        STRIPE_PRICE_ADVENTURER: '',
        STRIPE_PRICE_HERO: '',
      };
      // All three at once on an empty database: they race to migrate it.
      servers.push(...(await Promise.all(ports.map((port) => startServer(port, env)))));
    }, 90_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await proxy?.close();
      await database?.drop();
      if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
    }, 60_000);

    const call = async (base: string, method: string, url: string, token?: string, body?: unknown) => {
      const response = await fetch(base + url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'accept-language': 'en',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
    };
    const register = async () => {
      const email = `cluster-${crypto.randomUUID()}@example.test`;
      const answer = await call(proxy.url, 'POST', '/api/auth/register', undefined, {
        email,
        password: PASSWORD,
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(201);
      return { email, token: answer.json.token as string };
    };
    /** Polls `check` on a process until it holds; answers the ms it took. */
    const within = async (ms: number, check: () => Promise<boolean>) => {
      const started = Date.now();
      while (!(await check())) {
        if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
        await new Promise((wake) => setTimeout(wake, 20));
      }
      return Date.now() - started;
    };

    it('migrates once when three processes start together', async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string }>('select name from schema_migrations');
        expect(rows.map((row) => row.name).sort()).toEqual(migrationFiles().map((file) => file.name));
      } finally {
        await client.end();
      }
      for (const server of servers) {
        const ready = await call(server.url, 'GET', '/api/ready');
        expect(ready.status).toBe(200);
        expect(ready.json).toMatchObject({
          status: 'ready',
          migrations: 'done',
          redis: redisUrl ? 'up' : 'unused',
          invalidations: 'up',
        });
      }
    });

    it('honours a session on every process, and a logout on all of them within 1 s', async () => {
      const { token } = await register();
      // Each process looks the session up once, and would trust that for 5 s without invalidations.
      for (const server of servers)
        expect((await call(server.url, 'GET', '/api/game-data', token)).status).toBe(200);
      expect((await call(servers[0]!.url, 'POST', '/api/auth/logout', token)).status).toBe(204);
      for (const server of servers.slice(1)) {
        const ms = await within(
          1000,
          async () => (await call(server.url, 'GET', '/api/game-data', token)).status === 401,
        );
        expect(ms).toBeLessThan(1000);
      }
    });

    it('counts rate limits over the sum of the processes', async () => {
      const { perEmail } = RATE_LIMIT_RULES.login;
      const email = `limited-${crypto.randomUUID()}@example.test`;
      const statuses: number[] = [];
      // Round robin: each process sees a third of the attempts, fewer than the limit.
      for (let i = 0; i < perEmail + 2; i++) {
        statuses.push(
          (await call(proxy.url, 'POST', '/api/auth/login', undefined, { email, password: 'Wrong!pass1' }))
            .status,
        );
      }
      expect(statuses).toEqual([...Array<number>(perEmail).fill(401), 429, 429]);
    });

    it('brings a combat action made through one process to a stream open on another within 1 s', async () => {
      const { token } = await register();
      const campaign = await call(proxy.url, 'POST', '/api/game-data', token, { name: 'Cluster' });
      expect(campaign.status).toBe(201);
      const campaignId = campaign.json._id as string;
      const races = campaign.json.races as { name: string }[];
      const classes = campaign.json.classes as { name: string }[];
      const headers = {
        authorization: `Bearer ${token}`,
        'x-campaign-id': campaignId,
        'content-type': 'application/json',
      };
      const unit = await fetch(`${proxy.url}/api/units`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Aria', race: races[0]!.name, class: classes[0]!.name }),
      });
      expect(unit.status).toBe(201);
      const unitId = ((await unit.json()) as { _id: string })._id;

      const stream = await readStream(servers[2]!.port, token, campaignId);
      try {
        await stream.waitFor((event) => 'version' in event, 5000);
        const before = Math.max(...stream.events.map((event) => ('version' in event ? event.version : -1)));
        const acted = await fetch(`${servers[0]!.url}/api/combat/actions`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ version: before, action: { type: 'add', unitId, group: 'allies' } }),
        });
        expect(acted.status, await acted.clone().text()).toBe(200);
        const ms = await stream.waitFor((event) => 'version' in event && event.version > before, 1000);
        expect(ms).toBeLessThan(1000);
      } finally {
        stream.close();
      }
    });

    it('ends a combat stream on one process when its session logs out on another, not on a language change', async () => {
      const { token } = await register();
      const campaign = await call(proxy.url, 'POST', '/api/game-data', token, { name: 'Ends' });
      const campaignId = campaign.json._id as string;
      const stream = await readStream(servers[2]!.port, token, campaignId);
      try {
        await stream.waitFor((event) => 'version' in event, 5000);
        // A language change evicts the user's sessions too, but leaves this one alive: the stream stays.
        expect(
          (await call(servers[0]!.url, 'PUT', '/api/auth/language', token, { language: 'fr' })).status,
        ).toBe(200);
        await new Promise((wake) => setTimeout(wake, 500));
        expect(stream.ended()).toBe(false);
        expect((await call(servers[0]!.url, 'POST', '/api/auth/logout', token)).status).toBe(204);
        await stream.waitEnd(1000);
      } finally {
        stream.close();
      }
    });

    it('counts open event streams over the sum of the processes: the 21st answers 429 until one closes', async () => {
      const { token } = await register();
      const campaign = await call(proxy.url, 'POST', '/api/game-data', token, { name: 'Many' });
      const campaignId = campaign.json._id as string;
      const streams = [];
      try {
        for (let i = 0; i < 20; i++) streams.push(await readStream(servers[i % 3]!.port, token, campaignId));
        for (const server of servers) {
          await expect(readStream(server.port, token, campaignId)).rejects.toThrow('stream answered 429');
        }
        streams.shift()!.close();
        // The slot is given back once the closing process sees the socket go.
        await within(2000, async () => {
          try {
            streams.push(await readStream(servers[1]!.port, token, campaignId));
            return true;
          } catch {
            return false;
          }
        });
        await expect(readStream(servers[0]!.port, token, campaignId)).rejects.toThrow('stream answered 429');
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    it('brings an action and a revocation made through one process to a player stream on another within 1 s', async () => {
      const { token } = await register();
      const campaign = await call(proxy.url, 'POST', '/api/game-data', token, { name: 'Players' });
      const campaignId = campaign.json._id as string;
      const races = campaign.json.races as { name: string }[];
      const classes = campaign.json.classes as { name: string }[];
      const headers = { authorization: `Bearer ${token}`, 'x-campaign-id': campaignId };
      const json = { ...headers, 'content-type': 'application/json' };
      const unit = await fetch(`${proxy.url}/api/units`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Aria', race: races[0]!.name, class: classes[0]!.name }),
      });
      const unitId = ((await unit.json()) as { _id: string })._id;
      const shared = await fetch(`${servers[0]!.url}/api/combat/share`, { method: 'POST', headers });
      expect(shared.status).toBe(200);
      const playToken = new URL(((await shared.json()) as { url: string }).url).pathname.split('/').pop()!;

      // The player page's stream, read raw from the third process: events as they arrive.
      const received: { event: string; data: string; at: number }[] = [];
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port: servers[2]!.port, path: `/api/play/${playToken}/events`, agent: false },
          resolve,
        );
        request.on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trim())
              .join('\n');
          if (field('data') || field('event')) {
            received.push({ event: field('event') || 'message', data: field('data'), at: Date.now() });
          }
        }
      });
      const waitFor = async (match: (item: (typeof received)[number]) => boolean, ms: number) => {
        const deadline = Date.now() + ms;
        while (!received.some(match)) {
          if (Date.now() > deadline)
            throw new Error(`no matching event in ${ms} ms: ${JSON.stringify(received)}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return received.find(match)!;
      };
      try {
        await waitFor((item) => item.event === 'message', 5000);
        const current = (await (await fetch(`${servers[1]!.url}/api/combat`, { headers })).json()) as {
          version: number;
        };
        const sent = Date.now();
        const acted = await fetch(`${servers[1]!.url}/api/combat/actions`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            version: current.version,
            action: { type: 'add', unitId, group: 'allies' },
          }),
        });
        expect(acted.status).toBe(200);
        const seen = await waitFor(
          (item) =>
            item.event === 'message' && (JSON.parse(item.data) as { units: unknown[] }).units.length === 1,
          1000,
        );
        expect(seen.at - sent).toBeLessThan(1000);
        // What players see names the unit, and never its real id.
        expect(seen.data).toContain('Aria');
        expect(seen.data).not.toContain(unitId);

        const revokedAt = Date.now();
        expect(
          (await fetch(`${servers[0]!.url}/api/combat/share`, { method: 'DELETE', headers })).status,
        ).toBe(204);
        const revoked = await waitFor((item) => item.event === 'revoked', 1000);
        expect(revoked.at - revokedAt).toBeLessThan(1000);
      } finally {
        response.destroy();
      }
    });

    it('applies one demo checkout confirmed on two processes at once once, and every process sees the tier', async () => {
      const { token } = await register();
      const limitOn = async (server: ServerProcess) =>
        (await call(server.url, 'GET', '/api/game-data/campaigns/limit', token)).json.limit as number;
      const noviceLimits = await Promise.all(servers.map(limitOn));
      const checkout = await call(proxy.url, 'POST', '/api/stripe/create-checkout-session', token, {
        plan: 'Hero',
      });
      expect(checkout.status).toBe(200);
      const id = /[0-9a-f-]{36}/.exec(checkout.json.url as string)![0];
      const confirm = (server: ServerProcess) =>
        call(server.url, 'POST', `/api/stripe/demo/checkout/${id}/confirm`, undefined, ADDRESS);
      const answers = await Promise.all([confirm(servers[0]!), confirm(servers[1]!)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
      // The tier change reaches the cached sessions of every process, not after their 5 s.
      for (const [i, server] of servers.entries()) {
        const ms = await within(1000, async () => (await limitOn(server)) > noviceLimits[i]!);
        expect(ms).toBeLessThan(1000);
      }
    });

    it('applies one Stripe webhook delivered to two processes at once once', async () => {
      // Two more processes on the same database, with the Stripe provider pointed at the fake
      // (STRIPE_API_BASE, tests only): the real SDK verifies the signature and reads the state back.
      const fake = await startStripeFake();
      const stripeEnv = {
        ...env,
        ...STRIPE_ENV,
        STRIPE_API_BASE: `http://127.0.0.1:${fake.connection.port}`,
      };
      const ports = await Promise.all([freePort(), freePort()]);
      const stripeServers = await Promise.all(ports.map((port) => startServer(port, stripeEnv)));
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const [first, second] = stripeServers as [ServerProcess, ServerProcess];
        const { email, token } = await register();
        const checkout = await call(first.url, 'POST', '/api/stripe/create-checkout-session', token, {
          plan: 'Hero',
        });
        expect(checkout.status, JSON.stringify(checkout.json)).toBe(200);
        expect(checkout.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
        const userId = (await client.query<{ id: string }>('select id from users where email = $1', [email]))
          .rows[0]!.id;
        // The process created the Stripe customer in the fake and stored it.
        const customerId = [...fake.customers.values()].find((customer) => customer.email === email)?.id;
        expect(customerId).toMatch(/^cus_/);
        if (!customerId) return;
        const subscriptionId = `sub_${crypto.randomBytes(6).toString('hex')}`;
        fake.setSubscription({
          id: subscriptionId,
          customer: customerId,
          status: 'active',
          price: STRIPE_ENV.STRIPE_PRICE_HERO,
          metadata: { userId, plan: 'Hero' },
        });
        const eventId = `evt_${crypto.randomBytes(8).toString('hex')}`;
        const payload = JSON.stringify({
          id: eventId,
          object: 'event',
          api_version: '2026-10-28.endive',
          livemode: false,
          type: 'checkout.session.completed',
          data: {
            object: {
              id: `cs_${crypto.randomBytes(6).toString('hex')}`,
              object: 'checkout.session',
              mode: 'subscription',
              customer: customerId,
              subscription: subscriptionId,
              client_reference_id: userId,
              metadata: { userId, plan: 'Hero' },
            },
          },
        });
        const signature = Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
        });
        const count = async (from: string, ...values: string[]) =>
          Number((await client.query<{ n: string }>(`select count(*) as n from ${from}`, values)).rows[0]!.n);
        const mailsBefore = await count('mail_outbox where "to" = $1', email);
        const eventsBefore = await count('payment_events');
        const deliver = (server: ServerProcess) =>
          fetch(`${server.url}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          }).then(async (response) => ({ status: response.status, body: await response.text() }));
        // The same delivery, to both processes at once (Stripe retries, or two endpoints).
        const answers = await Promise.all([deliver(first), deliver(second)]);
        expect(answers).toEqual([
          { status: 200, body: '{"received":true}' },
          { status: 200, body: '{"received":true}' },
        ]);
        // Both verified it and read the subscription back from Stripe; one applied it.
        expect(fake.calls('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(2);
        expect(await count('payment_events where id = $1', eventId)).toBe(1);
        expect((await count('payment_events')) - eventsBefore).toBe(1);
        const rows = await client.query<{ subscription_id: string; plan: string; status: string }>(
          'select subscription_id, plan, status from subscriptions where user_id = $1',
          [userId],
        );
        expect(rows.rows).toEqual([{ subscription_id: subscriptionId, plan: 'Hero', status: 'active' }]);
        const tier = await client.query<{ tier: string }>('select tier from users where id = $1', [userId]);
        expect(tier.rows[0]!.tier).toBe('Hero');
        // A subscription change sends no mail: the double delivery queued none either.
        expect(await count('mail_outbox where "to" = $1', email)).toBe(mailsBefore);
        // Every process, the demo ones included, sees the new tier.
        for (const server of [...servers, ...stripeServers]) {
          const ms = await within(1000, async () => {
            const limit = await call(server.url, 'GET', '/api/game-data/campaigns/limit', token);
            return limit.json.limit === TIER_LIMITS.Hero.campaigns;
          });
          expect(ms).toBeLessThan(1000);
        }
      } finally {
        await client.end();
        await Promise.all(stripeServers.map((server) => server.stop()));
        await fake.close();
      }
    }, 90_000);

    it('fails no request during a rolling restart, and ends streams with a reconnect hint', async () => {
      const { token } = await register();
      const campaign = await call(proxy.url, 'POST', '/api/game-data', token, { name: 'Restart' });
      const campaignId = campaign.json._id as string;
      let running = true;
      const failures: string[] = [];
      let done = 0;
      const client = async () => {
        while (running) {
          const answer = await call(proxy.url, 'GET', '/api/game-data', token).catch((error: Error) => ({
            status: 0,
            json: { error: error.message },
          }));
          if (answer.status === 200) done += 1;
          else failures.push(`${answer.status} ${JSON.stringify(answer.json)}`);
        }
      };
      const clients = Array.from({ length: 4 }, client);
      try {
        for (let i = 0; i < servers.length; i++) {
          const old = servers[i]!;
          const stream = await readStream(old.port, token, campaignId);
          await stream.waitFor((event) => 'version' in event, 5000);
          expect(await old.stop()).toBe(0);
          await stream.waitEnd(5000);
          const hint = stream.events.at(-1);
          expect(hint && 'retry' in hint && hint.retry <= 1000).toBe(true);
          servers[i] = await startServer(old.port, env);
        }
      } finally {
        running = false;
        await Promise.all(clients);
      }
      expect(failures).toEqual([]);
      expect(done).toBeGreaterThan(20);
    }, 90_000);
  },
);

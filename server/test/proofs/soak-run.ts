// Soak, shared by `npm run bench:soak` (10 minutes) and the CI proof
// (soak.test.ts, 60 s): the compiled server (as `npm start` runs it) on a fresh data folder or
// PostgreSQL database; simulated game masters play the calls of a session (sign in and out, list
// campaigns, units and the fight, save rules, update units, act in the fight). The maximum rate is
// measured first (closed loop, which also warms up), then the load runs open loop at half of it.
// Memory is read from the server itself: a preload (below) forces a full GC on SIGUSR2 and prints
// process.memoryUsage(), so heap figures are live objects, not garbage waiting for a collection.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { freePort } from '../cluster/processes';
import { isolatedServer, prepareBundle, startBundle, type RunningServer } from './crash-process';
import { PASSWORD, seededRandom } from './crash-load';

export type SoakDriver = 'pglite' | 'postgres';

const MEMORY_MARK = 'QK_SOAK_MEMORY ';
/** Loaded into the server with --import: SIGUSR2 → full GC → one line of memoryUsage(). */
const PROBE = `process.on('SIGUSR2', () => { globalThis.gc(); process.stdout.write(${JSON.stringify(
  MEMORY_MARK,
)} + JSON.stringify(process.memoryUsage()) + '\\n'); });`;

export interface MemorySample {
  atMs: number;
  rss: number;
  heapUsed: number;
}

export interface Window {
  /** Start of the window, seconds from the start of the soak. */
  from: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface SoakResult {
  driver: SoakDriver;
  maxRate: number;
  rate: number;
  durationMs: number;
  requests: number;
  errors: string[];
  errorCount: number;
  windows: Window[];
  memory: MemorySample[];
  base: { rss: number; heapUsed: number };
  end: { rss: number; heapUsed: number };
  growth: { rss: number; heapUsed: number };
  byCall: Record<string, number>;
}

interface User {
  email: string;
  token: string;
  campaignId: string;
  unitIds: string[];
  combatVersion: number;
  allies: Set<string>;
  calls: number;
}

type Json = Record<string, unknown>;
const pause = (ms: number) => new Promise((wake) => setTimeout(wake, Math.max(0, ms)));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runSoak(options: {
  driver: SoakDriver;
  adminUrl?: string | undefined;
  /** Closed-loop measurement of the maximum (also the warm-up). */
  probeMs: number;
  /** The open-loop load at half the maximum. */
  durationMs: number;
  /** Memory growth is measured from this point of the load to its end. */
  baselineAtMs: number;
  /** Samples averaged at each end of the growth measurement. */
  averageMs: number;
  sampleEveryMs: number;
  windowMs: number;
  users?: number;
  seed?: number;
  log?: (line: string) => void;
}): Promise<SoakResult> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed ?? 1);
  const usersCount = options.users ?? 8;
  const bundle = prepareBundle();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-soak-'));
  const isolated = isolatedServer('qk-soak');
  let scratch: ScratchDatabase | undefined;
  let server: RunningServer | undefined;
  const waiting: ((sample: Omit<MemorySample, 'atMs'>) => void)[] = [];
  try {
    if (options.driver === 'postgres') {
      scratch = await createScratchDatabase(options.adminUrl ?? '', 'qk_soak');
    }
    const port = await freePort();
    server = await startBundle(bundle, {
      port,
      // A first start on a busy shared machine; the crash proof is the one that times restarts.
      timeoutMs: 90_000,
      nodeArgs: [
        '--expose-gc',
        `--import=data:text/javascript;base64,${Buffer.from(PROBE).toString('base64')}`,
      ],
      env: {
        ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
        ...isolated.env(port),
      },
      onLine: (line) => {
        if (!line.startsWith(MEMORY_MARK)) return;
        const usage = JSON.parse(line.slice(MEMORY_MARK.length)) as { rss: number; heapUsed: number };
        waiting.shift()?.({ rss: usage.rss, heapUsed: usage.heapUsed });
      },
    });
    const running = server;
    const base = running.url;
    const sampleMemory = () =>
      new Promise<Omit<MemorySample, 'atMs'>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no memory sample within 10 s')), 10_000);
        waiting.push((sample) => {
          clearTimeout(timer);
          resolve(sample);
        });
        process.kill(running.pid, 'SIGUSR2');
      });

    // ---- The calls -------------------------------------------------------------------------
    const errors: string[] = [];
    let errorCount = 0;
    const byCall: Record<string, number> = {};
    let record: (name: string, startedAt: number, ms: number, ok: boolean) => void = () => {};
    const request = async (
      name: string,
      method: string,
      url: string,
      user: User | null,
      body?: unknown,
      withCampaign = false,
    ): Promise<Json | Json[] | null> => {
      const startedAt = performance.now();
      let status = 0;
      let json: Json | Json[] | null = null;
      try {
        const response = await fetch(base + url, {
          method,
          headers: {
            ...(user ? { authorization: `Bearer ${user.token}` } : {}),
            ...(user && withCampaign ? { 'x-campaign-id': user.campaignId } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            'accept-language': 'en',
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        const text = await response.text();
        json = text ? (JSON.parse(text) as Json) : null;
        if (status < 200 || status >= 300) throw new Error(`${status} ${text.slice(0, 200)}`);
      } catch (error) {
        errorCount += 1;
        if (errors.length < 20) {
          errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
        record(name, startedAt, performance.now() - startedAt, false);
        return null;
      }
      record(name, startedAt, performance.now() - startedAt, true);
      byCall[name] = (byCall[name] ?? 0) + 1;
      return json;
    };

    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    /** One call of a session; every 30th signs in again and signs the old session out. */
    const next = async (user: User): Promise<void> => {
      user.calls += 1;
      if (user.calls % 30 === 0) {
        const login = (await request('sign in', 'POST', '/api/auth/login', null, {
          email: user.email,
          password: PASSWORD,
        })) as Json | null;
        if (!login) return;
        await request('sign out', 'POST', '/api/auth/logout', user);
        user.token = login.token as string;
        return;
      }
      const kind = pick([
        'campaigns',
        'campaigns',
        'units',
        'units',
        'fight',
        'fight',
        'rules',
        'unit update',
        'unit update',
        'combat action',
        'combat action',
        'limit',
      ] as const);
      switch (kind) {
        case 'campaigns':
          await request(kind, 'GET', '/api/game-data', user);
          return;
        case 'units':
          await request(kind, 'GET', '/api/units', user, undefined, true);
          return;
        case 'fight':
          await request(kind, 'GET', '/api/combat', user, undefined, true);
          return;
        case 'limit':
          await request(kind, 'GET', '/api/game-data/campaigns/limit', user);
          return;
        case 'rules':
          await request(kind, 'PUT', `/api/game-data/${user.campaignId}`, user, {
            rules: `# House rules ${Math.floor(random() * 1e6)}\n\n${'Roll high, play fair. '.repeat(40)}`,
          });
          return;
        case 'unit update':
          await request(
            kind,
            'PUT',
            `/api/units/${pick(user.unitIds)}`,
            user,
            { hp: 1 + Math.floor(random() * 300) },
            true,
          );
          return;
        case 'combat action': {
          const unitId = pick(user.unitIds);
          const action = user.allies.has(unitId)
            ? { type: 'remove', unitId }
            : { type: 'add', unitId, group: 'allies' };
          const answer = (await request(
            kind,
            'POST',
            '/api/combat/actions',
            user,
            { version: user.combatVersion, action },
            true,
          )) as Json | null;
          const combat = answer?.combat as { version: number; allies: string[] } | undefined;
          if (combat) {
            user.combatVersion = combat.version;
            user.allies = new Set(combat.allies);
          }
          return;
        }
      }
    };

    // ---- Users, each with a campaign and units (not measured) --------------------------------
    const tag = crypto.randomBytes(3).toString('hex');
    const users: User[] = await Promise.all(
      Array.from({ length: usersCount }, async (_, i) => {
        const email = `soak-${tag}-${i}@example.test`;
        const registered = (await request('setup', 'POST', '/api/auth/register', null, {
          email,
          password: PASSWORD,
        })) as Json;
        const user: User = {
          email,
          token: registered.token as string,
          campaignId: '',
          unitIds: [],
          combatVersion: 0,
          allies: new Set(),
          calls: i * 4, // spread the sign-ins
        };
        const campaign = (await request('setup', 'POST', '/api/game-data', user, { name: 'Soak' })) as Json;
        user.campaignId = campaign._id as string;
        const race = (campaign.races as { name: string }[])[0]!.name;
        const className = (campaign.classes as { name: string }[])[0]!.name;
        for (let n = 0; n < 5; n++) {
          const unit = (await request(
            'setup',
            'POST',
            '/api/units',
            user,
            { name: `Soak ${n}`, race, class: className },
            true,
          )) as Json;
          user.unitIds.push(unit._id as string);
        }
        return user;
      }),
    );
    if (errorCount > 0) throw new Error(`setup failed: ${errors.join('; ')}`);

    // ---- Maximum: closed loop ----------------------------------------------------------------
    let probeDone = 0;
    record = (_name, _at, _ms, ok) => {
      if (ok) probeDone += 1;
    };
    const probeStart = performance.now();
    await Promise.all(
      users.map(async (user) => {
        while (performance.now() - probeStart < options.probeMs) await next(user);
      }),
    );
    const maxRate = probeDone / ((performance.now() - probeStart) / 1000);
    const rate = maxRate / 2;
    log(
      `  maximum ${maxRate.toFixed(0)} requests/s (closed loop, ${usersCount} users); soak at ${rate.toFixed(0)}/s`,
    );

    // ---- Soak: open loop at half the maximum ---------------------------------------------------
    const samples: { at: number; ms: number; ok: boolean }[] = [];
    const soakStart = performance.now();
    record = (_name, at, ms, ok) => samples.push({ at: at - soakStart, ms, ok });
    const memory: MemorySample[] = [];
    let soaking = true;
    const sampler = (async () => {
      for (let at = 0; soaking; at += options.sampleEveryMs) {
        await pause(soakStart + at - performance.now());
        if (!soaking) break;
        memory.push({ atMs: performance.now() - soakStart, ...(await sampleMemory()) });
      }
    })();
    const interval = (1000 * usersCount) / rate;
    await Promise.all(
      users.map(async (user, i) => {
        // Each user sends one call every `interval`, offset from the others; a late call is sent
        // at once (open loop: the server's slowness does not lower the rate asked of it).
        for (let k = 0; ; k++) {
          const due = soakStart + (k + i / usersCount) * interval;
          if (due - soakStart >= options.durationMs) return;
          await pause(due - performance.now());
          await next(user);
        }
      }),
    );
    soaking = false;
    await sampler;
    memory.push({ atMs: performance.now() - soakStart, ...(await sampleMemory()) });
    const durationMs = performance.now() - soakStart;

    // ---- Figures ---------------------------------------------------------------------------------
    const windows: Window[] = [];
    for (let from = 0; from < options.durationMs; from += options.windowMs) {
      const inside = samples.filter((s) => s.at >= from && s.at < from + options.windowMs);
      const sorted = inside.map((s) => s.ms).sort((a, b) => a - b);
      windows.push({
        from: from / 1000,
        requests: inside.length,
        errors: inside.filter((s) => !s.ok).length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
      });
    }
    const mean = (items: MemorySample[]) => ({
      rss: items.reduce((sum, s) => sum + s.rss, 0) / items.length,
      heapUsed: items.reduce((sum, s) => sum + s.heapUsed, 0) / items.length,
    });
    const baseSamples = memory.filter(
      (s) => s.atMs >= options.baselineAtMs && s.atMs < options.baselineAtMs + options.averageMs,
    );
    const endSamples = memory.filter((s) => s.atMs >= durationMs - options.averageMs);
    const baseMemory = mean(baseSamples.length ? baseSamples : memory.slice(0, 1));
    const endMemory = mean(endSamples.length ? endSamples : memory.slice(-1));
    return {
      driver: options.driver,
      maxRate,
      rate,
      durationMs,
      requests: samples.length,
      errors,
      errorCount,
      windows,
      memory,
      base: baseMemory,
      end: endMemory,
      growth: {
        rss: (endMemory.rss - baseMemory.rss) / baseMemory.rss,
        heapUsed: (endMemory.heapUsed - baseMemory.heapUsed) / baseMemory.heapUsed,
      },
      byCall,
    };
  } finally {
    await server?.kill('SIGTERM');
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    isolated.remove();
    bundle.remove();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %`;

/** Lines for the console: one per window, then the memory figures. */
export function soakReport(result: SoakResult): string[] {
  return [
    ...result.windows.map(
      (w) =>
        `  from ${w.from.toFixed(0).padStart(4)} s: ${String(w.requests).padStart(6)} requests, ` +
        `${w.errors} errors, p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms, max ${w.max.toFixed(0)} ms`,
    ),
    `  memory after a full GC: RSS ${mb(result.base.rss)} → ${mb(result.end.rss)} (${pct(result.growth.rss)}), ` +
      `heap ${mb(result.base.heapUsed)} → ${mb(result.end.heapUsed)} (${pct(result.growth.heapUsed)})`,
  ];
}

export function soakFigures(result: SoakResult, baselineLabel: string): Record<string, string | number> {
  return {
    'maximum, closed loop (requests/s)': result.maxRate.toFixed(0),
    'soak rate, half the maximum (requests/s)': result.rate.toFixed(0),
    'duration (s)': (result.durationMs / 1000).toFixed(0),
    requests: result.requests,
    errors: result.errorCount,
    'p99 per window (ms)': result.windows.map((w) => w.p99.toFixed(0)).join(' · '),
    [`RSS after GC, ${baselineLabel} → end`]: `${mb(result.base.rss)} → ${mb(result.end.rss)} (${pct(result.growth.rss)})`,
    [`heap after GC, ${baselineLabel} → end`]: `${mb(result.base.heapUsed)} → ${mb(result.end.heapUsed)} (${pct(result.growth.heapUsed)})`,
  };
}

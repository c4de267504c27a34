// The real server for the crash and soak proofs: the compiled bundle `npm start` runs
// (server/dist/server.js, built or rebuilt by scripts/ensure-server-build.mjs, docs/decisions/026),
// started with the same flags and NODE_ENV. The bundle is copied to a private folder first, so a
// rebuild started meanwhile by someone else's `npm start` cannot swap it between two restarts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface Bundle {
  /** The private copy of server.js. */
  entry: string;
  remove(): void;
}

/**
 * Builds the bundle when missing or older than the sources (as `npm start` does), then copies it
 * under test-results/ (ignored by git). npm packages resolve from the repository's node_modules,
 * as they do from server/dist.
 */
export function prepareBundle(): Bundle {
  const built = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/ensure-server-build.mjs').then((m) => m.ensureServerBuild())"],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`server bundle build failed:\n${built.stdout}${built.stderr}`);
  const dist = path.join(ROOT, 'server/dist');
  const copy = path.join(ROOT, 'test-results', 'server-bundles', crypto.randomBytes(6).toString('hex'));
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.cpSync(dist, copy, { recursive: true });
  const entry = path.join(copy, 'server.js');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(copy, 'migrations'))) {
    throw new Error(`server/dist changed while it was copied; run again`);
  }
  return { entry, remove: () => fs.rmSync(copy, { recursive: true, force: true }) };
}

export interface RunningServer {
  readonly pid: number;
  readonly url: string;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  readonly healthMs: number;
  /** The last lines it wrote, for a failure's message. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * What the proofs' servers share: a stand-in web build (the proofs call the API only), and the
 * environment that keeps them alone on this machine — no Redis, mail, Stripe or metrics token, no
 * rate limit, warnings only. `remove` deletes the stand-in build.
 */
export function isolatedServer(prefix: string): {
  env(port: number): Record<string, string>;
  remove(): void;
} {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-web-`));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Questkeeper</title>');
  return {
    env: (port) => ({
      REDIS_URL: '',
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_PRICE_ADVENTURER: '',
      STRIPE_PRICE_HERO: '',
      METRICS_TOKEN: '',
    }),
    remove: () => fs.rmSync(webDist, { recursive: true, force: true }),
  };
}

const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** Starts the bundle as scripts/start.mjs does and waits for /api/health, then /api/ready. */
export async function startBundle(
  bundle: Bundle,
  options: {
    port: number;
    env: Record<string, string>;
    nodeArgs?: string[];
    timeoutMs?: number;
    /** Each line the process writes (stdout and stderr). */
    onLine?: (line: string) => void;
  },
): Promise<RunningServer> {
  const started = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--enable-source-maps', bundle.entry],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...options.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  const reader = () => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      const fresh = parts.filter(Boolean);
      for (const line of fresh) options.onLine?.(line);
      lines.push(...fresh);
      lines.splice(0, Math.max(0, lines.length - 60));
    };
  };
  child.stdout?.on('data', reader());
  child.stderr?.on('data', reader());
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${options.port}`;
  const output = () => lines.join('\n');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const waitFor = async (route: string) => {
    for (;;) {
      if (gone) throw new Error(`server exited while starting:\n${output()}`);
      if (Date.now() - started > timeoutMs) {
        child.kill('SIGKILL');
        throw new Error(`server not answering ${route} within ${timeoutMs} ms:\n${output()}`);
      }
      try {
        const response = await fetch(url + route, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await pause(25);
    }
  };
  await waitFor('/api/health');
  const healthMs = Date.now() - started;
  await waitFor('/api/ready');
  return {
    pid: child.pid!,
    url,
    healthMs,
    output,
    exited,
    kill(signal) {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
}

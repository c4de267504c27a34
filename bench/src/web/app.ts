// The web app under test, as production runs it: `vite build` of web/, then `node scripts/start.mjs`
// (the real server, web and API on one origin) on a free loopback port with a fresh PGlite DATA_DIR.
// The build goes to a temporary folder (WEB_DIST), so the run never replaces web/dist under a
// developer's running server; BENCH_WEB_DIST=<folder> measures an existing build instead.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');

export interface RunningApp {
  origin: string;
  distDir: string;
  stop(): Promise<void>;
}

/** Builds web/ into a fresh temporary folder and returns it (and how to remove it). */
export function buildWeb(): { distDir: string; remove: () => void } {
  const existing = process.env.BENCH_WEB_DIST;
  if (existing) {
    const distDir = path.resolve(existing);
    if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`${distDir}: no index.html`);
    console.log(`Measuring the existing build in ${distDir} (BENCH_WEB_DIST).`);
    return { distDir, remove: () => {} };
  }
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-web-'));
  const distDir = path.join(parent, 'dist');
  console.log(`Building the web app (npm run build -w web -- --outDir ${distDir})…`);
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web', '--', '--outDir', distDir], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0 || !fs.existsSync(path.join(distDir, 'index.html'))) {
    fs.rmSync(parent, { recursive: true, force: true });
    throw new Error(`web build failed (exit ${build.status})`);
  }
  return { distDir, remove: () => fs.rmSync(parent, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const live = new Set<number>();
// Whatever ends the bench (error, Ctrl-C, process.exit), no server outlives it holding DATA_DIR.
process.on('exit', () => {
  for (const pid of live) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** A running `scripts/start.mjs`: where it answers, and how to end it (its data folder stays). */
export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startApp(distDir: string): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-web-data-'));
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let server: RunningServer;
  try {
    server = await startServer(distDir, dataDir);
  } catch (error) {
    removeData();
    throw error;
  }
  const stop = async () => {
    await server.stop();
    removeData();
  };
  return { origin: server.origin, distDir, stop };
}

/**
 * Starts `scripts/start.mjs` serving distDir on a free loopback port, with dataDir as its PGlite
 * DATA_DIR, and waits for /api/health. The caller owns dataDir (the combat bench stops the server,
 * writes to its database and starts it again on the same folder).
 */
export async function startServer(
  distDir: string,
  dataDir: string,
  /** PostgreSQL instead of PGlite (the combat bench runs on both when DATABASE_URL is set). */
  databaseUrl?: string,
): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: distDir,
  };
  // The API bench may run with DATABASE_URL set; the browser benches always use their own PGlite folder.
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  delete env.PUBLIC_URL;
  // detached: its own process group, so stop() ends start.mjs and the server it spawned together.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start scripts/start.mjs');
  live.add(pid);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // Already gone.
    }
  };
  // SIGTERM lets the server close PGlite and release the data folder's lock before the next open.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    live.delete(pid);
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`scripts/start.mjs exited (${child.exitCode ?? child.signalCode}) before /api/health`);
    }
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the app did not answer /api/health within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, stop };
}

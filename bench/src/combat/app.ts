// The app under test for the combat benchmark, as production runs it (`node scripts/start.mjs` on the
// web build), like ../web/app.ts — but on a data folder the benchmark owns, so it can stop the server,
// add the units a Hero cannot create through the API (setup.ts), and start it again on the same data.
import { spawn } from 'node:child_process';
import { ROOT, freePort } from '../web/app';

export interface CombatServer {
  origin: string;
  stop(): Promise<void>;
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

export async function startServer(distDir: string, dataDir: string): Promise<CombatServer> {
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
  // Always its own PGlite folder, whatever the API bench was given.
  delete env.DATABASE_URL;
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

// A second app server for journeys that need a configuration the shared one (playwright.config.ts
// webServer) does not have, e.g. SMTP_URL. Started like the shared one (scripts/start.mjs, WEB_DIST
// from the environment) on a free port with its own temporary DATA_DIR, and always stopped: the
// caller stops it in afterAll, and a process exit hook kills it if the runner dies first.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface AppServer {
  baseURL: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Kills the whole process group (start.mjs and the server it spawned). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export async function startAppServer(env: Record<string, string>, timeoutMs = 120_000): Promise<AppServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-e2e-extra-'));
  let stderr = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    // Its own process group, so stopping it reaches the server process start.mjs spawns.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
      SESSION_CACHE_TTL_MS: '0',
      ...env,
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const onExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    process.removeListener('exit', onExit);
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`app server exited with ${child.exitCode}:\n${stderr}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`app server not ready on ${baseURL} after ${timeoutMs} ms:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

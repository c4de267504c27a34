// Decision 045, proved on real processes (`node --import tsx server/src/server.ts`, the code
// `npm start` compiles): a server in demo mode (no SMTP_URL, no STRIPE_*) started without HOST
// listens on loopback only and logs why; the container's environment (the Dockerfile's ENV, read from
// the Dockerfile so this follows it) makes the server refuse to start, naming what is missing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/cluster/processes';
import { dockerfileEnv } from '../../test/support/container-env';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STRIPE = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ADVENTURER', 'STRIPE_PRICE_HERO'];
const START_TIMEOUT_MS = 45_000;

/** The parent's environment without any setting that would end demo mode or choose the interface. */
function demoEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'HOST',
    'DEMO_MODE',
    'SMTP_URL',
    'TRUST_PROXY',
    'PUBLIC_URL',
    'DATABASE_URL',
    ...STRIPE,
  ])
    delete env[name];
  return { ...env, LOG_LEVEL: 'info', WEB_DIST: '/nonexistent-web-dist', REDIS_URL: '', ...extra };
}

interface Started {
  lines: string[];
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

function start(env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS * 2);
  void exited.then(() => clearTimeout(timer));
  return {
    lines,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(3_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** This machine's addresses other machines could use (none in a sandbox without a network). */
function networkAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && !address.internal && address.family === 'IPv4')
    .map((address) => address!.address);
}

// One run is enough: no database driver is involved (the project runs once per driver).
describe.skipIf(process.env.QK_TEST_DB === 'postgres')('demo mode on a real server process', () => {
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-demo-mode-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('listens on loopback only without HOST, and logs why and how to open it', async () => {
    const port = await freePort();
    const server = start(demoEnv({ NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir() }));
    try {
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (!server.lines.some((line) => line.includes('Demo mode'))) {
        if (Date.now() > deadline) throw new Error(`no demo notice:\n${server.lines.join('\n')}`);
        const gone = await Promise.race([server.exited.then(() => true), sleep(150)]);
        if (gone) throw new Error(`server exited:\n${server.lines.join('\n')}`);
      }
      expect(await connects('127.0.0.1', port)).toBe(true);
      // Where Fastify says it listens: loopback addresses only.
      const listening = server.lines.flatMap((line) => {
        const message = /Server listening at/.test(line)
          ? ((JSON.parse(line) as { msg?: string }).msg ?? '')
          : '';
        return [...message.matchAll(/Server listening at http:\/\/(\S+):\d+/g)].map((m) => m[1]);
      });
      expect(listening).toEqual(['127.0.0.1']);
      for (const address of networkAddresses()) expect(await connects(address, port), address).toBe(false);

      const notice = server.lines.find((line) => line.includes('Demo mode')) ?? '';
      expect(JSON.parse(notice)).toMatchObject({ level: 40 });
      for (const text of [
        'listens on 127.0.0.1 only',
        `http://localhost:${port}`,
        'SMTP_URL',
        'DEMO_MODE=true',
        ...STRIPE,
      ])
        expect(notice).toContain(text);
      // SIGTERM: the graceful shutdown of an ordinary start.
      expect(await server.stop()).toBe(0);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("refuses to start with the Dockerfile's environment, naming the missing variables", async () => {
    const container = dockerfileEnv(fs.readFileSync(`${ROOT}Dockerfile`, 'utf8'));
    expect(container).toMatchObject({ HOST: '0.0.0.0', NODE_ENV: 'production' });
    // The image's own port and /data stay out of a test run; the refusal comes before either is used.
    const port = await freePort();
    const server = start(demoEnv({ ...container, PORT: String(port), DATA_DIR: dataDir() }));
    const code = await Promise.race([server.exited, sleep(START_TIMEOUT_MS).then(() => 'still running')]);
    const output = server.lines.join('\n');
    if (code === 'still running') await server.stop();
    expect(code, output).toBe(1);
    expect(await connects('127.0.0.1', port)).toBe(false);
    for (const text of ['HOST=0.0.0.0', 'SMTP_URL', ...STRIPE, 'DEMO_MODE=true'])
      expect(output).toContain(text);
  }, 120_000);
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

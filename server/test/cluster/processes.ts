// Real server processes for the cluster proof (docs/decisions/025): each started the way scripts/start.mjs
// starts one (`node --import tsx server/src/server.ts`), on its own port, all on one database.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const START_TIMEOUT_MS = 45_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  /** The last lines it wrote, for a failure's message. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Resolves with the exit code whenever the process ends. */
  readonly exited: Promise<number | null>;
}

export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const output = () => lines.join('\n');
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server on ${port} exited while starting:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${port} not ready within ${START_TIMEOUT_MS} ms:\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((wake) => setTimeout(wake, 150));
  }
  return {
    port,
    url,
    output,
    exited,
    stop() {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
  };
}

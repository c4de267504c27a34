// Starts one benchmark server in its own process (so autocannon's CPU is never the server's), checks
// its answer, warms it up, and measures it with autocannon from this process.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { ChildMessage } from './child';

export const CONNECTIONS = 16;

export interface Sample {
  /** 2xx answers per second over the measured window. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Server process CPU time over the window, in cores (1.0 = one core busy all the time). */
  serverCores: number;
  /**
   * Busy cores of the whole machine minus the server and this process (autocannon): the database
   * server's processes for PostgreSQL, and any other work sharing the machine. Linux only.
   */
  restOfMachineCores: number | undefined;
  /** Server CPU time per answered request: steadier than req/s when other work shares the CPU. */
  cpuMsPerRequest: number;
}

export interface Server {
  port: number;
  cpu(): Promise<{ usage: NodeJS.CpuUsage; at: number }>;
  /** Asks the server to profile itself until `done` resolves; the profile is written to `file`. */
  profile<T>(file: string, during: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

const tsxLoader = import.meta.resolve('tsx');

export function startServer(
  script: string,
  env: Record<string, string>,
  options: { logs: 'ignore' | 'inherit' },
): Promise<Server> {
  const child: ChildProcess = fork(new URL(script, import.meta.url).pathname, [], {
    execArgv: ['--import', tsxLoader],
    env: { ...process.env, ...env },
    stdio: ['ignore', options.logs, 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitFor = <T extends ChildMessage['type']>(type: T, ms: number) =>
    new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${script}: no '${type}' within ${ms} ms`)), ms);
      const onMessage = (message: ChildMessage) => {
        if (message.type !== type) return;
        cleanup();
        resolve(message as Extract<ChildMessage, { type: T }>);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`${script} exited with code ${code} before '${type}'`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return waitFor('ready', 60_000).then(
    ({ port }) => ({
      port,
      stop,
      cpu: () => {
        const answer = waitFor('cpu', 5_000);
        child.send({ type: 'cpu' });
        return answer;
      },
      profile: async (file, during) => {
        const started = waitFor('profiling', 5_000);
        child.send({ type: 'profile-start' });
        await started;
        const result = await during();
        const written = waitFor('profiled', 30_000);
        child.send({ type: 'profile-stop', file });
        await written;
        return result;
      },
    }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}

/** Busy and total jiffies of all CPUs, from /proc/stat (undefined off Linux). */
function machineCpu(): { busy: number; total: number } | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

export async function fetchUnits(port: number, headers: Record<string, string>) {
  const response = await fetch(`http://127.0.0.1:${port}/api/units`, { headers });
  return { status: response.status, body: await response.text() };
}

function cannon(port: number, headers: Record<string, string>, seconds: number) {
  return autocannon({
    url: `http://127.0.0.1:${port}/api/units`,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
  });
}

export async function measure(
  server: Server,
  headers: Record<string, string>,
  timing: { warmupSeconds: number; seconds: number },
  profileFile?: string,
): Promise<Sample> {
  if (timing.warmupSeconds > 0) await cannon(server.port, headers, timing.warmupSeconds);
  const machineBefore = machineCpu();
  const benchBefore = process.cpuUsage();
  const before = await server.cpu();
  const run = () => cannon(server.port, headers, timing.seconds);
  const result = profileFile ? await server.profile(profileFile, run) : await run();
  const after = await server.cpu();
  const bench = process.cpuUsage(benchBefore);
  const machineAfter = machineCpu();
  const cpuMicros = after.usage.user + after.usage.system - before.usage.user - before.usage.system;
  const seconds = (after.at - before.at) / 1000;
  const serverCores = cpuMicros / 1e6 / seconds;
  const restOfMachineCores =
    machineBefore && machineAfter
      ? ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) *
          os.cpus().length -
        serverCores -
        (bench.user + bench.system) / 1e6 / seconds
      : undefined;
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCores,
    restOfMachineCores,
    cpuMsPerRequest: cpuMicros / 1000 / Math.max(1, result.requests.total),
  };
}

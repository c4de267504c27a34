// What both benchmark servers share as child processes: they learn their database from the
// environment, tell the parent their port over IPC, answer CPU-usage probes (so the report can say
// whether the server was CPU-bound), profile themselves on request, and close cleanly when asked.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import type { DatabaseOptions } from '../../server/src/db/client';

export type ParentMessage =
  { type: 'cpu' } | { type: 'stop' } | { type: 'profile-start' } | { type: 'profile-stop'; file: string };
export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'cpu'; usage: NodeJS.CpuUsage; at: number }
  | { type: 'profiling' }
  | { type: 'profiled'; file: string };

export function databaseFromEnv(): Extract<DatabaseOptions, { kind: 'pglite' | 'postgres' }> & {
  poolSize: number;
} {
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);
  if (process.env.BENCH_DB_KIND === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error('BENCH_DATABASE_URL is required for postgres');
    return { kind: 'postgres', url, poolSize };
  }
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is required for pglite');
  return { kind: 'pglite', dataDir, poolSize };
}

export function serveParent(port: number, close: () => Promise<void>): void {
  const send = (message: ChildMessage) => process.send?.(message);
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    try {
      await close();
    } finally {
      process.exit(0);
    }
  };
  // Profiles cover the measured window only, not start-up or warm-up (BENCH_CPU_PROF=1).
  let session: Session | undefined;
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'cpu') send({ type: 'cpu', usage: process.cpuUsage(), at: performance.now() });
    if (message.type === 'stop') void stop();
    if (message.type === 'profile-start') {
      session = new Session();
      session.connect();
      void session
        .post('Profiler.enable')
        .then(() => session?.post('Profiler.setSamplingInterval', { interval: 200 }))
        .then(() => session?.post('Profiler.start'))
        .then(() => send({ type: 'profiling' }));
    }
    if (message.type === 'profile-stop' && session) {
      const open = session;
      session = undefined;
      void open.post('Profiler.stop').then(({ profile }) => {
        fs.mkdirSync(path.dirname(message.file), { recursive: true });
        fs.writeFileSync(message.file, JSON.stringify(profile));
        open.disconnect();
        send({ type: 'profiled', file: message.file });
      });
    }
  });
  process.on('SIGTERM', () => void stop());
  // The parent died without asking: do not outlive it holding the PGlite data folder.
  process.on('disconnect', () => void stop());
  send({ type: 'ready', port });
}

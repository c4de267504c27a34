// A small pool of worker threads that check import files (decision 047): parsing and validating up to
// 32 MiB takes seconds of CPU, which on the main thread would stall every other request. Workers
// start on the first import; a full queue, a worker that dies (out of memory) or one that takes too
// long answers 503 and the next import gets a fresh worker.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError } from '../../lib/app-error';
import type { FileCheck, FileCheckOptions, ImportSummary } from './file-check';
import type { PreparedImport } from './import-rows';

/** A refused file, or the import it becomes (decision 047: its rows are built in the worker too). */
export type ImportCheck =
  Exclude<FileCheck, { ok: true }> | { ok: true; prepared: PreparedImport; summary?: ImportSummary };

export interface FileChecker {
  /**
   * Checks a file, as one buffer or the blocks it arrived in, and prepares its rows. The bytes are
   * moved to the worker, so they are empty here afterwards.
   */
  check(bytes: Uint8Array | readonly Uint8Array[], options?: FileCheckOptions): Promise<ImportCheck>;
  close(): Promise<void>;
}

export interface FileCheckPoolOptions {
  /** Workers at most (each checks one file at a time). */
  size?: number;
  /** Files waiting for a worker at most; one more answers 503. */
  queueMax?: number;
  /** A check taking longer ends its worker and answers 503. */
  timeoutMs?: number;
  /**
   * Heap of a worker. A backstop, not a bound: V8 cannot stop inside JSON.parse, so a worker that
   * reaches it there aborts the process. 32 MiB of `[{},{},…]` parses to about 1 GB: the default
   * leaves room for the largest body the route takes (decision 047).
   */
  heapMb?: number;
  /** Called when a worker fails (logged by the caller). */
  onFailure?: (reason: string) => void;
}

/**
 * Run from TypeScript (tsx in dev, vitest in tests) the worker is TypeScript too: a one-line bootstrap
 * registers tsx's loader in the thread, then imports it (Node 20 does not apply `--import` hooks to a
 * worker's entry). In the production bundle (scripts/build-server.mjs) it is server/dist's JavaScript.
 */
function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./file-check-worker.js', import.meta.url), options);
  }
  const api = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./file-check-worker.ts', import.meta.url).href;
  const bootstrap =
    `import(${JSON.stringify(api)})` +
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })` +
    '.catch((error) => { setImmediate(() => { throw error; }); });';
  return new Worker(bootstrap, { ...options, eval: true });
}

interface Job {
  id: number;
  blocks: Uint8Array[];
  options: FileCheckOptions;
  resolve: (check: ImportCheck) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export function createFileCheckPool(options: FileCheckPoolOptions = {}): FileChecker {
  const { size = 1, queueMax = 8, timeoutMs = 60_000, heapMb = 2048, onFailure } = options;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const unavailable = () => new AppError('SERVICE_UNAVAILABLE');

  function finish(slot: Slot) {
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    dispatch();
  }

  /** Drops a slot whose worker failed; its job (if any) answers 503. */
  function fail(slot: Slot, reason: string) {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.timer);
    const { job } = slot;
    slot.job = undefined;
    void slot.worker.terminate();
    onFailure?.(reason);
    job?.reject(unavailable());
    dispatch();
  }

  function start(): Slot {
    const worker = startWorker({
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      // Its logs, if any, are the server's; it never reads stdin.
      stdin: false,
    });
    const slot: Slot = { worker };
    worker.on('message', (message: { id: number; check?: ImportCheck; failure?: string }) => {
      const { job } = slot;
      if (!job || job.id !== message.id) return;
      finish(slot);
      if (message.check) job.resolve(message.check);
      else job.reject(new Error(`import file check failed: ${message.failure}`));
    });
    worker.on('error', (error) => fail(slot, `import worker error: ${error.message}`));
    worker.on('exit', (code) => fail(slot, `import worker exited (${code})`));
    // An idle worker does not keep the process alive.
    worker.unref();
    slots.add(slot);
    return slot;
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((candidate) => !candidate.job);
      if (!slot && slots.size < size) slot = start();
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      const current = slot;
      slot.timer = setTimeout(() => fail(current, `import check took over ${timeoutMs} ms`), timeoutMs);
      slot.worker.postMessage(
        { id: job.id, blocks: job.blocks, options: job.options },
        job.blocks.map((block) => block.buffer as ArrayBuffer),
      );
    }
  }

  return {
    check(bytes, options = {}) {
      if (closed || queue.length >= queueMax) return Promise.reject(unavailable());
      // Moved, not copied: a Buffer that shares its memory with others (a small pooled one) is
      // copied first, since only a whole ArrayBuffer can be transferred.
      const blocks = (Array.isArray(bytes) ? bytes : [bytes]).map((block: Uint8Array) =>
        block.byteOffset === 0 && block.byteLength === block.buffer.byteLength && !isShared(block)
          ? block
          : new Uint8Array(block),
      );
      return new Promise<ImportCheck>((resolve, reject) => {
        queue.push({ id: nextId++, blocks, options, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(unavailable());
      const workers = [...slots].map((slot) => slot.worker);
      for (const slot of slots) {
        clearTimeout(slot.timer);
        slot.job?.reject(unavailable());
      }
      slots.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

const isShared = (bytes: Uint8Array) =>
  typeof SharedArrayBuffer !== 'undefined' && bytes.buffer instanceof SharedArrayBuffer;

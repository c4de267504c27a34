// BENCH_COMBAT_TRACE=1: a performance trace of Chromium (every process: the page's main thread,
// its compositor, the GPU process's software raster, the browser) during the table's round trips,
// written for DevTools' Performance panel, with the busy time per thread and the main thread's own
// time per kind of work printed. The CPU profile (BENCH_COMBAT_PROFILE) sees only JavaScript; on two
// CPUs shared with the server, the rendering pipeline's share is what this answers.
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { grid, ms } from '../shared/figures';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink',
  'cc',
  'gpu',
  'viz',
  'toplevel',
];

/** Starts tracing; `stop` writes the trace to `file` and prints where each thread's time went. */
export async function startTrace(page: Page, file: string) {
  const session: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  await session.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' },
  });
  return {
    /** `iterations`: attack, read floor and undo, each; the figures are per iteration. */
    async stop(iterations: number) {
      const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
      await session.send('Tracing.end');
      await done;
      await session.detach();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ traceEvents: events }));
      console.log(`Performance trace of the round trips: ${file}`);
      summarize(events, iterations);
    },
  };
}

/** Self time of complete events per thread, nested events subtracted from their parents. */
function selfTimes(events: TraceEvent[]) {
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(event);
    byThread.set(key, list);
  }
  const result = new Map<string, { busy: number; self: Map<string, number> }>();
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const self = new Map<string, number>();
    const stack: { end: number; name: string }[] = [];
    let busy = 0;
    for (const event of list) {
      const end = event.ts + (event.dur ?? 0);
      while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= event.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0));
      else busy += event.dur ?? 0;
      self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0));
      stack.push({ end, name: event.name });
    }
    result.set(key, { busy, self });
  }
  return result;
}

function summarize(events: TraceEvent[], samples: number) {
  const names = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const event of events) {
    if (event.ph !== 'M') continue;
    if (event.name === 'thread_name') names.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?');
    if (event.name === 'process_name') processes.set(event.pid, event.args?.name ?? '?');
  }
  const times = selfTimes(events);
  const threads = [...times]
    .map(([key, value]) => ({
      key,
      name: `${processes.get(Number(key.split(':')[0])) ?? '?'} / ${names.get(key) ?? key}`,
      ...value,
    }))
    .sort((a, b) => b.busy - a.busy);
  console.log(`\nTrace: busy time per thread (ms per attack + read + undo, over ${samples}):\n`);
  console.log(
    grid(
      ['thread', 'busy'],
      threads.slice(0, 12).map((thread) => [thread.name, ms(thread.busy / 1000 / samples)]),
      1,
    ),
  );
  const main = threads.find((thread) => names.get(thread.key) === 'CrRendererMain');
  if (!main) return;
  console.log(`\nTrace: the page's main thread, self time per event (ms per attack + read + undo):\n`);
  console.log(
    grid(
      ['event', 'self'],
      [...main.self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([name, us]) => [name, ms(us / 1000 / samples)]),
      1,
    ),
  );
}

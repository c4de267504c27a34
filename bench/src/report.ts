// Turns the samples of a run into the medians, the stdout table and the PASS/WARN lines.
import type { Sample } from './measure';

export const TARGET_RATIO = 0.8;
export const TARGET_P99_MS_POSTGRES = 15;

export type Driver = 'pglite' | 'postgres';

export interface TargetResult {
  name: string;
  kind: 'floor' | 'app';
  /** How the server's first answer compared with the app's reference answer. */
  check: string;
  valid: boolean;
  samples: Sample[];
}

export interface Summary {
  driver: Driver;
  name: string;
  kind: 'floor' | 'app';
  valid: boolean;
  rps: number;
  p50: number;
  p99: number;
  serverCores: number;
  cpuMsPerRequest: number;
  restOfMachineCores: number | undefined;
  /** app req/s ÷ floor req/s (1 for the floor itself). */
  ratio: number | undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Medians over the rounds, each figure on its own (the median req/s and the median p99). */
export function summarize(driver: Driver, targets: TargetResult[]): Summary[] {
  const rows = targets.map((t) => ({
    driver,
    name: t.name,
    kind: t.kind,
    valid: t.valid && t.samples.length > 0,
    rps: median(t.samples.map((s) => s.rps)),
    p50: median(t.samples.map((s) => s.p50)),
    p99: median(t.samples.map((s) => s.p99)),
    serverCores: median(t.samples.map((s) => s.serverCores)),
    cpuMsPerRequest: median(t.samples.map((s) => s.cpuMsPerRequest)),
    restOfMachineCores: t.samples.every((s) => s.restOfMachineCores !== undefined)
      ? median(t.samples.map((s) => s.restOfMachineCores ?? 0))
      : undefined,
    ratio: undefined as number | undefined,
  }));
  const floor = rows.find((r) => r.kind === 'floor' && r.valid);
  for (const row of rows) if (floor && row.valid) row.ratio = row.rps / floor.rps;
  return rows;
}

export function table(summaries: Summary[]): string {
  const header = [
    'driver',
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'server CPU',
    'CPU ms/req',
    'rest of machine',
    'ratio',
  ];
  const lines = summaries.map((s) =>
    s.valid
      ? [
          s.driver,
          s.name,
          s.rps.toFixed(0),
          s.p50.toFixed(1),
          s.p99.toFixed(1),
          `${s.serverCores.toFixed(2)} cores`,
          s.cpuMsPerRequest.toFixed(2),
          s.restOfMachineCores === undefined ? '—' : `${s.restOfMachineCores.toFixed(2)} cores`,
          s.ratio === undefined ? '—' : s.ratio.toFixed(2),
        ]
      : [s.driver, s.name, 'invalid', '—', '—', '—', '—', '—', '—'],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(format)].join('\n');
}

export function verdicts(summaries: Summary[]): string[] {
  return summaries
    .filter((s) => s.kind === 'app')
    .map((s) => {
      const label = `${s.driver} ${s.name}`;
      if (!s.valid || s.ratio === undefined) return `WARN ${label}: not measured (see the checks above)`;
      const problems: string[] = [];
      const facts = [`ratio ${s.ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})`];
      if (s.ratio < TARGET_RATIO) problems.push('ratio');
      if (s.driver === 'postgres') {
        facts.push(`p99 ${s.p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS_POSTGRES} ms)`);
        if (s.p99 > TARGET_P99_MS_POSTGRES) problems.push('p99');
      }
      return `${problems.length ? 'WARN' : 'PASS'} ${label}: ${facts.join(', ')}`;
    });
}

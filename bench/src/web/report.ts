// Medians, tables and PASS/FAIL lines of the page benchmark (docs/decisions/011).
import { grid } from '../shared/figures';
import type { LighthouseSample, Preset } from './lighthouse';
import { ALL_LIBRARIES, type LibrarySize } from './libraries';
import type { RouteJs } from './route-js';

export const TARGET_SCORE = 100;
export const TARGET_LCP_MS = 1200;
/** Issue #37: an island page's JavaScript, and the login page's (the app's smallest page). */
export const TARGET_LANDING_JS_BYTES = 20_000;
export const TARGET_LOGIN_JS_BYTES = 90_000;
/** Pages held to score 100, LCP ≤ 1.2 s and CLS 0 on mobile (issue #37). */
const MOBILE_PAGES = ['landing', 'pricing', 'login'];

export interface PageRuns {
  preset: Preset;
  page: string;
  path: string;
  target: 'app' | 'floor';
  samples: LighthouseSample[];
}

export interface PageSummary {
  preset: Preset;
  page: string;
  target: 'app' | 'floor';
  runs: number;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** app LCP ÷ floor LCP, same preset and page (1 for the floor). */
  lcpRatio: number | undefined;
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);

export function summarize(runs: PageRuns[]): PageSummary[] {
  const rows: PageSummary[] = runs.map((r) => ({
    preset: r.preset,
    page: r.page,
    target: r.target,
    runs: r.samples.length,
    score: median(r.samples.map((s) => s.score)),
    fcpMs: median(r.samples.map((s) => s.fcpMs)),
    lcpMs: median(r.samples.map((s) => s.lcpMs)),
    tbtMs: median(r.samples.map((s) => s.tbtMs)),
    cls: median(r.samples.map((s) => s.cls)),
    speedIndexMs: median(r.samples.map((s) => s.speedIndexMs)),
    lcpRatio: undefined,
  }));
  for (const row of rows) {
    const floor = rows.find((f) => f.target === 'floor' && f.preset === row.preset && f.page === row.page);
    if (floor && floor.lcpMs > 0 && Number.isFinite(row.lcpMs)) row.lcpRatio = row.lcpMs / floor.lcpMs;
  }
  return rows;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '—');

export function pageTable(summaries: PageSummary[]): string {
  return grid(
    [
      'preset',
      'page',
      'target',
      'runs',
      'score',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'SI ms',
      'LCP ÷ floor',
    ],
    summaries.map((s) => [
      s.preset,
      s.page,
      s.target,
      String(s.runs),
      Number.isFinite(s.score) ? s.score.toFixed(0) : '—',
      ms(s.fcpMs),
      ms(s.lcpMs),
      ms(s.tbtMs),
      Number.isFinite(s.cls) ? s.cls.toFixed(3) : '—',
      ms(s.speedIndexMs),
      s.lcpRatio === undefined ? '—' : s.lcpRatio.toFixed(2),
    ]),
    3,
  );
}

export function routeTable(routes: RouteJs[]): string {
  return grid(
    ['route', 'path', 'JS files', 'kB raw', 'kB gzip', 'largest files (kB gzip)'],
    routes.map((r) => [
      r.route,
      r.path,
      String(r.files.length),
      kB(r.bytes),
      kB(r.gzipBytes),
      r.files
        .slice(0, 4)
        .map((f) => `${f.file} ${kB(f.gzipBytes)}`)
        .join(', ') + (r.files.length > 4 ? ', …' : ''),
    ]),
    2,
  );
}

export function libraryTable(libraries: LibrarySize[], landing: RouteJs | undefined): string {
  const lines = libraries.map((l) => [l.name, kB(l.bytes), kB(l.gzipBytes)]);
  const together = libraries.find((l) => l.name === ALL_LIBRARIES);
  if (landing && together) {
    lines.push([
      'the rest: app code, icons, locale',
      kB(landing.bytes - together.bytes),
      kB(landing.gzipBytes - together.gzipBytes),
    ]);
    lines.push([`${landing.route} total (measured above)`, kB(landing.bytes), kB(landing.gzipBytes)]);
  }
  return grid(['part of the JS', 'kB min', 'kB gzip'], lines, 1);
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export function verdicts(summaries: PageSummary[], routes: RouteJs[]): string[] {
  const lines: string[] = [];
  const landing = summaries.find((s) => s.preset === 'desktop' && s.page === 'landing' && s.target === 'app');
  if (!landing || !Number.isFinite(landing.score)) lines.push('FAIL desktop landing: not measured');
  else {
    lines.push(
      `${verdict(landing.score >= TARGET_SCORE)} desktop landing performance ${landing.score} (target ${TARGET_SCORE})`,
    );
    lines.push(
      `${verdict(landing.lcpMs <= TARGET_LCP_MS)} desktop landing LCP ${(landing.lcpMs / 1000).toFixed(2)} s ` +
        `(target ≤ ${TARGET_LCP_MS / 1000} s)` +
        (landing.lcpRatio === undefined ? '' : `, ${landing.lcpRatio.toFixed(2)} × the static floor`),
    );
  }
  for (const page of MOBILE_PAGES) {
    const app = summaries.find((s) => s.preset === 'mobile' && s.page === page && s.target === 'app');
    if (!app || !Number.isFinite(app.score)) {
      lines.push(`FAIL mobile ${page}: not measured`);
      continue;
    }
    const ok = app.score >= TARGET_SCORE && app.lcpMs <= TARGET_LCP_MS && app.cls === 0;
    lines.push(
      `${verdict(ok)} mobile ${page}: performance ${app.score}, LCP ${(app.lcpMs / 1000).toFixed(2)} s` +
        (app.lcpRatio === undefined ? '' : ` (${app.lcpRatio.toFixed(2)} × the static floor)`) +
        `, CLS ${app.cls.toFixed(3)} (target ${TARGET_SCORE}, ≤ ${TARGET_LCP_MS / 1000} s, 0)`,
    );
  }
  for (const [path, name, target] of [
    ['/en', 'landing', TARGET_LANDING_JS_BYTES],
    ['/en/login', 'login', TARGET_LOGIN_JS_BYTES],
  ] as const) {
    const js = routes.find((r) => r.path === path);
    if (!js) lines.push(`FAIL ${name} JS: not measured`);
    else {
      lines.push(
        `${verdict(js.gzipBytes <= target)} ${name} JS ${kB(js.gzipBytes)} kB gzip ` +
          `in ${js.files.length} files (target ≤ ${kB(target)} kB)`,
      );
    }
  }
  const leaks = routes.filter((r) => r.forbidden.length > 0);
  if (leaks.length === 0) {
    lines.push(
      `PASS no public route loads a dashboard-* or markdown chunk ` +
        `(${routes.filter((r) => r.public).length} public routes checked)`,
    );
  }
  for (const r of leaks) lines.push(`FAIL public route ${r.path} loads ${r.forbidden.join(', ')}`);
  for (const r of routes.filter((route) => route.finalPath !== route.path.split('?')[0])) {
    lines.push(`FAIL ${r.path} ended on ${r.finalPath}: its figures are another page's`);
  }
  for (const r of routes.filter((route) => !route.heading)) {
    lines.push(`FAIL ${r.path} showed no <h1> within 15 s: its figures may be incomplete`);
  }
  return lines;
}

/** Each app finding once per preset and page, with how many runs reported it. */
export function findings(runs: PageRuns[]): string[] {
  const lines: string[] = [];
  for (const r of runs.filter((run) => run.target === 'app')) {
    const seen = new Map<string, { title: string; display: string; count: number }>();
    for (const sample of r.samples) {
      for (const f of sample.findings) {
        const entry = seen.get(f.id) ?? { title: f.title, display: f.display, count: 0 };
        entry.count++;
        seen.set(f.id, entry);
      }
    }
    if (seen.size === 0) continue;
    lines.push(`${r.preset} ${r.page}:`);
    for (const [id, f] of seen) {
      lines.push(
        `  ${id} — ${f.title}${f.display ? ` (${f.display})` : ''} [${f.count}/${r.samples.length} runs]`,
      );
    }
  }
  return lines;
}

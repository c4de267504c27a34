// Figures, tables and PASS/FAIL lines of the editor benchmark (docs/decisions/012).
import { grid, median, ms, percentile, ratio, verdict } from '../shared/figures';
import type { KeySample, PaintTiming, PreviewTiming, SearchTiming, TypingRun } from './measure';
import { SMALL_FLOOR_CHARS } from './rulebook';

export const TARGET_PREVIEW_MS = 150;
export const TARGET_SEARCH_MS = 30;
export const TARGET_KEY_P95_MS = 16;
export const SMALL_LABEL = `${SMALL_FLOOR_CHARS.toLocaleString('en')} characters`;

export interface TypingSummary {
  rounds: number;
  keys: number;
  /** Keys whose next paint was never seen (counted as missing, not as fast). */
  missing: number;
  p50: number;
  p95: number;
  max: number;
  over16: number;
  /** Keys the browser's own Event Timing measured at 16 ms or more (it rounds to 8 ms). */
  slowInteractions: number;
  /** Long tasks (≥ 50 ms) from the first keydown to the last key's paint. */
  longTasks: number;
  longestTask: number;
}

/** The keys of every round together; long tasks counted from each round's first key to its last paint. */
export function summarizeTyping(runs: TypingRun[]): TypingSummary {
  const samples = runs.flatMap((run) => run.samples);
  const paints = samples.map((s: KeySample) => s.paint ?? Number.NaN);
  const finite = paints.filter((v) => Number.isFinite(v));
  const during = runs.flatMap((run) => {
    const first = run.samples[0]?.at ?? 0;
    const last = Math.max(...run.samples.map((s) => s.at + (s.paint ?? 0)));
    return run.longTasks.filter((t) => t.start + t.duration >= first && t.start <= last);
  });
  return {
    rounds: runs.length,
    keys: samples.length,
    missing: paints.length - finite.length,
    p50: percentile(finite, 50),
    p95: percentile(finite, 95),
    max: Math.max(...finite),
    over16: finite.filter((v) => v > TARGET_KEY_P95_MS).length,
    slowInteractions: runs.reduce(
      (sum, run) =>
        sum + new Set(run.slowEvents.filter((e) => e.interactionId > 0).map((e) => e.interactionId)).size,
      0,
    ),
    longTasks: during.length,
    longestTask: Math.max(0, ...during.map((t) => t.duration)),
  };
}

export interface EditorSummary {
  preview: {
    runs: number;
    /** Click → the first screen (first heading, visible box filled) painted: what the target applies to. */
    firstScreen: number;
    firstScreenDom: number;
    /** Click → the whole rulebook (its last heading) painted. */
    whole: number;
    wholeDom: number;
    floorPage: number;
    floorPageRender: number;
    floorNode: number;
    firstLoad: PreviewTiming;
  };
  search: {
    app: number;
    appMax: number;
    floorNode: number;
    perQuery: {
      query: string;
      app: number;
      dom: number;
      floorNode: number;
      totalLines: number;
      summary: string;
    }[];
  };
  typing: {
    cadence: string;
    description: string;
    app: TypingSummary;
    floor: TypingSummary;
    /** A plain <textarea> holding a short text: what the measurement itself reads. */
    small?: TypingSummary;
  }[];
}

/** Each target's runs, one per round. */
export interface TypingInput {
  cadence: string;
  description: string;
  app: TypingRun[];
  floor: TypingRun[];
  small?: TypingRun[];
}

export function summarizeAll(input: {
  preview: {
    app: PreviewTiming[];
    floorPage: (PaintTiming & { render: number })[];
    floorNode: number;
    firstLoad: PreviewTiming;
  };
  search: { app: SearchTiming[]; floorNode: { query: string; median: number; totalLines: number }[] };
  typing: TypingInput[];
}): EditorSummary {
  const floorByQuery = new Map(input.search.floorNode.map((f) => [f.query, f]));
  return {
    preview: {
      runs: input.preview.app.length,
      firstScreen: median(input.preview.app.map((t) => t.firstPaint)),
      firstScreenDom: median(input.preview.app.map((t) => t.firstDom)),
      whole: median(input.preview.app.map((t) => t.paint)),
      wholeDom: median(input.preview.app.map((t) => t.dom)),
      floorPage: median(input.preview.floorPage.map((t) => t.paint)),
      floorPageRender: median(input.preview.floorPage.map((t) => t.render)),
      floorNode: input.preview.floorNode,
      firstLoad: input.preview.firstLoad,
    },
    search: {
      app: median(input.search.app.map((t) => t.paint)),
      appMax: Math.max(...input.search.app.map((t) => t.paint)),
      floorNode: median(input.search.floorNode.map((f) => f.median)),
      perQuery: input.search.app.map((t) => ({
        query: t.query,
        app: t.paint,
        dom: t.dom,
        floorNode: floorByQuery.get(t.query)?.median ?? Number.NaN,
        totalLines: floorByQuery.get(t.query)?.totalLines ?? Number.NaN,
        summary: t.summary,
      })),
    },
    typing: input.typing.map((t) => ({
      cadence: t.cadence,
      description: t.description,
      app: summarizeTyping(t.app),
      floor: summarizeTyping(t.floor),
      ...(t.small ? { small: summarizeTyping(t.small) } : {}),
    })),
  };
}

export function mainTable(s: EditorSummary): string {
  const lines = [
    [
      `preview, first screen (median of ${s.preview.runs}: Races → Rules click → first heading and visible box painted)`,
      ms(s.preview.firstScreen),
      `${ms(s.preview.floorPage)} (page) / ${ms(s.preview.floorNode)} (Node)`,
      `${ratio(s.preview.firstScreen, s.preview.floorPage)} / ${ratio(s.preview.firstScreen, s.preview.floorNode)}`,
      `≤ ${TARGET_PREVIEW_MS}`,
      verdict(s.preview.firstScreen, TARGET_PREVIEW_MS),
    ],
    [
      `preview, whole rulebook (median of ${s.preview.runs}: click → last heading painted)`,
      ms(s.preview.whole),
      `${ms(s.preview.floorPage)} (page) / ${ms(s.preview.floorNode)} (Node)`,
      `${ratio(s.preview.whole, s.preview.floorPage)} / ${ratio(s.preview.whole, s.preview.floorNode)}`,
      '(information)',
      '—',
    ],
    [
      `search (median of ${s.search.perQuery.length} queries: Enter → painted)`,
      ms(s.search.app),
      `${ms(s.search.floorNode)} (Node)`,
      ratio(s.search.app, s.search.floorNode),
      `≤ ${TARGET_SEARCH_MS}`,
      verdict(s.search.app, TARGET_SEARCH_MS),
    ],
    ...s.typing.map((t) => [
      `keystroke → next paint p95 (${t.app.keys} keys, ${t.app.rounds} round${t.app.rounds === 1 ? '' : 's'}, ${t.cadence})`,
      ms(t.app.p95),
      `${ms(t.floor.p95)} (page)`,
      ratio(t.app.p95, t.floor.p95),
      `≤ ${TARGET_KEY_P95_MS}`,
      t.app.missing ? 'FAIL' : verdict(t.app.p95, TARGET_KEY_P95_MS),
    ]),
  ];
  return grid(['measure', 'app ms', 'floor ms', 'app ÷ floor', 'target', 'verdict'], lines, 1);
}

export function searchTable(s: EditorSummary): string {
  return grid(
    [
      'query',
      'matching lines',
      'app ms (Enter → paint)',
      'of which to DOM',
      'floor ms (Node)',
      'app ÷ floor',
    ],
    s.search.perQuery.map((q) => [
      JSON.stringify(q.query),
      String(q.totalLines),
      ms(q.app),
      ms(q.dom),
      ms(q.floorNode),
      ratio(q.app, q.floorNode),
    ]),
    1,
  );
}

export function typingTable(s: EditorSummary): string {
  const names = { app: 'app', floor: 'plain <textarea>', small: `plain <textarea>, ${SMALL_LABEL}` };
  const rows = s.typing.flatMap((t) =>
    (['app', 'floor', 'small'] as const).flatMap((target) => {
      const f = t[target];
      if (!f) return [];
      return [
        [
          t.cadence,
          names[target],
          String(f.keys),
          ms(f.p50),
          ms(f.p95),
          ms(f.max),
          String(f.over16),
          String(f.slowInteractions),
          `${f.longTasks}${f.longTasks ? ` (longest ${f.longestTask.toFixed(0)})` : ''}`,
        ],
      ];
    }),
  );
  return grid(
    [
      'cadence',
      'target',
      'keys',
      'p50 ms',
      'p95 ms',
      'max ms',
      '> 16 ms',
      'Event Timing ≥ 16 ms',
      'long tasks (ms)',
    ],
    rows,
    2,
  );
}

export function verdicts(s: EditorSummary): string[] {
  const lines = [
    `${verdict(s.preview.firstScreen, TARGET_PREVIEW_MS)} preview render, first screen ${ms(s.preview.firstScreen)} ms ` +
      `(target ≤ ${TARGET_PREVIEW_MS} ms, for the first screen; the whole rulebook painted in ${ms(s.preview.whole)} ms), ` +
      `${ratio(s.preview.firstScreen, s.preview.floorPage)} the in-page floor, ${ratio(s.preview.firstScreen, s.preview.floorNode)} markdown-it in Node`,
    `${verdict(s.search.app, TARGET_SEARCH_MS)} search ${ms(s.search.app)} ms, median of ${s.search.perQuery.length} queries ` +
      `(target ≤ ${TARGET_SEARCH_MS} ms; slowest ${ms(s.search.appMax)} ms), ${ratio(s.search.app, s.search.floorNode)} searchRules in Node`,
  ];
  for (const t of s.typing) {
    lines.push(
      `${t.app.missing ? 'FAIL' : verdict(t.app.p95, TARGET_KEY_P95_MS)} keystroke → next paint p95 ${ms(t.app.p95)} ms, ${t.cadence} ` +
        `(target ≤ ${TARGET_KEY_P95_MS} ms; p50 ${ms(t.app.p50)}, max ${ms(t.app.max)}), ` +
        `${ratio(t.app.p95, t.floor.p95)} a plain <textarea>` +
        (t.app.missing ? `; ${t.app.missing} keys never painted` : ''),
    );
  }
  return lines;
}

// Figures, tables and PASS/FAIL lines of the combat benchmark (docs/decisions/015).
import { grid, median, ms, percentile, ratio, verdict } from '../shared/figures';
import type { AttackTiming, StartTiming } from './measure';

export const TARGET_START_MS = 50;
export const TARGET_ATTACK_P95_MS = 16;

export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Click → the change in the DOM (script), and → the frame's requestAnimationFrame callback. */
  domP50: number;
  domP95: number;
  frameP50: number;
  /** Median of paint − frame: the frame's style, layout, paint. */
  renderP50: number;
  over16: number;
  /**
   * What the browser does (decision 043, decision 071): click → the change in the DOM, plus the
   * frame's own rendering (its requestAnimationFrame callback → painted); the wait for the frame
   * clock between them is left out.
   */
  workP50: number;
  workP95: number;
}

function distribution(samples: { dom: number; frame: number; paint: number }[]): Distribution {
  const paints = samples.map((s) => s.paint);
  const doms = samples.map((s) => s.dom);
  const works = samples.map((s) => s.dom + (s.paint - s.frame));
  return {
    count: samples.length,
    p50: percentile(paints, 50),
    p95: percentile(paints, 95),
    max: Math.max(...paints),
    domP50: percentile(doms, 50),
    domP95: percentile(doms, 95),
    frameP50: percentile(
      samples.map((s) => s.frame),
      50,
    ),
    renderP50: percentile(
      samples.map((s) => s.paint - s.frame),
      50,
    ),
    over16: paints.filter((v) => v > 16).length,
    workP50: percentile(works, 50),
    workP95: percentile(works, 95),
  };
}

export interface CombatSummary {
  perSide: number;
  /** Rows of the app's initiative order (a group of enemies is one row); the floor builds as many. */
  orderRows: number;
  start: {
    app: Distribution;
    /** The floor rendering every row of the order. */
    floor: Distribution;
    /** The floor rendering as many rows as the app did (only when the app windows its list). */
    floorInSight: Distribution | null;
    median: number;
    floorMedian: number;
    floorInSightMedian: number;
    /** Rows of the order and target buttons the app rendered (median over the starts). */
    rows: number;
    targets: number;
    /** Click → the app's DOM last changed, and the order's rows then (medians; information). */
    settled: number;
    settledRows: number;
    /** Click → the start's answer read (the server rolls the order), and answer → order painted. */
    answerMedian: number;
    browserMedian: number;
  };
  attack: {
    app: Distribution;
    floor: Distribution;
    longTasks: number;
    longestTask: number;
  };
}

export function summarize(input: {
  perSide: number;
  orderRows: number;
  start: { app: StartTiming[]; floor: StartTiming[]; floorInSight: StartTiming[] };
  attack: { app: AttackTiming[]; floor: AttackTiming[]; longTasks: { start: number; duration: number }[] };
}): CombatSummary {
  return {
    perSide: input.perSide,
    orderRows: input.orderRows,
    start: {
      app: distribution(input.start.app),
      floor: distribution(input.start.floor),
      floorInSight: input.start.floorInSight.length ? distribution(input.start.floorInSight) : null,
      median: median(input.start.app.map((t) => t.paint)),
      floorMedian: median(input.start.floor.map((t) => t.paint)),
      floorInSightMedian: median(input.start.floorInSight.map((t) => t.paint)),
      rows: median(input.start.app.map((t) => t.items)),
      targets: median(input.start.app.map((t) => t.targets)),
      settled: median(input.start.app.map((t) => t.settled)),
      settledRows: median(input.start.app.map((t) => t.settledRows)),
      answerMedian: median(input.start.app.map((t) => t.answer ?? Number.NaN)),
      browserMedian: median(input.start.app.map((t) => t.paint - (t.answer ?? Number.NaN))),
    },
    attack: {
      app: distribution(input.attack.app),
      floor: distribution(input.attack.floor),
      longTasks: input.attack.longTasks.length,
      longestTask: Math.max(0, ...input.attack.longTasks.map((t) => t.duration)),
    },
  };
}

/** "all rows / rows in sight" when the app windows its list. */
function startFloor(s: CombatSummary, all: number, inSight: number | undefined) {
  const units = s.orderRows;
  if (!s.start.floorInSight || inSight === undefined) return { floor: `${ms(all)} (${units} rows)`, inSight };
  return { floor: `${ms(all)} (${units} rows) / ${ms(inSight)} (the app's rows)`, inSight };
}

function startRatio(app: number, all: number, inSight: number | undefined) {
  return inSight === undefined ? ratio(app, all) : `${ratio(app, all)} / ${ratio(app, inSight)}`;
}

export function mainTable(s: CombatSummary): string {
  const units = s.perSide * 2;
  const windowed = s.start.floorInSight !== null;
  const median = startFloor(s, s.start.floorMedian, windowed ? s.start.floorInSightMedian : undefined);
  const slowest = startFloor(s, s.start.floor.p95, s.start.floorInSight?.p95);
  return grid(
    ['measure', 'app ms', 'floor ms', 'app ÷ floor', 'target', 'verdict'],
    [
      [
        `start combat (median of ${s.start.app.count}: click → initiative order of ${units} units, ${s.orderRows} rows, painted)`,
        ms(s.start.median),
        median.floor,
        startRatio(s.start.median, s.start.floorMedian, median.inSight),
        `≤ ${TARGET_START_MS}`,
        verdict(s.start.median, TARGET_START_MS),
      ],
      [
        `start combat, slowest of ${s.start.app.count} (p95 by nearest rank)`,
        ms(s.start.app.p95),
        slowest.floor,
        startRatio(s.start.app.p95, s.start.floor.p95, slowest.inSight),
        '(information)',
        '—',
      ],
      [
        `start combat, DOM settled (median: click → last change; ${s.start.settledRows} order rows then)`,
        ms(s.start.settled),
        '',
        '',
        '(information)',
        '—',
      ],
      [
        `attack → painted, what the browser does, p95 (${s.attack.app.count} attacks: to DOM + frame → paint)`,
        ms(s.attack.app.workP95),
        ms(s.attack.floor.workP95),
        ratio(s.attack.app.workP95, s.attack.floor.workP95),
        `≤ ${TARGET_ATTACK_P95_MS}`,
        verdict(s.attack.app.workP95, TARGET_ATTACK_P95_MS),
      ],
      [
        `attack → next paint p95, the wait for the frame clock included`,
        ms(s.attack.app.p95),
        ms(s.attack.floor.p95),
        ratio(s.attack.app.p95, s.attack.floor.p95),
        '(information)',
        '—',
      ],
    ],
    1,
  );
}

export function detailTable(s: CombatSummary): string {
  const row = (what: string, target: string, d: Distribution) => [
    what,
    target,
    String(d.count),
    ms(d.p50),
    ms(d.p95),
    ms(d.max),
    ms(d.domP50),
    ms(d.domP95),
    ms(d.frameP50),
    ms(d.renderP50),
    ms(d.workP50),
    ms(d.workP95),
    String(d.over16),
  ];
  return grid(
    [
      'measure',
      'target',
      'runs',
      'p50 ms',
      'p95 ms',
      'max ms',
      'to DOM p50',
      'to DOM p95',
      'to frame p50',
      'frame → paint p50',
      'work p50',
      'work p95',
      '> 16 ms',
    ],
    [
      row('start combat', 'app', s.start.app),
      row('start combat', `floor, ${s.orderRows} rows`, s.start.floor),
      ...(s.start.floorInSight
        ? [row('start combat', `floor, the app's rows (median ${s.start.rows})`, s.start.floorInSight)]
        : []),
      row('attack', 'app', s.attack.app),
      row('attack', 'floor', s.attack.floor),
    ],
    2,
  );
}

export function verdicts(s: CombatSummary): string[] {
  return [
    `${verdict(s.start.median, TARGET_START_MS)} start combat ${ms(s.start.median)} ms, median of ${s.start.app.count} ` +
      `(target ≤ ${TARGET_START_MS} ms; slowest ${ms(s.start.app.p95)}, in the DOM after ${ms(s.start.app.domP50)}; ` +
      `${s.start.rows} of ${s.orderRows} rows rendered, ${s.start.settledRows} once the DOM settled at ${ms(s.start.settled)} ms), ` +
      `${ratio(s.start.median, s.start.floorMedian)} the floor (${s.orderRows} plain <li>)` +
      (s.start.floorInSight
        ? `, ${ratio(s.start.median, s.start.floorInSightMedian)} the floor with as many rows as the app rendered`
        : '') +
      `; of which the server's answer read after ${ms(s.start.answerMedian)}, the browser's share (answer → painted) ${ms(s.start.browserMedian)}`,
    `${verdict(s.attack.app.workP95, TARGET_ATTACK_P95_MS)} attack → painted, what the browser does, p95 ${ms(s.attack.app.workP95)} ms over ${s.attack.app.count} attacks ` +
      `(target ≤ ${TARGET_ATTACK_P95_MS} ms; floor ${ms(s.attack.floor.workP95)}, ${ratio(s.attack.app.workP95, s.attack.floor.workP95)} it; ` +
      `with the wait for the frame clock p95 ${ms(s.attack.app.p95)}, p50 ${ms(s.attack.app.p50)}, max ${ms(s.attack.app.max)}, in the DOM p95 ${ms(s.attack.app.domP95)}; ` +
      `${s.attack.longTasks} long task${s.attack.longTasks === 1 ? '' : 's'}), ` +
      `${ratio(s.attack.app.p95, s.attack.floor.p95)} the floor (two text nodes changed)`,
  ];
}

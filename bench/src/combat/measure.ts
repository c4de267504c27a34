// Drives the signed-in combat view and the floor page in Chromium (playwright-core) for the combat
// benchmark; the figures themselves are taken inside the page (page-scripts.ts). Playwright only
// prepares each measurement and waits for the action it sends, so measurements never overlap.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { TWO_FRAMES, quiet } from '../editor/page-scripts';
import { ROOT } from '../web/app';
import { floorReset } from './floor';
import { ANSWER_MARK } from './round-trips';
import { attackProbe, orderState, scrollGroupToEnd, startProbe, type CombatLabels } from './page-scripts';

export const VIEWPORT = { width: 1280, height: 900 };
const PROBE_TIMEOUT_MS = 30_000;

export interface StartTiming {
  /** ms from the click to the initiative order's last item being in the DOM. */
  dom: number;
  /** ms from the click to the requestAnimationFrame callback of the frame that paints it. */
  frame: number;
  /** ms from the click to the next paint after it. */
  paint: number;
  /** Rows of the initiative order in the DOM at that paint (fewer than the units when windowed). */
  items: number;
  /** The rows' aria-setsize (0 without one). */
  setSize: number;
  /** Target buttons on the fight screen at that paint. */
  targets: number;
  /** Elements in the page before the click and at that paint (the setup screen goes, the fight comes). */
  elementsBefore: number;
  elementsAfter: number;
  /** ms from the click to the DOM's last change (quiet 300 ms after, at most 5 s after the click). */
  settled: number;
  /** Rows of the initiative order in the DOM then. */
  settledRows: number;
  /** ms from the click to the start action's answer read (the app only; null on the floor). */
  answer: number | null;
}

export interface AttackTiming {
  dom: number;
  frame: number;
  paint: number;
  before: string;
  after: string;
  /** Animations running on the page at that paint. */
  animations: number;
}

/** The labels of core/locales/en.json the benchmark finds controls by (as e2e tests do). */
export function combatLabels(): CombatLabels & { amount: string; enemies: string; undo: string } {
  const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'core/locales/en.json'), 'utf8')) as {
    combat: Record<string, unknown>;
  };
  const label = (key: string) => {
    const value = en.combat[key];
    if (typeof value !== 'string') throw new Error(`core/locales/en.json has no combat.${key}`);
    return value;
  };
  return {
    start: label('start'),
    order: label('order'),
    target: label('target'),
    attack: label('attack'),
    amount: label('amount'),
    enemies: label('enemies'),
    undo: label('undo'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Awaits the probe's figures; on a timeout, the error says what the page showed (`diagnose`). */
async function awaitProbe<T>(page: Page, what: string, diagnose?: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const state = diagnose
        ? page.evaluate<unknown>(diagnose).then(
            (value) => JSON.stringify(value),
            (error: unknown) => String(error),
          )
        : Promise.resolve('');
      void state.then((text) =>
        reject(new Error(`${what}: no result within ${PROBE_TIMEOUT_MS} ms${text ? `; page: ${text}` : ''}`)),
      );
    }, PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([page.evaluate<T>('window.__qkBench'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Two frames, `ms` more, then 300 ms without a long task (at most 20 s), two frames again: the page
 * has finished what the last action started (a reload's lazy chunk, a save's answer).
 */
export async function settle(page: Page, ms = 300) {
  await page.evaluate(TWO_FRAMES);
  await sleep(ms);
  await page.evaluate(quiet(300, 20_000));
  await page.evaluate(TWO_FRAMES);
}

/**
 * The app's next POST /api/combat/actions (every change of the fight is one, decision 021); a failure
 * is reported where it is awaited (saved()), never unhandled.
 */
function waitForAction(page: Page): Promise<Response> {
  const response = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/combat/actions',
    { timeout: PROBE_TIMEOUT_MS },
  );
  response.catch(() => {});
  return response;
}

async function saved(response: Promise<Response>, what: string) {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${what}: the app's save answered ${answer.status()}`);
}

/** Waits for the setup to be ready: Start combat enabled, nothing loading, the page quiet. */
async function setupReady(page: Page, labels: CombatLabels) {
  const start = page.getByRole('button', { name: labels.start, exact: true });
  await start.waitFor({ timeout: 60_000 });
  const deadline = Date.now() + 60_000;
  while (!(await start.isEnabled())) {
    if (Date.now() > deadline) throw new Error(`${labels.start} stayed disabled`);
    await sleep(50);
  }
  await settle(page, 500);
}

/** Opens the combat view of the campaign, signed in, on its saved setup. */
export async function openCombat(
  context: BrowserContext,
  origin: string,
  session: string,
  campaignId: string,
  labels: CombatLabels,
): Promise<Page> {
  await context.addInitScript({
    content: `localStorage.setItem('questkeeper.session', ${JSON.stringify(session)});`,
  });
  await context.addInitScript({ content: ANSWER_MARK });
  const page = await context.newPage();
  await page.goto(`${origin}/en/dashboard?campaign=${campaignId}&view=combat`, { waitUntil: 'load' });
  await setupReady(page, labels);
  return page;
}

/** After the combat was put back in setup on the server: reload, as a user opening the view again. */
export async function reopen(page: Page, labels: CombatLabels) {
  await page.reload({ waitUntil: 'load' });
  await setupReady(page, labels);
}

/**
 * With player characters in the fight, Start opens the dialog for their typed initiatives (decision
 * 031); the probe then times the dialog's Start, every field left empty (all rolled by the rule).
 */
async function openInitiativeDialog(page: Page, labels: CombatLabels) {
  if ((await page.locator('dialog[open]').count()) > 0) throw new Error('a dialog is already open');
  await page.getByRole('button', { name: labels.start, exact: true }).click();
  await page.locator('dialog[open]').waitFor({ timeout: 10_000 });
}

/** Start combat → the initiative order painted (the server rolls it: this includes its answer). */
export async function measureStart(page: Page, labels: CombatLabels, count: number): Promise<StartTiming> {
  const save = waitForAction(page);
  await openInitiativeDialog(page, labels);
  await page.evaluate(startProbe(labels, count));
  const timing = await awaitProbe<StartTiming>(page, 'start combat', orderState(labels));
  await saved(save, 'start combat');
  await settle(page, 300);
  return timing;
}

/** The floor's Start: its list removed first, then the same probe; `rows` rows (all when undefined). */
export async function measureFloorStart(page: Page, labels: CombatLabels, count: number, rows?: number) {
  await page.evaluate(floorReset(rows));
  await settle(page, 100);
  await page.evaluate(startProbe(labels, count));
  const timing = await awaitProbe<StartTiming>(page, 'floor start', orderState(labels));
  await settle(page, 100);
  return timing;
}

/**
 * Chooses the target (a real click, as a user; not measured) and types 1 in Amount: both are the
 * screen's own until a blow sends them (decision 021), so nothing is saved yet.
 */
export async function chooseTarget(
  page: Page,
  labels: CombatLabels & { amount: string; enemies: string },
  targetId: string,
) {
  const button = page.locator(`button[data-unit-id="${targetId}"]`);
  if ((await button.count()) === 0) {
    // A windowed group renders only the rows in sight: scroll the enemies to their end, as a user would.
    await page.evaluate(scrollGroupToEnd(labels.enemies));
    await button.waitFor({ timeout: PROBE_TIMEOUT_MS });
  }
  await button.click();
  await page.locator(`button[data-unit-id="${targetId}"][aria-pressed="true"]`).waitFor();
  await typeAmount(page, labels);
  await settle(page, 300);
}

/** Types 1 in Amount unless it is there (a blow clears it, decision 021); not measured. */
/**
 * BENCH_COMBAT_HAND_MS (default 0): a pause between typing the amount and clicking Attack. With 0 the
 * click comes a frame after the typing, so its paint waits for the next frame (~16.6 ms at 60 Hz).
 */
const HAND_MS = Number(process.env.BENCH_COMBAT_HAND_MS ?? 0);

export async function typeAmount(page: Page, labels: { amount: string }) {
  const amount = page.getByRole('textbox', { name: labels.amount, exact: true });
  if ((await amount.inputValue()) !== '1') {
    await amount.fill('1');
    await page.evaluate(TWO_FRAMES);
  }
}

/**
 * One attack → both HP meters of the target painted (the view shows a plain amount before the
 * server answers: this is what the browser does); then waits for the action's answer.
 */
export async function measureAttack(
  page: Page,
  labels: CombatLabels & { amount: string },
  targetId: string,
): Promise<AttackTiming> {
  await typeAmount(page, labels);
  if (HAND_MS > 0) {
    // The hand goes from the keyboard to the button: the field loses the focus (no caret blinking),
    // and the page has been still for a while before the click, as the floor page has.
    await page.evaluate('document.activeElement?.blur()');
    await page.waitForTimeout(HAND_MS);
  }
  const save = waitForAction(page);
  await page.evaluate(attackProbe(labels, targetId));
  const timing = await awaitProbe<AttackTiming>(page, 'attack');
  await saved(save, 'attack');
  await page.evaluate(TWO_FRAMES);
  return timing;
}

export async function measureFloorAttack(page: Page, labels: CombatLabels, targetId: string) {
  await page.evaluate(attackProbe(labels, targetId));
  const timing = await awaitProbe<AttackTiming>(page, 'floor attack');
  await page.evaluate(TWO_FRAMES);
  return timing;
}

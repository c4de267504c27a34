// Drives the signed-in dashboard and the floor page in Chromium (playwright-core) for the editor
// benchmark; the figures themselves are taken inside the page (page-scripts.ts).
import type { BrowserContext, Page } from 'playwright-core';
import { openServedPage } from '../shared/page';
import {
  FLOOR_PREVIEW,
  INSTALL_TYPING_RECORDER,
  STYLESHEETS,
  TWO_FRAMES,
  TYPING_RESULTS,
  boxOf,
  firstLoadProbe,
  installSearchProbe,
  installViewSwitchProbe,
  quiet,
  selectInTextarea,
} from './page-scripts';
import { FIRST_HEADING, LAST_HEADING } from './rulebook';

export const VIEWPORT = { width: 1280, height: 900 };

/** Labels of the app (core/locales/en.json), as a user finds the controls. */
const LABELS = {
  readRegion: 'Campaign rules',
  editor: 'Campaign rules, in markdown',
  search: 'Search the rules',
  edit: 'Edit',
};
const EDITOR_SELECTOR = '#rules-editor';
const READ_SELECTOR = `[role="region"][aria-label="${LABELS.readRegion}"]`;
const PROBE_TIMEOUT_MS = 30_000;

export interface PaintTiming {
  /** ms from the action to the change being in the DOM. */
  dom: number;
  /** ms from the action to the next paint after it. */
  paint: number;
}

/** The rules view: its first screen (the first heading and the visible box filled), then the whole. */
export interface PreviewTiming extends PaintTiming {
  /** ms from the action to the first screen of the rulebook being in the DOM. */
  firstDom: number;
  /** ms from the action to the next paint after it. */
  firstPaint: number;
}

export interface SearchTiming extends PaintTiming {
  query: string;
  lines: number;
  summary: string;
}

export interface KeySample {
  key: string;
  /** The keydown's timeStamp, on the page's performance.now() clock. */
  at: number;
  /** ms from keydown to the input event (null when none came). */
  input: number | null;
  /** ms from keydown to the next paint after its input. */
  paint: number | null;
}

export interface TypingRun {
  samples: KeySample[];
  /** Event Timing entries of 16 ms or more for key and input events. */
  slowEvents: { name: string; duration: number; interactionId: number }[];
  longTasks: { start: number; duration: number }[];
}

/** When each of the typed keys is pressed, in ms from the first. */
export interface Cadence {
  name: string;
  description: string;
  offsets: (count: number) => number[];
}

export const CADENCES: Cadence[] = [
  {
    name: 'steady',
    description: 'one key every 100 ms',
    offsets: (count) => Array.from({ length: count }, (_, i) => i * 100),
  },
  {
    name: 'with pauses',
    description: 'one key every 100 ms, but 400 ms after every 10th key',
    offsets: (count) => Array.from({ length: count }, (_, i) => i * 100 + Math.floor(i / 10) * 300),
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function awaitProbe<T>(page: Page, what: string, expression = 'window.__qkBench'): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no result within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([page.evaluate<T>(expression), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits for two frames, `ms` more, then for 300 ms without a long task (at most 20 s): the page has
 * finished what the last action started, including work on a timer (the editor's preview refresh).
 */
async function settle(page: Page, ms = 300) {
  await page.evaluate(TWO_FRAMES);
  await sleep(ms);
  await page.evaluate(quiet(300, 20_000));
  await page.evaluate(TWO_FRAMES);
}

/**
 * Opens /en/dashboard on the rules view of the campaign, signed in, and returns the time to the
 * painted rulebook (navigation start → paint; information only).
 */
export async function openRules(
  context: BrowserContext,
  origin: string,
  session: string,
  campaignId: string,
): Promise<{ page: Page; firstLoad: PreviewTiming }> {
  await context.addInitScript({
    content: `localStorage.setItem('questkeeper.session', ${JSON.stringify(session)});`,
  });
  await context.addInitScript({ content: firstLoadProbe(FIRST_HEADING, LAST_HEADING) });
  const page = await context.newPage();
  await page.goto(`${origin}/en/dashboard?campaign=${campaignId}&view=rules`, { waitUntil: 'load' });
  const firstLoad = await awaitProbe<PreviewTiming>(page, 'first load', 'window.__qkFirstLoad');
  await page.getByRole('region', { name: LABELS.readRegion, exact: true }).waitFor();
  await settle(page, 1000);
  return { page, firstLoad };
}

/**
 * Rules ← Races, `runs` times: click → the first screen of the rulebook painted, and → the whole
 * rulebook painted. The page must show the rules view.
 */
export async function measureViewSwitch(page: Page, runs: number): Promise<PreviewTiming[]> {
  const timings: PreviewTiming[] = [];
  for (let run = 0; run < runs; run++) {
    await page.locator('a#nav-races').click();
    await page.locator('a#nav-races[aria-current="page"]').waitFor();
    await page.locator(READ_SELECTOR).waitFor({ state: 'detached' });
    await settle(page, 500);
    await page.evaluate(installViewSwitchProbe(FIRST_HEADING, LAST_HEADING));
    await page.locator('a#nav-rules').click();
    timings.push(await awaitProbe<PreviewTiming>(page, 'switch to the rules view'));
    await settle(page, 500);
  }
  return timings;
}

/** Each query typed in the search box, then Enter (the search at once): Enter → results painted. */
export async function measureSearch(page: Page, queries: string[]): Promise<SearchTiming[]> {
  const box = page.getByRole('searchbox', { name: LABELS.search, exact: true });
  const timings: SearchTiming[] = [];
  for (const query of queries) {
    for (let attempt = 1; ; attempt++) {
      await box.fill('');
      await settle(page, 300);
      // fill() clears the previous results (the app shows "Searching…" until Enter or the 1000 ms
      // debounce): let that render finish, well inside the debounce, before Enter.
      const filled = Date.now();
      await box.fill(query);
      await page.evaluate(TWO_FRAMES);
      await page.evaluate(installSearchProbe());
      // Too late: the debounced search may already have run, and Enter would change nothing.
      if (Date.now() - filled > 700 && attempt < 5) continue;
      await box.press('Enter');
      const timing = await awaitProbe<Omit<SearchTiming, 'query'>>(page, `search "${query}"`);
      timings.push({ query, ...timing });
      break;
    }
  }
  await box.fill('');
  await settle(page, 300);
  return timings;
}

/** The read-only rules box and the stylesheets of the app, for the floor page. */
export async function readBox(page: Page) {
  return {
    box: await page.evaluate<Box>(boxOf(READ_SELECTOR)),
    stylesheets: await page.evaluate<string>(STYLESHEETS),
  };
}

/** Click Edit and wait for the editor and its preview of the whole rulebook. */
export async function openEditor(page: Page) {
  await page.getByRole('button', { name: LABELS.edit, exact: true }).click();
  await page.getByRole('textbox', { name: LABELS.editor, exact: true }).waitFor();
  // Polled through page.evaluate: waitForFunction evaluates a string in the page, which the app's
  // CSP (no 'unsafe-eval') refuses once the first check fails (the preview renders in chunks).
  const lastHeadingShown =
    // The last block, or the last block of the last section (long texts render in sections).
    `[...document.querySelectorAll('.qk-markdown')].some((b) => [b.lastElementChild, b.lastElementChild?.lastElementChild].some((e) => e?.tagName === 'H2' && e.textContent === ${JSON.stringify(LAST_HEADING)}))`;
  const deadline = Date.now() + PROBE_TIMEOUT_MS;
  while (!(await page.evaluate<boolean>(lastHeadingShown))) {
    if (Date.now() > deadline) throw new Error('the editor preview never showed the last heading');
    await sleep(50);
  }
  await settle(page, 1000);
  return {
    box: await page.evaluate<Box>(boxOf(EDITOR_SELECTOR)),
  };
}

/**
 * Replaces the `typed.length` characters before `spot` in the text area matching `selector` by
 * `typed`, one key at a time on the cadence's schedule: the selection and its deletion (Backspace)
 * come first and are not measured; then the recorder is installed and each key pressed through the
 * browser's input pipeline (CDP key events, as a keyboard would). The text ends as long as it began,
 * so the next run can type over the same place.
 */
export async function typeInto(
  page: Page,
  selector: string,
  spot: number,
  typed: string,
  cadence: Cadence,
  settleMs: number,
): Promise<TypingRun> {
  await page.evaluate(selectInTextarea(selector, spot - typed.length, spot));
  await page.keyboard.press('Backspace');
  await settle(page, settleMs);
  await page.evaluate(INSTALL_TYPING_RECORDER);
  const offsets = cadence.offsets(typed.length);
  const start = Date.now();
  for (const [index, char] of [...typed].entries()) {
    await sleep(start + (offsets[index] ?? 0) - Date.now());
    await page.keyboard.type(char);
  }
  await settle(page, settleMs);
  return page.evaluate<TypingRun>(TYPING_RESULTS);
}

export interface Box {
  width: number;
  height: number;
  className: string;
}

/**
 * A floor page at the app's origin (`/bench-floor-<name>`, served by Playwright through
 * context.route, no app script): the app's stylesheets, and either a box of the read-only rules'
 * size and classes with the app's renderMarkdown for the preview floor (`preview`), or a plain
 * <textarea> of the editor's size and classes holding `text` (`textarea`). One floor per page, as a
 * text area holding 600,000 characters slows every frame of its page.
 */
export async function openFloor(
  context: BrowserContext,
  origin: string,
  name: string,
  options: {
    stylesheets: string;
    preview?: { box: Box; markdownScript: string; text: string };
    textarea?: { box: Box; text: string };
  },
): Promise<Page> {
  const url = `${origin}/bench-floor-${name}`;
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const style = (b: Box) => `class="${attr(b.className)}" style="width:${b.width}px;height:${b.height}px"`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title>${options.stylesheets}</head>
<body class="bg-canvas text-ink">
<main style="display:flex;flex-direction:column;gap:16px;padding:16px">
${options.preview ? `<div id="floor-box" ${style(options.preview.box)}></div>` : ''}
${options.textarea ? `<textarea id="floor-editor" aria-label="floor" ${style(options.textarea.box)}></textarea>` : ''}
</main>
</body></html>`;
  const page = await openServedPage(context, url, html);
  const text = options.preview?.text ?? options.textarea?.text ?? '';
  await page.evaluate((value) => {
    Object.assign(globalThis, { __qkText: value });
  }, text);
  if (options.textarea) {
    await page.evaluate(`document.getElementById('floor-editor').value = window.__qkText`);
  }
  if (options.preview) await page.addScriptTag({ content: options.preview.markdownScript });
  await settle(page, 500);
  return page;
}

/** The floor of the preview render: `runs` times, after one warm-up. */
export async function measureFloorPreview(page: Page, runs: number) {
  await page.evaluate(FLOOR_PREVIEW);
  const timings: (PaintTiming & { render: number })[] = [];
  for (let run = 0; run < runs; run++) {
    await settle(page, 300);
    timings.push(await awaitProbe<PaintTiming & { render: number }>(page, 'floor preview', FLOOR_PREVIEW));
  }
  return timings;
}

export const FLOOR_EDITOR_SELECTOR = '#floor-editor';
export const APP_EDITOR_SELECTOR = EDITOR_SELECTOR;

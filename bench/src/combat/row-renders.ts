// The speed rule for the per-row quick field: typing in one row of the fight, and applying
// it with Enter, re-renders that row and never the others (200 a side). Counted in React itself: a
// stand-in for React DevTools' global hook (React calls it on every commit, production builds too)
// walks each committed tree the way DevTools does — a subtree whose children were not cloned was not
// rendered — and notes the fight rows (the <li> holding a unit's target button) in which a component
// ran. Opened in a page of its own, so the hook never touches the timed pages. The same hook names
// every component that rendered, for the blow and for an Undo after it (what an answer costs the
// browser; names are readable in a build made with `--minify false`, see BENCH_WEB_DIST).
import type { Browser, Page } from 'playwright-core';
import { VIEWPORT } from './measure';
import { scrollGroupToEnd } from './page-scripts';
import { TWO_FRAMES } from '../editor/page-scripts';

/** Installs the hook before React loads; counting starts with `window.__qkRowRenders = []`. */
const RENDER_HOOK = `(() => {
  const FUNCTION_TAGS = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo, simple memo
  const PERFORMED_WORK = 1;
  const rowOf = (fiber) => {
    for (let at = fiber; at; at = at.child) {
      if (at.tag === 5 && at.stateNode instanceof Element) {
        const row = at.stateNode.closest('li');
        return row?.querySelector(':scope button[data-unit-id]')?.getAttribute('data-unit-id') ?? null;
      }
    }
    return null;
  };
  const nameOf = (fiber) => {
    const type = fiber.type?.type ?? fiber.type?.render ?? fiber.type;
    return type?.displayName || type?.name || '(anonymous)';
  };
  const visit = (fiber, rows, names) => {
    for (let at = fiber; at; at = at.sibling) {
      if (FUNCTION_TAGS.has(at.tag) && (at.flags & PERFORMED_WORK) !== 0) {
        const unit = rowOf(at);
        if (unit) rows.add(unit);
        names.push(nameOf(at));
      }
      // Children shared with the previous tree were not rendered in this commit.
      if (at.child && (!at.alternate || at.alternate.child !== at.child)) visit(at.child, rows, names);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(1, renderer); return 1; },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id, root) {
      if (!window.__qkRowRenders) return;
      const rows = new Set();
      const names = [];
      visit(root.current.child, rows, names);
      window.__qkRowRenders.push([...rows]);
      window.__qkComponents.push(names);
    },
  };
})()`;

export interface RowRenders {
  /** Keystrokes typed in the row's quick field. */
  keystrokes: number;
  /** Commits while typing, and the other rows rendered in them (distinct unit ids). */
  typingCommits: number;
  typingOthers: number;
  /** Whether the typed row itself rendered (the count can see a row at all). */
  typedRowRendered: boolean;
  /** Enter applied the blow: commits until the answer was painted, other rows rendered in them. */
  applyCommits: number;
  applyOthers: number;
  /** The components that rendered, per commit: Enter until the answer, then Undo until its answer. */
  applyComponents: string[][];
  undoComponents: string[][];
}

/**
 * Opens the combat view in a fresh page with the hook, scrolls the group headed `group` to its end,
 * types `text` into the quick field of the unit `unitId` (the fight's target, last of its group: a
 * blow on it moves no row), one key at a time, then presses Enter and waits for the answer's paint.
 */
export async function measureRowRenders(
  browser: Browser,
  url: string,
  session: string,
  unitId: string,
  group: string,
  undoLabel: string,
  text = '12',
): Promise<RowRenders> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript({
      content: `localStorage.setItem('questkeeper.session', ${JSON.stringify(session)});`,
    });
    await context.addInitScript({ content: RENDER_HOOK });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const row = page.locator('li', { has: page.locator(`button[data-unit-id="${unitId}"]`) });
    await page.getByRole('heading', { name: group, exact: true }).waitFor({ timeout: 30_000 });
    await page.evaluate(scrollGroupToEnd(group));
    const field = row.getByRole('textbox');
    await field.waitFor({ timeout: 30_000 });
    const meter = row.getByRole('meter');
    const hpBefore = await meter.getAttribute('aria-valuetext');
    await field.focus();
    await settle(page);

    await page.evaluate('window.__qkRowRenders = []; window.__qkComponents = []');
    for (const key of text) {
      await field.press(key);
      await settle(page);
    }
    const typing = await page.evaluate<string[][]>('window.__qkRowRenders');

    await page.evaluate('window.__qkRowRenders = []; window.__qkComponents = []');
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/combat/actions') && response.request().method() === 'POST',
      { timeout: 15_000 },
    );
    await field.press('Enter');
    const meterSelector = `button[data-unit-id="${unitId}"]`;
    await page.waitForFunction(
      `document.querySelector(${JSON.stringify(meterSelector)})?.closest('li')?.querySelector('[role="meter"]')` +
        `?.getAttribute('aria-valuetext') !== ${JSON.stringify(hpBefore)}`,
      undefined,
      { timeout: 15_000 },
    );
    // The answer replaces the prediction: wait for it, then for its paint.
    await (await answer).finished();
    await settle(page);
    const applying = await page.evaluate<string[][]>('window.__qkRowRenders');
    const applyComponents = await page.evaluate<string[][]>('window.__qkComponents');

    // Undo the blow: its answer is never predicted, so this is a whole answer's render.
    await page.evaluate('window.__qkComponents = []');
    const undone = page.waitForResponse(
      (response) => response.url().endsWith('/api/combat/undo') && response.request().method() === 'POST',
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: undoLabel, exact: true }).click();
    await (await undone).finished();
    await page.waitForFunction(
      `document.querySelector(${JSON.stringify(meterSelector)})?.closest('li')?.querySelector('[role="meter"]')` +
        `?.getAttribute('aria-valuetext') === ${JSON.stringify(hpBefore)}`,
      undefined,
      { timeout: 15_000 },
    );
    await settle(page);
    const undoComponents = await page.evaluate<string[][]>('window.__qkComponents');

    const others = (commits: string[][]) => new Set(commits.flat().filter((id) => id !== unitId)).size;
    return {
      keystrokes: text.length,
      typingCommits: typing.length,
      typingOthers: others(typing),
      typedRowRendered: typing.some((rows) => rows.includes(unitId ?? '')),
      applyCommits: applying.length,
      applyOthers: others(applying),
      applyComponents,
      undoComponents,
    };
  } finally {
    await context.close();
  }
}

/** Two frames: what a keystroke set off is committed and painted. */
function settle(page: Page) {
  return page.evaluate(TWO_FRAMES);
}

/** `Name ×count` for the components of the commits, the most rendered first. */
function componentCounts(commits: string[][]): string {
  const counts = new Map<string, number>();
  for (const name of commits.flat()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, count]) => (count > 1 ? `${name} ×${count}` : name))
    .join(', ');
}

/** The figures and the PASS/FAIL line: no other row may render. */
export function rowRenderLines(figures: RowRenders, perSide: number): string[] {
  const seen = figures.typedRowRendered ? '' : ' (WARNING: the typed row itself was not seen rendering)';
  const ok = figures.typingOthers === 0 && figures.applyOthers === 0 && figures.typedRowRendered;
  return [
    `Quick field of one row, ${perSide} v ${perSide}: typing ${figures.keystrokes} keys → ${figures.typingCommits} commits, ` +
      `${figures.typingOthers} other rows rendered; Enter → ${figures.applyCommits} commits until the answer, ` +
      `${figures.applyOthers} other rows rendered${seen}`,
    `${ok ? 'PASS' : 'FAIL'} quick field re-renders no other row (target 0; typing ${figures.typingOthers}, applying ${figures.applyOthers})`,
    `Components rendered by Enter until the answer (${figures.applyComponents.length} commits, ` +
      `${figures.applyComponents.flat().length} renders): ${componentCounts(figures.applyComponents)}`,
    `Components rendered by Undo until the answer (${figures.undoComponents.length} commits, ` +
      `${figures.undoComponents.flat().length} renders): ${componentCounts(figures.undoComponents)}`,
  ];
}

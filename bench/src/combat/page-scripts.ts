// The code the combat benchmark runs inside the page, as script strings: bench/ is typechecked without
// the DOM library. Each figure is taken in the page with performance.now(): the click is dispatched
// from the page itself (element.click(), so Playwright's round trip and actionability checks are not
// counted), and the figure runs to the next paint after the change is in the DOM — a
// requestAnimationFrame callback, then a MessageChannel message, which runs once the frame holding
// the change has been rendered (the usual approximation, as in ../editor/page-scripts.ts).
//
// The app and the floor page (floor.ts) are measured by the same probes: the floor page has the same
// labels and attributes, so only what builds the DOM differs.
//
// Each probe leaves a promise in window.__qkBench (resolved with the figures); measure.ts awaits it.

/**
 * Runs `resolve(figures)` after the next paint; `figures` gets `frame` (ms since `start` to that
 * frame's requestAnimationFrame callback: what came before is script and waiting for the frame, what
 * comes after is the frame's style, layout and paint) and `paint`.
 */
const AFTER_PAINT = `
  const afterPaint = (start, figures, resolve) => {
    requestAnimationFrame(() => {
      const frame = performance.now() - start;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ ...figures, frame, paint: performance.now() - start });
      channel.port2.postMessage(null);
    });
  };`;

/** Labels of the app (core/locales/en.json, `combat` namespace), as a user finds the controls. */
export interface CombatLabels {
  start: string;
  order: string;
  target: string;
  attack: string;
}

/** `buttonByText(root, text)`: the enabled-or-not button whose text is exactly `text`. */
const BUTTON_BY_TEXT = `
  const buttonByText = (root, text) =>
    [...root.querySelectorAll('button')].find((b) => (b.textContent ?? '').trim() === text) ?? null;`;

/** `orderList()`: the <ol> labelled by the heading `label` (the initiative order), or null. */
const orderListScript = (label: string) => `
  const orderList = () => {
    for (const list of document.querySelectorAll('ol[aria-labelledby]')) {
      const heading = document.getElementById(list.getAttribute('aria-labelledby'));
      if (heading && (heading.textContent ?? '').trim() === ${JSON.stringify(label)}) return list;
    }
    return null;
  };`;

/**
 * `rendered(list)`: the initiative order is on screen for `count` units. Either all `count` items
 * are in the list, or the list is windowed — its rows say they are among `count`
 * (aria-setsize) — and the rows rendered reach the bottom of the list's visible box, or its last unit.
 * Items hidden from assistive technology (spacers) are not rows.
 */
const renderedScript = (count: number) => `
  const rowsOf = (list) => [...list.querySelectorAll(':scope > li')].filter((row) => row.getAttribute('aria-hidden') !== 'true');
  const rendered = (list) => {
    const rows = rowsOf(list);
    if (rows.length >= ${count}) return true;
    const last = rows.filter((row) => row.hasAttribute('aria-setsize')).pop();
    // Groups (decision 062) make one row of their members: the order holds at most ${count} rows.
    const size = Number(last?.getAttribute('aria-setsize'));
    if (!last || !(size > 0) || size > ${count}) return false;
    if (last.getAttribute('aria-posinset') === String(size)) return true;
    const box = list.getBoundingClientRect();
    return last.getBoundingClientRect().bottom >= Math.min(box.top + list.clientHeight, innerHeight);
  };`;

const SETTLE_QUIET_MS = 300;
const SETTLE_MAX_MS = 5000;

/**
 * Start combat: click → the initiative order is rendered for `count` units (all its rows, or every
 * row in sight when the list is windowed; a group is one row), then the next paint. Resolves
 * { dom, paint, items, setSize, targets, settled, settledRows } — `items` the rows in the DOM,
 * `setSize` what they say the list holds, `targets` how many target buttons (data-unit-id) the fight
 * screen had at that paint, `elementsBefore`/`elementsAfter` the page's elements before the click and
 * at that paint; `settled` when the page's DOM last changed (information: a windowed list
 * may keep adjusting after its first paint) and `settledRows` the order's rows then.
 */
export function startProbe(labels: CombatLabels, count: number): string {
  return `(() => {
    ${AFTER_PAINT}
    ${BUTTON_BY_TEXT}
    ${orderListScript(labels.order)}
    // With player characters in the fight, Start first opens the dialog for typed initiatives
    // (decision 031): its own Start sends the action, so that is the click timed here.
    const button = buttonByText(document.querySelector('dialog[open]') ?? document, ${JSON.stringify(labels.start)});
    if (!button) throw new Error('no button ' + ${JSON.stringify(labels.start)});
    if (button.disabled) throw new Error(${JSON.stringify(labels.start)} + ' is disabled');
    if (orderList()) throw new Error('an initiative order is already on the page');
    ${renderedScript(count)}
    const elementsBefore = document.getElementsByTagName('*').length;
    window.__qkBench = new Promise((resolve) => {
      let start = 0;
      let done = false;
      let lastChange = 0;
      // After the paint: the DOM quiet for ${SETTLE_QUIET_MS} ms (at most ${SETTLE_MAX_MS} ms after
      // the click), so work the start leaves for later shows.
      const settle = (list, figures) => {
        const wait = () => {
          const now = performance.now();
          if (now - lastChange < ${SETTLE_QUIET_MS} && now - start < ${SETTLE_MAX_MS}) return setTimeout(wait, 50);
          observer.disconnect();
          resolve({ ...figures, settled: lastChange - start, settledRows: rowsOf(orderList() ?? list).length });
        };
        wait();
      };
      const check = () => {
        lastChange = performance.now();
        if (done) return;
        const list = orderList();
        if (!list || !rendered(list)) return;
        done = true;
        afterPaint(start, { dom: performance.now() - start }, (figures) =>
          settle(list, {
            ...figures,
            items: rowsOf(list).length,
            setSize: Number(list.querySelector(':scope > li[aria-setsize]')?.getAttribute('aria-setsize') ?? 0),
            targets: document.querySelectorAll('button[data-unit-id]').length,
            elementsBefore,
            elementsAfter: document.getElementsByTagName('*').length,
            // The server rolls the order: when its answer was read (round-trips.ts), null on the floor.
            answer: window.__qkAnswerAt === undefined ? null : window.__qkAnswerAt - start,
          }),
        );
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true });
      window.__qkAnswerAt = undefined;
      start = performance.now();
      button.click();
      // A render inside the click's own dispatch is already in the DOM.
      check();
    });
    return null;
  })()`;
}

/**
 * Attack: click on Attack → the target's HP meters (its row, found by data-unit-id, and the Target
 * region's) both read one point less, then the next paint. Resolves
 * { dom, paint, before, after, animations }.
 */
export function attackProbe(labels: CombatLabels, targetId: string): string {
  return `(() => {
    ${AFTER_PAINT}
    ${BUTTON_BY_TEXT}
    const region = document.querySelector(${JSON.stringify(`section[aria-label="${labels.target}"]`)});
    if (!region) throw new Error('no Target region');
    const button = buttonByText(region, ${JSON.stringify(labels.attack)});
    if (!button) throw new Error('no button ' + ${JSON.stringify(labels.attack)});
    if (button.disabled) throw new Error(${JSON.stringify(labels.attack)} + ' is disabled');
    const meters = () => {
      const row = document.querySelector(${JSON.stringify(`button[data-unit-id="${targetId}"]`)})?.closest('li');
      return [row?.querySelector('[role="meter"]'), region.querySelector('[role="meter"]')];
    };
    const [rowMeter, barMeter] = meters();
    if (!rowMeter) throw new Error('the target row is not in the DOM (scrolled out of a windowed list?)');
    if (!barMeter) throw new Error('no HP meter in the Target region');
    const before = rowMeter.getAttribute('aria-valuetext');
    if (barMeter.getAttribute('aria-valuetext') !== before) throw new Error('the two HP meters disagree: ' + before);
    const [current, max] = (before ?? '').split('/').map((part) => Number(part.trim()));
    const expected = (current - 1) + ' / ' + max;
    window.__qkBench = new Promise((resolve) => {
      let start = 0;
      let done = false;
      const check = () => {
        if (done) return;
        if (!meters().every((meter) => meter?.getAttribute('aria-valuetext') === expected)) return;
        done = true;
        observer.disconnect();
        afterPaint(start, { dom: performance.now() - start }, (figures) =>
          resolve({
            ...figures,
            before,
            after: expected,
            // Running animations keep frames ticking: a change then waits for the next one.
            animations: document.getAnimations().filter((a) => a.playState === 'running').length,
          }),
        );
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      start = performance.now();
      button.click();
      check();
    });
    return null;
  })()`;
}

/** Long tasks (≥ 50 ms) from now on, in window.__qkLongTasks; read with LONG_TASKS. */
export const RECORD_LONG_TASKS = `(() => {
  window.__qkLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__qkLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
  } catch {
    // No Long Tasks API: the figures stand alone.
  }
  return null;
})()`;

export const LONG_TASKS = `window.__qkLongTasks ?? []`;

/** What the floor copies of the app's initiative order: the classes of the list, a row and its parts. */
export function orderClasses(labels: CombatLabels): string {
  return `(() => {
    ${orderListScript(labels.order)}
    const list = orderList();
    // The second row: the first one is the current turn, styled apart.
    const row = list?.children[1] ?? list?.children[0];
    return {
      list: list?.className ?? '',
      row: row?.className ?? '',
      parts: row ? [...row.children].map((child) => child.getAttribute('class') ?? '') : [],
    };
  })()`;
}

/** Scrolls the list of the group headed `heading` (Allies, Enemies) to its end. */
export function scrollGroupToEnd(heading: string): string {
  return `(() => {
    for (const section of document.querySelectorAll('section[aria-labelledby]')) {
      const title = document.getElementById(section.getAttribute('aria-labelledby'));
      if (!title || (title.textContent ?? '').trim() !== ${JSON.stringify(heading)}) continue;
      const list = section.querySelector('ul');
      if (!list) throw new Error('no list in the group ' + ${JSON.stringify(heading)});
      list.scrollTop = list.scrollHeight;
      return list.scrollTop;
    }
    throw new Error('no group ' + ${JSON.stringify(heading)});
  })()`;
}

/** The initiative order's state, for an error message: its rows and boxes. */
export function orderState(labels: CombatLabels): string {
  return `(() => {
    ${orderListScript(labels.order)}
    const list = orderList();
    if (!list) return { list: null };
    const rows = list.querySelectorAll(':scope > li');
    const last = rows[rows.length - 1];
    const box = list.getBoundingClientRect();
    return {
      rows: rows.length,
      lastSetSize: last?.getAttribute('aria-setsize') ?? null,
      lastPosInSet: last?.getAttribute('aria-posinset') ?? null,
      lastBottom: last ? last.getBoundingClientRect().bottom : null,
      listTop: box.top,
      clientHeight: list.clientHeight,
      scrollHeight: list.scrollHeight,
      scrollTop: list.scrollTop,
      innerHeight,
    };
  })()`;
}

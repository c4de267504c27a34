// The combat table's figures of docs/decisions/021 that include the server: click Attack (or Undo) → the
// server's answer on screen, and the browser's share of it (answer → paint: parse, merge, render).
// As in page-scripts.ts, the probes run in the page as script strings and leave a promise in
// window.__qkBench. The moment the answer's body has arrived is marked by a fetch wrapper installed
// before the app loads (ANSWER_MARK): it reads a clone of the answer to its end, so what the app does
// with it afterwards is the browser's part.
import type { Page } from 'playwright-core';
import { TWO_FRAMES } from '../editor/page-scripts';

const PROBE_TIMEOUT_MS = 30_000;

/**
 * Request sent → the answer's first byte (Resource Timing), the server's share as the page sees it;
 * the buffer is emptied after each read (it keeps 250 entries).
 */
const SERVER_TIME = `
  const serverTime = (url) => {
    const entry = performance.getEntriesByName(url).pop();
    performance.clearResourceTimings();
    return entry && entry.requestStart > 0 ? entry.responseStart - entry.requestStart : NaN;
  };`;

/**
 * Init script: window.__qkAnswerAt = performance.now() once an action's or undo's answer is read, and
 * window.__qkAnswerBytes its size (decision 030: the answer carries the log's newest entries only),
 * window.__qkServer the server's share of it.
 */
export const ANSWER_MARK = `(() => {
  ${SERVER_TIME}
  const fetch0 = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await fetch0(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\\/api\\/combat\\/(actions|undo|redo)$/.test(new URL(url, location.href).pathname)) {
      const body = await response.clone().arrayBuffer();
      window.__qkAnswerAt = performance.now();
      window.__qkAnswerBytes = body.byteLength;
      window.__qkServer = serverTime(response.url);
    }
    return response;
  };
})()`;

/** The next paint: `resolve(paintAt, frameAt)`, frameAt being its requestAnimationFrame callback. */
const AFTER_PAINT = `
  const afterPaint = (resolve) => {
    requestAnimationFrame(() => {
      const frameAt = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now(), frameAt);
      channel.port2.postMessage(null);
    });
  };`;

export interface RoundTripTiming {
  /** Click → the first paint with the server's answer on screen. */
  paint: number;
  /** Click → the answer's body read (the server and the network). */
  answer: number;
  /** Answer read → that paint (the browser's share: parse, check, merge, render). */
  browser: number;
  /**
   * The browser's share in three: answer read → the DOM's last change before the frame that paints
   * it (parse, merge, React's render and commit, and whatever changes the DOM after it), → that
   * frame's requestAnimationFrame callback (the wait for the frame clock), → the paint (that frame's
   * style, layout and paint).
   */
  toDom: number;
  toFrame: number;
  framePaint: number;
  /**
   * The browser's work for the answer: `toDom` + `framePaint`, without the wait for the frame clock
   * (decision 043: what the long log's target reads).
   */
  work: number;
  /** Request sent → the answer's first byte: the server's share, on this machine's loopback. */
  server: number;
  /** The answer's body, in bytes. */
  bytes: number;
}

export interface TableLabels {
  attack: string;
  target: string;
  undo: string;
  log: string;
}

/**
 * Clicks `button` (Attack or Undo) and resolves at the paint where the target's two HP meters show
 * the HP after it and the log's newest row has changed (a new entry, or the last one flagged
 * undone): the answer is on screen. The view predicts a plain attack's HP but never a log entry
 * (web/src/lib/combat.ts), so the log row is the answer's own mark.
 */
function roundTripProbe(labels: TableLabels, button: 'attack' | 'undo', targetId: string, delta: number) {
  return `(() => {
    ${AFTER_PAINT}
    const byText = (text) =>
      [...document.querySelectorAll('button')].find((b) => (b.textContent ?? '').trim() === text) ?? null;
    const logList = () => {
      for (const list of document.querySelectorAll('ol[aria-labelledby]')) {
        const heading = document.getElementById(list.getAttribute('aria-labelledby'));
        if (heading && (heading.textContent ?? '').trim() === ${JSON.stringify(labels.log)}) return list;
      }
      return null;
    };
    const newest = () => logList()?.querySelector('li[aria-posinset="1"]')?.textContent ?? '';
    const region = document.querySelector(${JSON.stringify(`section[aria-label="${labels.target}"]`)});
    const meters = () => {
      const row = document.querySelector(${JSON.stringify(`button[data-unit-id="${targetId}"]`)})?.closest('li');
      return [row?.querySelector('[role="meter"]'), region?.querySelector('[role="meter"]')];
    };
    const control = byText(${JSON.stringify(button === 'attack' ? labels.attack : labels.undo)});
    if (!control || control.disabled) throw new Error(${JSON.stringify(button)} + ' is missing or disabled');
    const [current, max] = (meters()[0]?.getAttribute('aria-valuetext') ?? '').split('/').map((p) => Number(p.trim()));
    const expected = (current + ${delta}) + ' / ' + max;
    const newestBefore = newest();
    window.__qkAnswerAt = undefined;
    window.__qkBench = new Promise((resolve) => {
      let start = 0;
      let done = false;
      let lastChangeAt = 0;
      const check = () => {
        if (done) {
          lastChangeAt = performance.now();
          return;
        }
        if (window.__qkAnswerAt === undefined) return;
        if (!meters().every((meter) => meter?.getAttribute('aria-valuetext') === expected)) return;
        if (newest() === newestBefore) return;
        done = true;
        lastChangeAt = performance.now();
        const answerAt = window.__qkAnswerAt;
        const bytes = window.__qkAnswerBytes ?? 0;
        const server = window.__qkServer ?? NaN;
        afterPaint((at, frameAt) => {
          observer.disconnect();
          // The DOM's last change before the frame: what the app does after its commit (effects, a
          // second render) counts as its work, not as the wait. Changes in the frame are its own.
          const settledAt = Math.min(lastChangeAt, frameAt);
          resolve({
            paint: at - start, answer: answerAt - start, browser: at - answerAt, server, bytes,
            toDom: settledAt - answerAt, toFrame: frameAt - settledAt, framePaint: at - frameAt,
            work: settledAt - answerAt + (at - frameAt),
          });
        });
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      start = performance.now();
      control.click();
    });
    return null;
  })()`;
}

/**
 * The floor of a round trip, in the same page: the same fight read (GET /api/combat, no write, no
 * lock), its body parsed, then the next paint — nothing rendered.
 */
function floorProbe(campaignId: string) {
  return `(() => {
    ${AFTER_PAINT}
    ${SERVER_TIME}
    const { token } = JSON.parse(localStorage.getItem('questkeeper.session') ?? '{}');
    window.__qkBench = (async () => {
      const start = performance.now();
      const response = await fetch('/api/combat', {
        headers: { authorization: 'Bearer ' + token, 'x-campaign-id': ${JSON.stringify(campaignId)} },
      });
      const body = await response.arrayBuffer();
      const answerAt = performance.now();
      JSON.parse(new TextDecoder().decode(body));
      const domAt = performance.now();
      const server = serverTime(response.url);
      const [at, frameAt] = await new Promise((resolve) => afterPaint((paint, frame) => resolve([paint, frame])));
      return {
        paint: at - start, answer: answerAt - start, browser: at - answerAt, server, bytes: body.byteLength,
        toDom: domAt - answerAt, toFrame: frameAt - domAt, framePaint: at - frameAt,
        work: domAt - answerAt + (at - frameAt),
      };
    })();
    return null;
  })()`;
}

async function awaitFigures(page: Page, what: string): Promise<RoundTripTiming> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no result within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([page.evaluate<RoundTripTiming>('window.__qkBench'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Attack (amount 1) → the answer painted; the target must be chosen and the amount typed. */
export async function measureAttackRoundTrip(page: Page, labels: TableLabels, targetId: string) {
  await page.evaluate(roundTripProbe(labels, 'attack', targetId, -1));
  const timing = await awaitFigures(page, 'attack round trip');
  await page.evaluate(TWO_FRAMES);
  return timing;
}

/** Undo of the last blow → the target's HP back, painted. */
export async function measureUndo(page: Page, labels: TableLabels, targetId: string) {
  await page.evaluate(roundTripProbe(labels, 'undo', targetId, 1));
  const timing = await awaitFigures(page, 'undo');
  await page.evaluate(TWO_FRAMES);
  return timing;
}

export async function measureReadFloor(page: Page, campaignId: string) {
  await page.evaluate(floorProbe(campaignId));
  const timing = await awaitFigures(page, 'read floor');
  await page.evaluate(TWO_FRAMES);
  return timing;
}

// The code the editor benchmark runs inside the page, as script strings: bench/ is typechecked without
// the DOM library. Every figure is measured in the page with performance.now() and the event's own
// timeStamp, from the user's action to the next paint after its effect is in the DOM. "Next paint" is
// the usual approximation: a requestAnimationFrame callback, then a MessageChannel message, which runs
// once the frame holding the change has been rendered.
//
// Each installer leaves a promise in window.__qkBench (resolved with the figures); measure.ts awaits it.

/** Runs `resolve(figures)` after the next paint; `figures` gets `paint`, ms since `start`. */
const AFTER_PAINT = `
  const afterPaint = (start, figures, resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ ...figures, paint: performance.now() - start });
      channel.port2.postMessage(null);
    });
  };`;

/**
 * rendered(): the rendered rules (a .qk-markdown) end with the rulebook's last heading — as its last
 * block, or as the last block of its last section (the app renders long texts in sections, the last
 * ones in later tasks).
 * firstScreen(): the rendered rules start with the rulebook's first heading and fill their scroll box
 * down to its bottom edge with rendered content (no section still waiting before that edge).
 */
const rulesRendered = (firstHeading: string, lastHeading: string) => `
  // A rules heading with its "Linked from" (and reveal) buttons sits in a .qk-heading-row.
  const unwrap = (element) => (element && element.classList.contains('qk-heading-row') ? element.firstElementChild : element);
  const isHeading = (element, tag, text) => {
    const heading = unwrap(element);
    return heading && heading.tagName === tag && heading.textContent === text;
  };
  const rendered = () => {
    for (const box of document.querySelectorAll('.qk-markdown')) {
      const last = box.lastElementChild;
      if (isHeading(last, 'H2', ${JSON.stringify(lastHeading)}) || isHeading(last?.lastElementChild, 'H2', ${JSON.stringify(lastHeading)})) return true;
    }
    return false;
  };
  const firstScreen = () => {
    for (const box of document.querySelectorAll('.qk-markdown')) {
      const first = box.firstElementChild;
      if (!isHeading(first, 'H1', ${JSON.stringify(firstHeading)}) && !isHeading(first?.firstElementChild, 'H1', ${JSON.stringify(firstHeading)})) continue;
      const scroller = box.closest('[role="region"]') ?? box.parentElement;
      const edge = scroller.getBoundingClientRect().bottom;
      for (const child of box.children) {
        // A section not rendered yet is an empty block holding its place.
        if (child.childNodes.length === 0 && child.tagName === 'DIV') return false;
        if (child.getBoundingClientRect().bottom >= edge) return true;
      }
      return true;
    }
    return false;
  };`;

/**
 * Preview render: from the click on the sidebar's Rules link (the click event's timeStamp) to the
 * next paint after (a) the first screen of the rulebook — its first heading and the content filling
 * the visible box (firstDom, firstPaint) — and (b) the whole rulebook, down to its last heading
 * (dom, paint), are in the DOM. A requestAnimationFrame loop runs from the click, so that its callback
 * comes before any the app requests in the same frame and the paint is reported before the app's next
 * task (its next chunk). Resolves { firstDom, firstPaint, dom, paint } in ms.
 */
export function installViewSwitchProbe(firstHeading: string, lastHeading: string): string {
  return `(() => {
    ${rulesRendered(firstHeading, lastHeading)}
    window.__qkBench = new Promise((resolve) => {
      let start = null;
      const figures = {};
      // Milestones in the DOM, waiting for the next frame: [name, dom ms].
      const waiting = [];
      const loop = () => {
        if (waiting.length) {
          const reached = waiting.splice(0);
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const now = performance.now() - start;
            for (const [name, dom] of reached) {
              figures[name === 'first' ? 'firstDom' : 'dom'] = dom;
              figures[name === 'first' ? 'firstPaint' : 'paint'] = now;
            }
            if ('paint' in figures && 'firstPaint' in figures) resolve(figures);
          };
          channel.port2.postMessage(null);
        }
        if (!('paint' in figures)) requestAnimationFrame(loop);
      };
      let seenFirst = false;
      const observer = new MutationObserver(() => {
        if (start === null) return;
        const dom = performance.now() - start;
        if (!seenFirst && firstScreen()) {
          seenFirst = true;
          waiting.push(['first', dom]);
        }
        if (seenFirst && rendered()) {
          observer.disconnect();
          waiting.push(['all', dom]);
        }
      });
      addEventListener('click', (event) => {
        start = event.timeStamp;
        requestAnimationFrame(loop);
      }, { capture: true, once: true });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  })()`;
}

/**
 * For information: the dashboard opened on the rules view, from navigation start to the painted
 * first screen of the rulebook and to the whole rulebook painted (an init script, so it watches from
 * the first byte). Resolves { firstDom, firstPaint, dom, paint } in window.__qkFirstLoad.
 */
export function firstLoadProbe(firstHeading: string, lastHeading: string): string {
  return `(() => {
    if (!location.pathname.endsWith('/dashboard')) return;
    ${AFTER_PAINT}
    ${rulesRendered(firstHeading, lastHeading)}
    window.__qkFirstLoad = new Promise((resolve) => {
      const watch = () => {
        const figures = {};
        let seenFirst = false;
        const observer = new MutationObserver(() => {
          if (!seenFirst && firstScreen()) {
            seenFirst = true;
            afterPaint(0, { firstDom: performance.now() }, (f) => {
              figures.firstDom = f.firstDom;
              figures.firstPaint = f.paint;
              if ('paint' in figures) resolve(figures);
            });
          }
          if (!seenFirst || !rendered()) return;
          observer.disconnect();
          afterPaint(0, { dom: performance.now() }, (f) => {
            Object.assign(figures, f);
            if ('firstPaint' in figures) resolve(figures);
          });
        });
        observer.observe(document.documentElement, { childList: true, subtree: true });
      };
      if (document.documentElement) watch();
      else document.addEventListener('readystatechange', watch, { once: true });
    });
  })()`;
}

/**
 * Search: from the Enter keydown in the search box to the next paint after the results area changed
 * (React commits the summary and the list together). Resolves { dom, paint, lines, summary }.
 */
export function installSearchProbe(): string {
  return `(() => {
    ${AFTER_PAINT}
    const root = document.querySelector('[role="search"]');
    if (!root) throw new Error('no [role=search] on the page');
    window.__qkBench = new Promise((resolve) => {
      let start = null;
      const observer = new MutationObserver(() => {
        observer.disconnect();
        const dom = performance.now() - start;
        afterPaint(start, { dom }, (figures) =>
          resolve({
            ...figures,
            lines: root.querySelectorAll('ol > li').length,
            summary: (root.querySelector('[aria-live]')?.textContent ?? '').trim(),
          }),
        );
      });
      const onKeyDown = (event) => {
        if (event.key !== 'Enter') return;
        removeEventListener('keydown', onKeyDown, true);
        start = event.timeStamp;
        observer.observe(root, { childList: true, subtree: true, characterData: true });
      };
      addEventListener('keydown', onKeyDown, true);
    });
  })()`;
}

/**
 * Typing: for every keydown, the time from the event's timeStamp (so time the event waited for a busy
 * main thread counts) to the next paint after its input event (after its keyup when no input came).
 * Also records Event Timing entries of 16 ms or more (the browser's own measure, in 8 ms steps) and
 * long tasks. Read with typingResults().
 */
export const INSTALL_TYPING_RECORDER = `(() => {
  const state = { samples: [], slowEvents: [], longTasks: [] };
  window.__qkTyping = state;
  let current = null;
  const frame = (sample) => {
    if (sample.scheduled) return;
    sample.scheduled = true;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { sample.paint = performance.now() - sample.start; };
      channel.port2.postMessage(null);
    });
  };
  addEventListener('keydown', (event) => {
    current = { key: event.key, start: event.timeStamp, input: null, paint: null, scheduled: false };
    state.samples.push(current);
  }, true);
  addEventListener('input', () => {
    if (!current || current.scheduled) return;
    current.input = performance.now() - current.start;
    frame(current);
  }, true);
  addEventListener('keyup', () => { if (current) frame(current); }, true);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name.startsWith('key') || entry.name.endsWith('input')) {
          state.slowEvents.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
        }
      }
    }).observe({ type: 'event', durationThreshold: 16 });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
  } catch {
    // Event Timing or Long Tasks unsupported: the rAF figures stand alone.
  }
})()`;

export const TYPING_RESULTS = `(() => {
  const state = window.__qkTyping;
  return {
    samples: state.samples.map(({ key, start, input, paint }) => ({ key, at: start, input, paint })),
    slowEvents: state.slowEvents,
    longTasks: state.longTasks,
  };
})()`;

/**
 * The text of the editor matching `selector`: a <textarea>'s value, or the document of the app's
 * CodeMirror editor (read through the view CodeMirror keeps on its content element; null if that
 * internal ever moves — the check it serves is then skipped).
 */
export function editorText(selector: string): string {
  return `(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) throw new Error('no editor ' + ${JSON.stringify(selector)});
    if (element instanceof HTMLTextAreaElement) return element.value;
    return element.cmView?.rootView?.view?.state.doc.toString() ?? null;
  })()`;
}

/**
 * Puts the caret over [start, end) of the editor matching `selector` and focuses it: a <textarea>
 * directly, the app's editor through the select event hosts use (web/src/components/markdown-editor/
 * editor-events.ts).
 */
export function selectInTextarea(selector: string, start: number, end: number): string {
  return `(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) throw new Error('no editor ' + ${JSON.stringify(selector)});
    if (element instanceof HTMLTextAreaElement) {
      element.focus();
      element.setSelectionRange(${start}, ${end});
      return element.value.length;
    }
    element.dispatchEvent(new CustomEvent('qk-editor-select', { bubbles: true, detail: { start: ${start}, end: ${end} } }));
    return null;
  })()`;
}

/**
 * Resolves once no long task (≥ 50 ms) has run for `quietMs` (at most after `maxMs`): the preview
 * refresh a pause in typing triggers, or a late render, is over.
 */
export function quiet(quietMs: number, maxMs: number): string {
  return `new Promise((resolve) => {
    const start = performance.now();
    let last = 0;
    let observer = null;
    try {
      observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
      });
      observer.observe({ type: 'longtask', buffered: true });
    } catch {
      // No Long Tasks API: the fixed wait stands alone.
    }
    const check = () => {
      const now = performance.now();
      if (now - Math.max(last, start) >= ${quietMs} || now - start > ${maxMs}) {
        observer?.disconnect();
        resolve(now - start);
      } else setTimeout(check, 50);
    };
    setTimeout(check, ${quietMs});
  })`;
}

/** Resolves after two frames: whatever the last action scheduled has been rendered. */
export const TWO_FRAMES = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))))`;

/**
 * The size and classes of an element, so the floor can give its own the same box. For the app's
 * editor, the box is its cell (the text box itself is as tall as the text), and the floor's
 * <textarea> gets the text styles the editor shows.
 */
export function boxOf(selector: string): string {
  return `(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) throw new Error('nothing matches ' + ${JSON.stringify(selector)});
    const cell = element.closest('.qk-code-editor');
    const rect = (cell ?? element).getBoundingClientRect();
    const className = cell
      ? cell.className.replace('qk-code-editor', '') + ' resize-none p-3 font-mono leading-relaxed md:text-[0.9375rem]'
      : element.className;
    return { width: rect.width, height: rect.height, className };
  })()`;
}

/** The page's stylesheets (links and style elements), for the floor page. */
export const STYLESHEETS = `[...document.querySelectorAll('link[rel="stylesheet"], style')].map((e) => e.outerHTML).join('\\n')`;

/**
 * Floor of the preview: the same markdown-it setup (the app's renderMarkdown, bundled alone) renders
 * window.__qkText, the HTML goes into a .qk-markdown in a box of the same size and classes, then the
 * next paint. No React. Resolves { render, dom, paint }.
 */
export const FLOOR_PREVIEW = `(() => new Promise((resolve) => {
  ${AFTER_PAINT}
  const box = document.getElementById('floor-box');
  box.replaceChildren();
  requestAnimationFrame(() => setTimeout(() => {
    const start = performance.now();
    const html = window.__qkMarkdown.renderMarkdown(window.__qkText);
    const render = performance.now() - start;
    const content = document.createElement('div');
    content.className = 'qk-markdown';
    content.innerHTML = html;
    box.append(content);
    afterPaint(start, { render, dom: performance.now() - start }, resolve);
  }, 0));
}))()`;

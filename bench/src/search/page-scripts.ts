// The code the search palette benchmark runs inside the page, as script strings (bench/ is typechecked
// without the DOM library), and the floor page. Each keystroke is timed from its keydown's own
// timeStamp to the next paint after the DOM first shows the answer to the text it typed — or to a
// later text, when a faster typist's next key came first (that key's wait counts in full). "Shown" is
// the `data-answered` attribute the palette (and the floor) set to the query whose answer is on
// screen; "next paint" is a requestAnimationFrame callback then a MessageChannel message, as in the
// editor benchmark (../editor/page-scripts.ts).

export interface KeySample {
  key: string;
  /** The field's text after the key (trimmed, as the query sent). */
  query: string;
  /** ms from keydown to the answer in the DOM, and to the paint after it (null: never shown). */
  dom: number | null;
  paint: number | null;
}

/**
 * Installs the recorder on the page: keydowns on the field matching `fieldSelector`, the text each one
 * left, and the answers as `[data-answered]` shows them. `window.__qkSearchKeys()` hands the samples
 * over and starts afresh.
 */
export function installKeyRecorder(fieldSelector: string): string {
  return `(() => {
    if (window.__qkSearchKeys) return;
    let keys = [];
    const field = () => document.querySelector(${JSON.stringify(fieldSelector)});
    const answered = () => document.querySelector('[data-answered]')?.getAttribute('data-answered') ?? null;
    addEventListener('keydown', (event) => {
      if (event.target !== field()) return;
      keys.push({ key: event.key, at: event.timeStamp, query: null, dom: null, paint: null });
    }, { capture: true });
    addEventListener('input', (event) => {
      if (event.target !== field()) return;
      const last = keys[keys.length - 1];
      if (!last || last.query !== null) return;
      last.query = event.target.value.trim();
      // A key that left the query as it was (a space after a word): its answer is already there.
      if (last.query && answered() === last.query) {
        last.dom = performance.now() - last.at;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => { last.paint = performance.now() - last.at; };
          channel.port2.postMessage(null);
        });
      }
    }, { capture: true });
    const seen = () => {
      const query = answered();
      if (query === null) return;
      const now = performance.now();
      // The last key that typed this text: it and every key before it still waiting are answered.
      let last = -1;
      for (let i = keys.length - 1; i >= 0; i--) if (keys[i].query === query) { last = i; break; }
      const reached = [];
      for (let i = 0; i <= last; i++) if (keys[i].dom === null && keys[i].query) reached.push(keys[i]);
      if (!reached.length) return;
      for (const key of reached) key.dom = now - key.at;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const painted = performance.now();
          for (const key of reached) key.paint = painted - key.at;
        };
        channel.port2.postMessage(null);
      });
    };
    new MutationObserver(seen).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-answered'],
    });
    window.__qkSearchKeys = () => {
      const taken = keys
        .filter((key) => key.query)
        .map(({ key, query, dom, paint }) => ({ key, query, dom, paint }));
      keys = [];
      return taken;
    };
  })()`;
}

/** The durations of the page's GET /api/search requests so far (request start → response end), and clears them. */
export const SEARCH_FETCHES = `(() => {
  const entries = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/search?'));
  performance.clearResourceTimings();
  return entries.map((entry) => entry.responseEnd - entry.requestStart);
})()`;

/**
 * The floor: the least a page can do between a key and its results — a plain field whose input event
 * sends the same GET /api/search (same headers, the previous request aborted) and writes the answer
 * as plain list items (name, kind, snippet with <mark>), with the app's stylesheets, no framework.
 */
export function floorPage(options: {
  stylesheets: string;
  token: string;
  campaignId: string;
  limit: number;
}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Search floor</title>${options.stylesheets}</head>
<body class="bg-canvas text-ink">
<div style="max-width:42rem;margin:10vh auto;background:var(--qk-surface)">
  <input id="floor-field" role="combobox" aria-label="Search" autocomplete="off" style="width:100%;height:3.5rem;padding:0 1rem">
  <p id="floor-status"></p>
  <ul id="floor-list"></ul>
</div>
<script>
  const field = document.getElementById('floor-field');
  const status = document.getElementById('floor-status');
  const list = document.getElementById('floor-list');
  const headers = {
    accept: 'application/json',
    'accept-language': 'en',
    authorization: ${JSON.stringify(`Bearer ${options.token}`)},
    'x-campaign-id': ${JSON.stringify(options.campaignId)},
  };
  let controller = null;
  field.addEventListener('input', async () => {
    const query = field.value.trim();
    controller?.abort();
    if (!query) return;
    controller = new AbortController();
    try {
      const params = new URLSearchParams({ q: query, limit: ${JSON.stringify(String(options.limit))} });
      const response = await fetch('/api/search?' + params, { headers, signal: controller.signal });
      const results = await response.json();
      const items = results.map((result) => {
        const item = document.createElement('li');
        const name = document.createElement('strong');
        name.textContent = result.name;
        const kind = document.createElement('small');
        kind.textContent = ' ' + result.kind;
        const snippet = document.createElement('p');
        let at = 0;
        for (const range of result.ranges) {
          snippet.append(result.snippet.slice(at, range.start));
          const mark = document.createElement('mark');
          mark.textContent = result.snippet.slice(range.start, range.end);
          snippet.append(mark);
          at = range.end;
        }
        snippet.append(result.snippet.slice(at));
        item.append(name, kind, snippet);
        return item;
      });
      list.replaceChildren(...items);
      status.textContent = results.length + ' results';
      status.setAttribute('data-answered', query);
    } catch {
      // Aborted by the next key.
    }
  });
</script>
</body></html>`;
}

// The only script of an island page (landing, pricing, Not Found; docs/decisions/069): the page is
// HTML and CSS rendered at build time from the app's own components (decision 038), and this script
// wires its few live parts without React — the phone menu, the skip link, the language link (with
// the URL's #fragment and the real path on the Not Found page), the footer's year and the demo
// banner. Links are plain links: a click on Login or a plan is a full page load of the app's page.
// A signed-in visitor sees a different header (and pricing buttons, and maybe another language):
// for them this script loads the app, which renders the page afresh, as before this decision.
// Bundled alone by esbuild (src/prerender/build.mjs), so it must import nothing of React.
import type { SiteInfo } from '@questkeeper/core/schemas/site';
import { readStoredSession } from '@/lib/stored-session';

interface Boot {
  entry: string;
  preload: string[];
}

/** Loads the app as decision 038's boot script does; the page is then rendered, not hydrated. */
function startApp(): void {
  const data = document.getElementById('qk-boot')?.textContent;
  if (!data) return;
  const { entry, preload } = JSON.parse(data) as Boot;
  // main.tsx hydrates only a page marked for its path: this one is rendered afresh.
  delete document.getElementById('root')?.dataset.prerendered;
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
}

function wireMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('button[aria-controls="mobile-menu"]');
  const menu = document.getElementById('mobile-menu');
  if (!button || !menu) return;
  const icon = (name: string) => button.querySelector<HTMLElement>(`[data-icon="${name}"]`);
  const set = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    const label = open ? button.dataset.labelClose : button.dataset.labelOpen;
    if (label) button.setAttribute('aria-label', label);
    icon('open')?.toggleAttribute('hidden', open);
    icon('close')?.toggleAttribute('hidden', !open);
  };
  button.addEventListener('click', () => set(menu.hidden));
  button.removeAttribute('aria-disabled');
}

/** Focuses the page without a #fragment in the URL (a history entry), as the app's layout does. */
function wireSkipLink(): void {
  const link = document.querySelector<HTMLAnchorElement>('a[href="#main"]');
  link?.addEventListener('click', (event) => {
    event.preventDefault();
    document.getElementById('main')?.focus();
  });
}

/** The language links lead to this very URL in the other language: path, query and fragment. */
function wireLanguageLinks(): void {
  const links = document.querySelectorAll<HTMLAnchorElement>('header a[hreflang]');
  const update = () => {
    for (const link of links) {
      const { pathname, search, hash } = window.location;
      link.setAttribute('href', pathname.replace(/^\/[^/]*/, `/${link.hreflang}`) + search + hash);
    }
  };
  update();
  window.addEventListener('hashchange', update);
}

/** The build's year until now; today's from here on (the app's footer does the same). */
function updateYear(): void {
  const footer = document.querySelector<HTMLElement>('footer [data-year]');
  const built = footer?.dataset.year;
  const year = String(new Date().getFullYear());
  if (!footer || !built || built === year) return;
  footer.textContent = (footer.textContent ?? '').replace(built, year);
  footer.dataset.year = year;
}

/** Decision 045's banner, when the server asks for it: the build's markup, above the page. */
async function showDemoBanner(): Promise<void> {
  const template = document.getElementById('qk-demo-banner');
  if (!(template instanceof HTMLTemplateElement)) return;
  // The API client (lib/api-client.ts) brings i18next and the session store: one plain GET instead.
  // eslint-disable-next-line no-restricted-globals -- an island page loads nothing of the app.
  const response = await fetch('/api/site', { headers: { accept: 'application/json' } });
  if (!response.ok) return;
  const info = (await response.json()) as SiteInfo;
  if (info.demoBanner) document.getElementById('root')?.prepend(template.content.cloneNode(true));
}

if (readStoredSession()) startApp();
else {
  wireMenu();
  wireSkipLink();
  wireLanguageLinks();
  updateYear();
  void showDemoBanner().catch(() => undefined);
}

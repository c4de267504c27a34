// What every island page's script does (decision 069; the login and reset pages too, decision 073):
// the phone menu, the skip link, the language link (with the URL's #fragment and the real path on
// the Not Found page), the footer's year, the demo banner and the legal pages' values from GET
// /api/site — and, when the page needs the app after all, loading it. Without React: each island
// script (public-page.ts, auth-page.ts) is bundled alone by esbuild (src/prerender/build.mjs).
import type { SiteInfo } from '@questkeeper/core/schemas/site';
import {
  CONTACT_LINK_CLASS,
  contactLink,
  readSiteField,
  type SiteField,
  type SiteValueKind,
} from '@/features/legal/lib/site-fields';

export interface Boot {
  entry: string;
  preload: string[];
  /** The page loads the app after all on a demo-payments server (build.mjs, pages.ts). */
  appWhen?: 'demoPayments';
  /** The login and reset pages' island (pages.ts `script: 'auth'`): which page this is. */
  page?: string;
}

export const boot = JSON.parse(document.getElementById('qk-boot')?.textContent ?? 'null') as Boot | null;

let started = false;

/** Loads the app: the page's modules preloaded, then the entry, which renders the page afresh over
 *  the build's markup (main.tsx never hydrates: the script may have changed the page). The one way
 *  a prerendered page starts the app (decision 080 removed decision 038's boot script). */
export function startApp(): void {
  if (!boot || started) return;
  started = true;
  const { entry, preload } = boot;
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

async function loadSiteInfo(): Promise<SiteInfo | undefined> {
  try {
    // The API client (lib/api-client.ts) brings i18next and the session store: one plain GET.
    // eslint-disable-next-line no-restricted-globals -- an island page loads nothing of the app.
    const response = await fetch('/api/site', { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as SiteInfo) : undefined;
  } catch {
    return undefined;
  }
}

/** The legal pages' values, as SiteValue renders them, in place of their skeletons. */
function fillSiteValues(info: SiteInfo, fields: NodeListOf<HTMLElement>): void {
  for (const element of fields) {
    const value = readSiteField(info, element.dataset.siteField as SiteField);
    const link = contactLink(value, (element.dataset.siteKind ?? 'text') as SiteValueKind);
    if (!link) {
      element.replaceChildren(value);
      continue;
    }
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.className = CONTACT_LINK_CLASS;
    anchor.textContent = link.text;
    element.replaceChildren(link.before, anchor, link.after);
  }
  for (const list of document.querySelectorAll('[aria-busy]')) list.removeAttribute('aria-busy');
}

/** GET /api/site: the legal pages' values, and decision 045's banner above the page. */
async function applySiteInfo(): Promise<void> {
  const fields = document.querySelectorAll<HTMLElement>('[data-site-field]');
  const info = await loadSiteInfo();
  if (!info) {
    // The app says what failed and offers a retry; other pages simply show no banner.
    if (fields.length > 0) startApp();
    return;
  }
  if (boot?.appWhen === 'demoPayments' && info.payments === 'demo') {
    startApp();
    return;
  }
  fillSiteValues(info, fields);
  const template = document.getElementById('qk-demo-banner');
  if (info.demoBanner && template instanceof HTMLTemplateElement) {
    document.getElementById('root')?.prepend(template.content.cloneNode(true));
  }
}

/** Wires the page's header, footer and banner (the app is not loaded). */
export function wirePublicShell(): void {
  wireMenu();
  wireSkipLink();
  wireLanguageLinks();
  updateYear();
  void applySiteInfo();
}

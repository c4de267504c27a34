// Which pages the build prerenders, and where it writes them: `prerendered/{lang}/{id}.html` in the
// web build, the file name being the page's id in core's route table. The server
// (server/src/plugins/web.ts) serves whichever of these files exist, so this list is the only place
// that decides which pages are prerendered. Every one is an island (decisions 069 and 073): HTML and
// CSS, and a small script that loads the app only when the page needs it (a signed-in visitor, a
// form the script does not render); the app then renders the page afresh, never hydrates it.
import type { LocalizedRouteId } from '@questkeeper/core/routes';

export interface PrerenderedPage {
  /** The page's module (its chunk in app/router.tsx), preloaded by the prerendered HTML. */
  module: string;
  /** Whether it reads the legal texts' locale part (lib/i18n.ts loadLegalTexts). */
  legalTexts?: true;
  /** When the island page still needs the app: on a demo-payments server, the terms show a notice
   *  the island script does not render. */
  appWhen?: 'demoPayments';
  /** The island's script: `public` (islands/public-page.ts, the default) or `auth` (the login and
   *  reset forms, islands/auth-page.ts, decision 073). */
  script?: 'auth';
  /** The query the build renders the page with: the reset page with a token, as a mailed link
   *  opens it (its island shows the build's rendering without one when the URL has none). */
  renderSearch?: string;
}

/** Public pages that read the same for every visitor: no id in the path, no signed-in state. */
export const PRERENDERED = {
  landing: { module: 'src/features/landing/landing-page.tsx' },
  login: { module: 'src/features/auth/login-page.tsx', script: 'auth' },
  resetPassword: {
    module: 'src/features/auth/reset-password-page.tsx',
    script: 'auth',
    renderSearch: '?token=mailed',
  },
  pricing: { module: 'src/features/pricing/pricing-page.tsx' },
  imprint: { module: 'src/features/legal/imprint-page.tsx', legalTexts: true },
  termsOfService: {
    module: 'src/features/legal/terms-page.tsx',
    legalTexts: true,
    appWhen: 'demoPayments',
  },
} as const satisfies Partial<Record<LocalizedRouteId, PrerenderedPage>>;

export const PRERENDERED_PAGES = Object.keys(PRERENDERED) as (keyof typeof PRERENDERED)[];

/** The modules a page needs when it starts the app: its own, and its texts in `language`. */
export function pageModules(id: keyof typeof PRERENDERED | typeof NOT_FOUND, language: string): string[] {
  const texts = [`virtual:locale/${language}-main`];
  if (id === NOT_FOUND) return texts;
  const page: PrerenderedPage = PRERENDERED[id];
  return [page.module, ...texts, ...(page.legalTexts ? [`virtual:locale/${language}-legal`] : [])];
}

/** When an island page loads the app after all (see `appWhen`). */
export function appWhenOf(id: keyof typeof PRERENDERED | typeof NOT_FOUND): string | undefined {
  if (id === NOT_FOUND) return undefined;
  const page: PrerenderedPage = PRERENDERED[id];
  return page.appWhen;
}

/** The island script of a page: `auth` for the login and reset pages, `public` otherwise. */
export function islandScriptOf(id: keyof typeof PRERENDERED | typeof NOT_FOUND): 'public' | 'auth' {
  if (id === NOT_FOUND) return 'public';
  const page: PrerenderedPage = PRERENDERED[id];
  return page.script ?? 'public';
}

/** The query the build renders the page with (see `renderSearch`). */
export function renderSearchOf(id: keyof typeof PRERENDERED | typeof NOT_FOUND): string {
  if (id === NOT_FOUND) return '';
  const page: PrerenderedPage = PRERENDERED[id];
  return page.renderSearch ?? '';
}

/** The Not Found page's file name, and the path it is rendered at (any unknown path below the
 *  language shows the same page; its language link then leads to the other language's 404). */
export const NOT_FOUND = 'not-found';
export const NOT_FOUND_PATH = '/404';

export function prerenderedFile(language: string, id: string): string {
  return `prerendered/${language}/${id}.html`;
}

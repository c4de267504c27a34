// Server entry of the build-time prerender (docs/decisions/038-prerendered-public-pages.md): renders
// one URL of the public pages to HTML in one language, with the same route tree as the browser (one
// source for the markup of the island pages and the app's). Built by `vite build --ssr` (src/prerender/build.mjs), never shipped.
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { Routes, StaticRouter } from 'react-router';
import { routeTree } from '@/app/router';
import { DemoBannerSection } from '@/app/layouts/demo-banner';
import { PasswordChecklist } from '@/components/password/password-checklist';
import { Alert } from '@/components/ui/alert';
import { FieldMessages } from '@/components/ui/field-messages';
import { VisibilityIcon } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { ResetDone, ResetError } from '@/features/auth/reset-password-page';
import { AUTH_STRINGS } from '@/islands/auth-strings';
import { i18next, loadLanguage, type Language } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { isStrongPassword, PASSWORD_SPECIAL_CHARACTERS } from '@questkeeper/core/password';
import { PASSWORD_MIN_LENGTH } from '@questkeeper/core/limits';
import { splitHead } from './template';

export { LANGUAGES } from '@/lib/i18n';
export { routes } from '@questkeeper/core/routes';
export {
  appWhenOf,
  PRERENDERED_PAGES,
  NOT_FOUND,
  NOT_FOUND_PATH,
  islandScriptOf,
  pageModules,
  renderSearchOf,
  prerenderedFile,
} from './pages';
export { fillTemplate, preloadsOf, stylesheetOf } from './template';

/** The page's markup (the root's content) in `language`. `prerender` waits for the lazy page
 *  chunks and texts (legal pages), so no Suspense fallback ends up in the HTML. */
export function render(url: string, language: Language): Promise<string> {
  return renderIn(
    language,
    <StaticRouter location={url}>
      <Routes>{routeTree}</Routes>
    </StaticRouter>,
  );
}

/** The demo banner in `language`, that an island page shows when the server asks (decision 069). */
export function renderDemoBanner(language: Language): Promise<string> {
  return renderIn(language, <DemoBannerSection />);
}

/** A password that meets every rule: the checklist the reset island shows for a met rule. */
const STRONG_SAMPLE = `Aa1${PASSWORD_SPECIAL_CHARACTERS[0]}`.padEnd(PASSWORD_MIN_LENGTH, 'a');

/** The pieces of markup the login and reset island inserts (decision 073), rendered by the app's
 *  components: `data-part` names them for islands/auth-page.ts. The login page needs the first ones. */
function AuthParts({ language, reset }: { language: Language; reset: boolean }) {
  if (!isStrongPassword(STRONG_SAMPLE)) throw new Error('prerender: the sample password misses a rule');
  return (
    <>
      <div data-part="alert-error">
        <Alert tone="error">{null}</Alert>
      </div>
      <div data-part="field-error">
        <FieldMessages hintId={undefined} hint={undefined} errorId="error" error="error" />
      </div>
      <div data-part="eye">
        <VisibilityIcon visible={false} />
      </div>
      <div data-part="eye-off">
        <VisibilityIcon visible />
      </div>
      <div data-part="spinner">
        <Spinner />
      </div>
      {reset ? (
        <>
          <div data-part="rules-met">
            <PasswordChecklist password={STRONG_SAMPLE} />
          </div>
          <div data-part="rules-unmet">
            <PasswordChecklist password="" />
          </div>
          <div data-part="reset-done">
            <ResetDone loginPath={localePath(language, '/login')} />
          </div>
          <div data-part="reset-error">
            <ResetError text="" expired requestLinkPath={localePath(language, '/login', '?forgot')} />
          </div>
        </>
      ) : null}
    </>
  );
}

/**
 * What the login and reset pages carry beside their markup for their island (decision 073): the
 * strings it writes (raw, from the locale files), the pieces of markup it inserts, and for the reset
 * page its rendering without a token (the page itself is rendered with one).
 */
export async function renderAuthExtras(id: string, url: string, language: Language): Promise<string> {
  const parts = await renderIn(
    language,
    <StaticRouter location={url}>
      <AuthParts language={language} reset={id === 'resetPassword'} />
    </StaticRouter>,
  );
  const strings = Object.fromEntries(
    AUTH_STRINGS.map((key) => {
      const value: unknown = i18next.getResource(language, 'translation', key);
      if (typeof value !== 'string') throw new Error(`prerender: no string ${key} in ${language}`);
      return [key, value];
    }),
  );
  const json = JSON.stringify(strings).replaceAll('<', '\\u003c');
  let missing = '';
  if (id === 'resetPassword') {
    const { head, body } = splitHead(await render(url, language));
    const title = /^<title>([^<]*)<\/title>$/.exec(
      head.find((element) => element.startsWith('<title>')) ?? '',
    )?.[1];
    missing = `<template id="qk-reset-missing" data-title="${title ?? ''}">${body}</template>`;
  }
  return `<script type="application/json" id="qk-strings">${json}</script><template id="qk-auth-parts">${parts}</template>${missing}`;
}

async function renderIn(language: Language, element: ReactNode): Promise<string> {
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  const { prelude } = await prerender(
    <StrictMode>{element}</StrictMode>,
    // Never outline a finished boundary behind a fallback: that needs React's inline scripts, which
    // the CSP refuses, and JavaScript to read the page.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  const decoder = new TextDecoder();
  for await (const chunk of prelude as unknown as AsyncIterable<Uint8Array>) {
    html += decoder.decode(chunk, { stream: true });
  }
  return html + decoder.decode();
}

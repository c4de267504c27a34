// Server entry of the build-time prerender (docs/decisions/038-prerendered-public-pages.md): renders
// one URL of the public pages to HTML in one language, with the same route tree as the browser, so
// the client can hydrate it. Built by `vite build --ssr` (src/prerender/build.mjs), never shipped.
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { Routes, StaticRouter } from 'react-router';
import { routeTree } from '@/app/router';
import { DemoBannerSection } from '@/app/layouts/demo-banner';
import { i18next, loadLanguage, type Language } from '@/lib/i18n';

export { LANGUAGES } from '@/lib/i18n';
export { routes } from '@questkeeper/core/routes';
export {
  appWhenOf,
  PRERENDERED_PAGES,
  NOT_FOUND,
  NOT_FOUND_PATH,
  isIsland,
  pageModules,
  prerenderedFile,
} from './pages';
export { BOOT_SCRIPT, fillTemplate, preloadsOf, stylesheetOf } from './template';

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

// Entry: loads the language the URL asks for before the first paint (no flash of the wrong
// language), then renders the router — or hydrates the page the build prerendered for this very URL
// (docs/decisions/038-prerendered-public-pages.md).
// First: before any module parses with zod.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { applyLanguage, browserLanguage, isLanguage } from './lib/i18n';
import { getSession } from './lib/session';
import './styles.css';

const { pathname, search } = window.location;
const segment = pathname.split('/')[1];
const initial = isLanguage(segment) ? segment : (getSession()?.user.language ?? browserLanguage());

/** The prerendered markup is what the first render gives only for the path it was rendered for,
 *  without a query (pages read it) and for a visitor (a session changes the header and may
 *  redirect). Otherwise the app renders afresh over it (createRoot empties the root). */
function canHydrate(root: HTMLElement): boolean {
  return root.dataset.prerendered === pathname && search === '' && !getSession();
}

preloadPage(pathname);
void applyLanguage(initial).finally(() => {
  const root = document.getElementById('root');
  if (!root) return;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (canHydrate(root)) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

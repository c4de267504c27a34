// Entry: loads the language the URL asks for before the first paint (no flash of the wrong
// language), then renders the router. A prerendered page (an island, decisions 069 and 073) that
// starts the app is rendered afresh: createRoot replaces the build's markup in #root, which the
// island script may have changed. Nothing is hydrated (decision 080).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { applyLanguage, browserLanguage, isLanguage } from './lib/i18n';
import { getSession } from './lib/session';
import './styles.css';

const { pathname } = window.location;
const segment = pathname.split('/')[1];
const initial = isLanguage(segment) ? segment : (getSession()?.user.language ?? browserLanguage());

preloadPage(pathname);
void applyLanguage(initial).finally(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

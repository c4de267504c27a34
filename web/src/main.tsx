// Entry: loads the language the URL asks for before the first paint (no flash of the wrong
// language), then renders the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { applyLanguage, browserLanguage, isLanguage } from './lib/i18n';
import { getSession } from './lib/session';
import './styles.css';

const segment = window.location.pathname.split('/')[1];
const initial = isLanguage(segment) ? segment : (getSession()?.user.language ?? browserLanguage());

preloadPage(window.location.pathname);
void applyLanguage(initial).finally(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

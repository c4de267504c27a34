// App shell placeholder: the web app proper (routing, pages, i18n) arrives with issue #3.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

function App() {
  return (
    <main className="shell">
      <h1>Questkeeper</h1>
      <p>Campaigns, units, rules and combat for game masters. The web app is on its way.</p>
      <p>
        <a href="/api/docs">API documentation</a>
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

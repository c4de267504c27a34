// The demo payment pages' stylesheet, served from GET /api/stripe/demo/demo.css: the CSP
// (style-src 'self') forbids inline styles. Same warm palette as the web app.
export const DEMO_CSS = `
:root {
  color-scheme: light;
  --bg: #fffbf5;
  --card: #ffffff;
  --ink: #1c1917;
  --muted: #57534e;
  --line: #e7e5e4;
  --accent: #9a3412;
  --accent-ink: #ffffff;
  --badge-bg: #fef3c7;
  --badge-ink: #78350f;
  --error: #b91c1c;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  font-size: 16px;
  line-height: 1.5;
  background: var(--bg);
  color: var(--ink);
}
* { box-sizing: border-box; }
body { margin: 0; padding: 2rem 1rem; }
main {
  max-width: 32rem;
  margin: 0 auto;
  padding: 1.75rem 1.5rem;
  background: var(--card);
  border: 1px solid var(--line);
  border-radius: 1rem;
  box-shadow: 0 10px 30px rgb(120 53 15 / 0.08);
}
.brand { margin: 0 0 1rem; font-weight: 700; letter-spacing: 0.02em; color: var(--accent); }
.badge {
  display: inline-block;
  margin: 0 0 1rem;
  padding: 0.3rem 0.75rem;
  border: 1px dashed var(--badge-ink);
  border-radius: 0.75rem;
  background: var(--badge-bg);
  color: var(--badge-ink);
  font-size: 0.85rem;
  font-weight: 600;
}
h1 { margin: 0 0 0.5rem; font-size: 1.5rem; line-height: 1.25; }
.price { margin: 0 0 1rem; font-size: 1.25rem; font-weight: 700; color: var(--accent); }
p { margin: 0 0 1rem; }
.muted { color: var(--muted); font-size: 0.9rem; }
fieldset { margin: 0 0 1.25rem; padding: 0; border: 0; }
legend { margin-bottom: 0.5rem; padding: 0; font-weight: 700; }
.field { margin-bottom: 0.9rem; }
label { display: block; margin-bottom: 0.25rem; font-weight: 600; font-size: 0.95rem; }
input {
  width: 100%;
  padding: 0.6rem 0.7rem;
  border: 1px solid #a8a29e;
  border-radius: 0.5rem;
  background: #ffffff;
  color: var(--ink);
  font: inherit;
}
input:focus { outline: 3px solid #fdba74; outline-offset: 1px; border-color: var(--accent); }
input[aria-invalid='true'] { border-color: var(--error); }
.field-error, .alert { color: var(--error); font-size: 0.9rem; margin: 0.25rem 0 0; }
.alert { margin: 0 0 1rem; padding: 0.6rem 0.75rem; border: 1px solid var(--error); border-radius: 0.5rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 0.5rem; }
.actions form { margin: 0; }
button, .button {
  display: inline-block;
  min-height: 2.75rem;
  padding: 0.6rem 1.1rem;
  border: 1px solid var(--accent);
  border-radius: 0.5rem;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
}
.primary { background: var(--accent); color: var(--accent-ink); }
.secondary { background: transparent; color: var(--accent); }
.danger { background: transparent; color: var(--error); border-color: var(--error); }
button:focus-visible, .button:focus-visible { outline: 3px solid #fdba74; outline-offset: 2px; }
@media (max-width: 480px) {
  body { padding: 1rem 0.75rem; }
  main { padding: 1.25rem 1rem; border-radius: 0.75rem; }
  .actions { flex-direction: column; }
  .actions button, .actions .button, .actions form { width: 100%; text-align: center; }
}
`;

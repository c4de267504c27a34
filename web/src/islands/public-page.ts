// The only script of an island page (landing, pricing, imprint, terms, Not Found; decision 069): the page is
// HTML and CSS rendered at build time from the app's own components (decision 038), and this script
// wires its few live parts without React — the phone menu, the skip link, the language link (with
// the URL's #fragment and the real path on the Not Found page), the footer's year, the demo banner
// and the legal pages' values from GET /api/site. Links are plain links: a click on Login or a plan is a full page load of the app's page.
// A signed-in visitor sees a different header (and pricing buttons, and maybe another language):
// for them this script loads the app, which renders the page afresh, as before this decision. So it
// does when /api/site fails on a legal page (the app says so, with a retry) and for the terms on a
// demo-payments server (their notice is the app's).
// Bundled alone by esbuild (src/prerender/build.mjs), so it must import nothing of React.
import { readStoredSession } from '@/lib/stored-session';
import { startApp, wirePublicShell } from './public-shell';

if (readStoredSession()) startApp();
else wirePublicShell();

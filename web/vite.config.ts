import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress.ts';
import { localeParts } from './locale-parts.ts';

const apiPort = process.env.PORT ?? '3000';

/**
 * Preloads the Latin files of the two typefaces (src/fonts.css): the browser fetches them with the
 * page's first requests instead of after the CSS is parsed and the text is laid out, so they are
 * usually ready when the app first paints. Only the upright Latin files: accents of French are in
 * them; the other files are fetched when a page needs them.
 */
function preloadFonts(names: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'questkeeper-preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {}).filter((file) =>
          names.some((name) => new RegExp(`/${name}-[\\w-]+\\.woff2$`).test(`/${file}`)),
        );
        if (files.length !== names.length) {
          throw new Error(`preloadFonts: expected ${names.join(', ')}, found ${files.join(', ') || 'none'}`);
        }
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `${base}${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * Fails the client build when a chunk holds zod (docs/decisions/079). The web app never parses with
 * zod: its forms call core's zod-free checks (core/src/checks.ts, limits.ts, constants.ts) and the API
 * client trusts the server's schema-checked answers (decision 010). Importing a constant from a core
 * schema module runs its `z.object(…)` calls: that put all of zod, 26 kB gzip, on the dashboard. And
 * a parse in the browser probes `new Function`, which the CSP refuses (a violation report) unless zod
 * is configured `jitless`. Import schemas with `import type`, values from core/src/limits.ts or
 * constants.ts.
 */
function noZodInTheBrowser(): Plugin {
  return {
    name: 'questkeeper-no-zod-in-the-browser',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const zodModule = /[\\/]node_modules[\\/]zod[\\/]/;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.moduleIds.some((id) => zodModule.test(id))) continue;
        // Who brings it: the modules outside zod that import it.
        const importers = [...this.getModuleIds()].filter(
          (id) =>
            !zodModule.test(id) &&
            (this.getModuleInfo(id)?.importedIds ?? []).some((imported) => zodModule.test(imported)),
        );
        this.error(
          `zod is bundled into ${chunk.fileName}, imported by ${importers.join(', ') || 'an unknown module'}: ` +
            'the web app must not ship zod (docs/decisions/079). Use `import type` for schemas, and ' +
            "core's limits.ts, constants.ts or checks for values.",
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    localeParts(fileURLToPath(new URL('../core/locales', import.meta.url))),
    preloadFonts(['fraunces-latin-wght-normal', 'inter-latin-wght-normal']),
    noZodInTheBrowser(),
    // Not for the prerender's server build (src/prerender/build.mjs): it is a scratch folder.
    { ...precompress(), apply: (_config, env) => env.command === 'build' && !env.isSsrBuild },
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The server puts a fresh nonce in place of this on each answer, and in the page's CSP: CodeMirror
  // gives it to the <style> element it injects (docs/decisions/023). Vite writes it on the page's
  // tags and in <meta property="csp-nonce">.
  html: { cspNonce: 'QK_CSP_NONCE' },
  // The footer's year in prerendered pages, until their island script writes today's (decision 069).
  define: { 'import.meta.env.QK_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});

// `npm run build -w web [-- --outDir <folder>]`: the client build (vite build), then the public pages
// prerendered into it (docs/decisions/038-prerendered-public-pages.md): a server build of
// src/prerender/entry-server.tsx into a scratch folder, which renders each page in each language;
// each page is written as `prerendered/{lang}/{id}.html`, from the client build's index.html (same
// scripts, styles, preloads and nonce placeholder), with its markup in #root, its <title> and its
// <html lang>. The server serves those files for the pages' exact paths. Every page is an island
// (decisions 069 and 073): its script loads the app only when the page needs it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build } from 'vite';

const webDir = fileURLToPath(new URL('../..', import.meta.url));
const configFile = path.join(webDir, 'vite.config.ts');

/** The options of `vite build` this script passes on (the bench and the e2e runs set --outDir). */
function parseArgs(argv) {
  const options = { outDir: 'dist', logLevel: undefined, minify: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--outDir') options.outDir = value();
    else if (flag === '--logLevel' || flag === '-l') options.logLevel = value();
    // `--minify false`: readable names in a CPU profile (the combat bench's BENCH_COMBAT_PROFILE).
    else if (flag === '--minify') options.minify = value() !== 'false';
    else if (flag === '--emptyOutDir')
      continue; // The default already.
    else throw new Error(`web build: unknown option ${argv[i]} (known: --outDir, --logLevel, --minify)`);
  }
  return options;
}

const { outDir: outOption, logLevel, minify } = parseArgs(process.argv.slice(2));
const outDir = path.resolve(webDir, outOption);

await build({
  root: webDir,
  configFile,
  logLevel,
  build: { outDir, manifest: true, ...(minify === undefined ? {} : { minify }) },
});

/**
 * An island pages' script (src/islands/public-page.ts, decision 069; src/islands/auth-page.ts for the
 * login and reset pages, decision 073), bundled alone by esbuild: written as
 * `assets/island-{hash}.js` with its .br and .gz, as vite-precompress does for the rest.
 */
async function buildIsland(outDir, source) {
  const result = await esbuild({
    entryPoints: [path.join(webDir, source)],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: minify ?? true,
    write: false,
    tsconfig: path.join(webDir, 'tsconfig.json'),
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].contents;
  const file = `assets/island-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  const target = path.join(outDir, file);
  fs.writeFileSync(target, code);
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(code, { level: 9 }));
  fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(code));
  return file;
}

// Beside the installed packages, so that the server bundle's bare imports (react, react-dom…) resolve.
const repoRoot = path.resolve(webDir, '..');
const scratch = fs.mkdtempSync(path.join(repoRoot, 'node_modules', '.qk-prerender-'));
try {
  await build({
    root: webDir,
    configFile,
    logLevel: logLevel ?? 'warn',
    build: {
      ssr: 'src/prerender/entry-server.tsx',
      outDir: scratch,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
    },
  });
  const entry = await import(pathToFileURL(path.join(scratch, 'entry-server.mjs')).href);
  const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const islandFiles = {
    public: await buildIsland(outDir, 'src/islands/public-page.ts'),
    auth: await buildIsland(outDir, 'src/islands/auth-page.ts'),
  };
  // Prerendered pages inline the stylesheet (decision 069) with their web fonts `optional` instead of
  // `swap` (decision 076): a first visit paints and stays in the metric-matched fallback, a later
  // page load (the files are cached) paints in the web font; never a swap on screen, so no layout
  // shift of centred text whose width differs by a few pixels between the two faces.
  const linkedCss = fs.readFileSync(path.join(outDir, entry.stylesheetOf(template)), 'utf8');
  const swaps = linkedCss.match(/font-display:\s*swap/g)?.length ?? 0;
  if (swaps === 0) throw new Error('prerender: the stylesheet has no font-display: swap to make optional');
  const css = linkedCss.replace(/font-display:\s*swap/g, 'font-display:optional');
  const written = [];
  for (const language of entry.LANGUAGES) {
    const pages = [
      ...entry.PRERENDERED_PAGES.map((id) => ({ id, url: `/${language}${entry.routes[id].path}` })),
      { id: entry.NOT_FOUND, url: `/${language}${entry.NOT_FOUND_PATH}`, marker: entry.NOT_FOUND },
    ];
    for (const { id, url, marker } of pages) {
      const markup = await entry.render(url + entry.renderSearchOf(id), language);
      const script = entry.islandScriptOf(id);
      const preloads = entry.preloadsOf(manifest, entry.pageModules(id, language));
      const file = path.join(outDir, entry.prerenderedFile(language, id));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(
        file,
        entry.fillTemplate(template, {
          markup,
          language,
          marker: marker ?? url,
          preloads,
          script: `/${islandFiles[script]}`,
          css,
          island: {
            banner: await entry.renderDemoBanner(language),
            appWhen: entry.appWhenOf(id),
            ...(script === 'auth'
              ? { page: id, extra: await entry.renderAuthExtras(id, url, language) }
              : {}),
          },
        }),
      );
      written.push(path.relative(outDir, file));
    }
  }
  console.log(`prerendered ${written.length} pages: ${written.join(', ')}`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
  // Read above only: the server would serve it as a file.
  fs.rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
}

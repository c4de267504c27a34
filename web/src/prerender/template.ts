// Puts a prerendered page into the client build's index.html: its markup in #root (marked with the
// path it was rendered for), its language on <html>, the head elements React rendered first (the
// page's <title>, a robots <meta>) in <head>, and its island script instead of the app's entry
// (decisions 069 and 073: every prerendered page is an island; decision 080 removed the boot script
// of decision 038 that hydrated the others).

/** React writes a page's <title>, <meta> and <link> elements at the start of a rendering that has no
 *  <head> of its own. */
const LEADING_HEAD_ELEMENT = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;

export function splitHead(markup: string): { head: string[]; body: string } {
  const head: string[] = [];
  let body = markup;
  for (let match = LEADING_HEAD_ELEMENT.exec(body); match; match = LEADING_HEAD_ELEMENT.exec(body)) {
    head.push(match[0]);
    body = body.slice(match[0].length);
  }
  return { head, body };
}

/** What Vite's build manifest (`build.manifest`) says of a module. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The files `modules` load that the page's entry does not already load or preload: what the page
 * fetches after the entry runs, preloaded from the HTML instead (no waterfall before hydration).
 */
export function preloadsOf(manifest: Record<string, ManifestChunk>, modules: readonly string[]): string[] {
  const walk = (keys: readonly string[], into: Set<string>): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
      if (into.has(chunk.file)) continue;
      into.add(chunk.file);
      walk(chunk.imports ?? [], into);
    }
    return into;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = walk(entries, new Set());
  return [...walk(modules, new Set())].filter((file) => !loaded.has(file));
}

function replaceOnce(html: string, search: RegExp, replacement: string): string {
  if (!search.test(html)) throw new Error(`prerender: the page template has no ${search.source}`);
  return html.replace(search, () => replacement);
}

/** The fonts the shell preloads (vite.config.ts preloadFonts): left out of the prerendered pages, whose
 *  first paint uses the metric-matched fallback faces and never waits on a web font (decision 069). */
const FONT_PRELOAD = /\s*<link rel="preload" href="[^"]+" as="font"[^>]*>/g;

/** The app's stylesheet: inlined in prerendered pages, under the page's nonce (decision 069). */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)"[^>]*>/;

/** The href of the template's stylesheet, for the build to read and inline. */
export function stylesheetOf(template: string): string {
  const href = STYLESHEET.exec(template)?.[1];
  if (!href) throw new Error('prerender: the page template has no stylesheet');
  return href;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g;

export function fillTemplate(
  template: string,
  page: {
    markup: string;
    language: string;
    marker: string;
    preloads?: readonly string[];
    /** The page's island script (decision 069), which loads the app only when the page needs it. */
    script: string;
    /** What the island script reads: the demo banner's markup (decision 069), when the page needs
     *  the app after all, the login and reset pages' id and their parts (decision 073). */
    island: { banner: string; appWhen?: string; page?: string; extra?: string };
    /** The stylesheet's text: in a <style> instead of the <link>, one request less before the
     *  first paint (decision 069). */
    css?: string;
  },
): string {
  const { head, body } = splitHead(page.markup);
  const title = head.find((element) => element.startsWith('<title>'));
  // The entry and its preloads are started by the island script (islands/public-shell.ts
  // `startApp`), when the page hands over to the app.
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('prerender: the page template has no entry script');
  const preload = [
    ...[...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''),
    ...(page.preloads ?? []).map((file) => `/${file}`),
  ];
  const { appWhen, page: islandPage } = page.island;
  const boot = JSON.stringify({
    entry,
    preload,
    ...(appWhen ? { appWhen } : {}),
    ...(islandPage ? { page: islandPage } : {}),
  }).replaceAll('<', '\\u003c');
  const others = [
    ...head.filter((element) => element !== title),
    `<script type="application/json" id="qk-boot">${boot}</script>`,
    `<script type="module" src="${page.script}" nonce="QK_CSP_NONCE"></script>`,
  ];
  let html = template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(FONT_PRELOAD, '');
  if (page.css !== undefined) {
    if (/<\/style/i.test(page.css)) throw new Error('prerender: the stylesheet contains </style');
    html = replaceOnce(html, STYLESHEET, `<style nonce="QK_CSP_NONCE">${page.css}</style>`);
  }
  html = replaceOnce(html, /<html lang="[^"]*">/, `<html lang="${page.language}">`);
  if (title) html = replaceOnce(html, /<title>[^<]*<\/title>/, title);
  html = replaceOnce(html, /<\/head>/, `${others.join('')}</head>`);
  const banner = `<template id="qk-demo-banner">${page.island.banner}</template>${page.island.extra ?? ''}`;
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${page.marker}">${body}</div>${banner}`,
  );
}

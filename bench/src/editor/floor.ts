// Floors of the editor benchmark: the work the app cannot avoid, measured in the same run.
// - In Node: the app's own renderMarkdown (markdown-it with the app's options) and searchRules, timed
//   alone on the same text — the library floor, with no DOM at all.
// - In the page: the same renderMarkdown, bundled alone with esbuild, for the in-page preview floor
//   (markdown-it + innerHTML + next paint, no React); and a plain <textarea> (page-scripts.ts).
import path from 'node:path';
import { build } from 'esbuild';
import { renderMarkdown } from '../../../web/src/components/markdown-editor/markdown';
import { searchRules } from '../../../web/src/features/rules/lib/search';
import { ROOT } from '../web/app';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

function timeMs(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** markdown-it rendering the rulebook in Node: median of `runs` after 2 warm-up renders. */
export function nodeRenderFloor(
  text: string,
  runs = 5,
): { samples: number[]; median: number; htmlChars: number } {
  const html = renderMarkdown(text);
  renderMarkdown(text);
  const samples = Array.from({ length: runs }, () => timeMs(() => renderMarkdown(text)));
  return { samples, median: median(samples), htmlChars: html.length };
}

/** searchRules in Node, per query: median of `runs` after 3 warm-up runs. */
export function nodeSearchFloor(
  text: string,
  queries: string[],
  runs = 21,
): { query: string; median: number; totalLines: number }[] {
  return queries.map((query) => {
    for (let i = 0; i < 3; i++) searchRules(text, query);
    const samples = Array.from({ length: runs }, () => timeMs(() => searchRules(text, query)));
    return { query, median: median(samples), totalLines: searchRules(text, query).totalLines };
  });
}

/** The app's renderMarkdown as a browser script defining window.__qkMarkdown.renderMarkdown. */
export async function markdownBundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'web/src/components/markdown-editor/markdown.ts')],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    globalName: '__qkMarkdown',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no bundle of markdown.ts');
  return file.text;
}

// What the landing page's JavaScript is made of: each library the shell ships, bundled alone with
// esbuild (minified, production build, the other libraries external), importing exactly the names
// web/src imports from it, then gzip level 9 like the route sizes. esbuild's minifier is not Vite's,
// so the figures are within a few percent of what the same code weighs inside the app's chunk.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT } from './app';

export interface LibrarySize {
  name: string;
  imports: string;
  bytes: number;
  gzipBytes: number;
}

const WEB_SRC = path.join(ROOT, 'web', 'src');
const EXTERNAL = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'i18next', 'react-i18next'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The value names web/src imports from `specifier` (type-only imports left out). */
function namedImports(specifier: string): string[] {
  const names = new Set<string>();
  const pattern = new RegExp(
    `import\\s+(?!type\\s)([^;]*?)\\s+from\\s+'${specifier.replace('/', '\\/')}'`,
    'gs',
  );
  for (const file of sourceFiles(WEB_SRC)) {
    // Comments out first: "the import from another tool" in a comment is no import clause.
    const code = fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const match of code.matchAll(pattern)) {
      const clause = match[1] ?? '';
      const braces = /\{([^}]*)\}/s.exec(clause);
      for (const part of (braces?.[1] ?? '').split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0] ?? name);
      }
      const defaultName = /^([A-Za-z_$][\w$]*)/.exec(clause.trim());
      if (defaultName?.[1]) names.add('default');
    }
  }
  return [...names].sort();
}

async function bundle(name: string, contents: string, external: string[]): Promise<LibrarySize> {
  const result = await build({
    stdin: { contents, resolveDir: path.join(ROOT, 'web'), loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    external,
    logLevel: 'silent',
  });
  const code = Buffer.from(result.outputFiles[0]?.contents ?? new Uint8Array());
  return {
    name,
    imports: contents.replace(/\s+/g, ' ').trim(),
    bytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
  };
}

function reexport(specifier: string, names: string[]): string {
  const named = names.filter((n) => n !== 'default');
  const lines = [];
  if (names.includes('default'))
    lines.push(`export { default as default_${specifier.replace(/\W/g, '_')} } from '${specifier}';`);
  if (named.length) lines.push(`export { ${named.join(', ')} } from '${specifier}';`);
  return lines.join('\n');
}

/**
 * Each library alone, then all of them in one bundle: gzip compresses the whole better than the
 * sum of the parts, so the last row is the one to subtract from the landing's total.
 */
export async function librarySizes(): Promise<LibrarySize[]> {
  const others = (keep: string[]) => EXTERNAL.filter((e) => !keep.includes(e));
  const entries = {
    react: `export * as React from 'react'; export * as jsxRuntime from 'react/jsx-runtime';`,
    'react-dom': reexport('react-dom/client', namedImports('react-dom/client')),
    'react-router': reexport('react-router', namedImports('react-router')),
    i18next: reexport('i18next', namedImports('i18next')),
    'react-i18next': reexport('react-i18next', namedImports('react-i18next')),
  };
  return [
    await bundle('react', entries.react, others(['react', 'react/jsx-runtime'])),
    await bundle('react-dom', entries['react-dom'], others(['react-dom', 'react-dom/client'])),
    await bundle('react-router', entries['react-router'], others([])),
    await bundle('i18next', entries.i18next, others(['i18next'])),
    await bundle('react-i18next', entries['react-i18next'], others(['react-i18next'])),
    await bundle(ALL_LIBRARIES, Object.values(entries).join('\n'), []),
  ];
}

export const ALL_LIBRARIES = 'all five in one bundle';

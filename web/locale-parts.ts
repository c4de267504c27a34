// The web app ships each locale file of core in parts: `main` (every page), lazy parts that only
// some pages load, and nothing of the server-only namespaces. A namespace added to core/locales
// lands in `main` unless listed here. Used by the Vite plugin `virtual:locale/{lang}-{part}`.
import fs from 'node:fs';
import type { Plugin } from 'vite';

export const LAZY_PARTS = {
  /** Imprint and terms: long texts, loaded by the legal pages only. */
  legal: ['imprint', 'terms'],
  /** The demo payment provider's pages (decision 018): only their visitors need these texts. */
  demo: ['demoPayments'],
} as const satisfies Record<string, readonly string[]>;
export type LocalePart = 'main' | keyof typeof LAZY_PARTS;

/** Mails and default campaign content: the server's texts. */
export const SERVER_ONLY = ['defaults', 'mail'] as const;

export function localePart(all: Record<string, unknown>, part: LocalePart): Record<string, unknown> {
  const lazy: readonly string[] = Object.values(LAZY_PARTS).flat();
  const wanted = (key: string) =>
    part === 'main'
      ? !lazy.includes(key) && !(SERVER_ONLY as readonly string[]).includes(key)
      : (LAZY_PARTS[part] as readonly string[]).includes(key);
  return Object.fromEntries(Object.entries(all).filter(([key]) => wanted(key)));
}

const PREFIX = 'virtual:locale/';

/** Vite plugin: `import('virtual:locale/fr-legal')` → the `legal` namespaces of core/locales/fr.json. */
export function localeParts(localesDir: string) {
  return {
    name: 'questkeeper-locale-parts',
    resolveId(id: string) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id: string) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [language, part] = id.slice(PREFIX.length + 1).split('-') as [string, LocalePart];
      if (!/^(en|fr)$/.test(language) || !(part === 'main' || part in LAZY_PARTS)) {
        throw new Error(`Unknown locale part ${id}`);
      }
      const file = `${localesDir}/${language}.json`;
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(localePart(all, part))};`;
    },
  } satisfies Plugin;
}

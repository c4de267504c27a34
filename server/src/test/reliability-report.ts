// The figures of the proof suites (issue #18). Each suite writes its section for the current database
// to test-results/reliability/<suite>.<driver>.json (ignored by git, eslint and prettier); with
// UPDATE_RELIABILITY=1 it also renders docs/reliability.md from every section present, so the page
// is refreshed by a run, not by hand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { testDriver } from './harness';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIR = path.join(ROOT, 'test-results', 'reliability');
const DOC = path.join(ROOT, 'docs', 'reliability.md');

export interface Section {
  /** Heading and order in the document. */
  title: string;
  order: number;
  /** What the suite tries and what it asserts, one line each. */
  about: string[];
  /** Figure name → value, one row of the table per name. */
  figures: Record<string, string | number>;
}

export async function writeSection(suite: string, section: Section): Promise<void> {
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${suite}.${testDriver}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(section, null, 2));
  fs.renameSync(`${file}.tmp`, file);
  if (process.env.UPDATE_RELIABILITY === '1') await renderDocument();
}

const DRIVERS = [
  ['pglite', 'PGlite'],
  ['postgres', 'PostgreSQL'],
] as const;

export async function renderDocument(): Promise<void> {
  const sections = new Map<string, Partial<Record<string, Section>>>();
  for (const name of fs.existsSync(DIR) ? fs.readdirSync(DIR) : []) {
    const match = /^(.+)\.(pglite|postgres)\.json$/.exec(name);
    if (!match) continue;
    const section = JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as Section;
    const bySuite = sections.get(match[1]!) ?? {};
    bySuite[match[2]!] = section;
    sections.set(match[1]!, bySuite);
  }
  const ordered = [...sections.values()].sort(
    (a, b) => (Object.values(a)[0]?.order ?? 0) - (Object.values(b)[0]?.order ?? 0),
  );
  const lines = [
    '# Reliability',
    '',
    'What the proof suites of issue #18 (`server/src/proofs/`) try on every `npm test`, on PGlite and on',
    'PostgreSQL, and what held in the run that wrote this page. The suites write these figures',
    'themselves; to refresh the page after a change:',
    '',
    '```sh',
    'UPDATE_RELIABILITY=1 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \\',
    '  npx vitest run --project api-pglite --project api-postgres server/src/proofs',
    '```',
    '',
    'A failing suite prints what broke (and, for generated input, the seed that replays it) instead.',
  ];
  for (const bySuite of ordered) {
    const first = Object.values(bySuite)[0]!;
    lines.push('', `## ${first.title}`, '', ...first.about.map((line) => `- ${line}`), '');
    const drivers = DRIVERS.filter(([key]) => bySuite[key]);
    lines.push(`| | ${drivers.map(([, label]) => label).join(' | ')} |`);
    lines.push(`| --- | ${drivers.map(() => '---').join(' | ')} |`);
    const names = [...new Set(drivers.flatMap(([key]) => Object.keys(bySuite[key]!.figures)))];
    for (const name of names) {
      lines.push(
        `| ${name} | ${drivers.map(([key]) => String(bySuite[key]!.figures[name] ?? '—')).join(' | ')} |`,
      );
    }
  }
  // Formatted as `prettier --check .` wants it (tables aligned).
  const options = (await prettier.resolveConfig(DOC)) ?? {};
  fs.writeFileSync(DOC, await prettier.format(lines.join('\n'), { ...options, parser: 'markdown' }));
}

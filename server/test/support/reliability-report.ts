// The figures of the proof suites. Each suite writes its section for the current database
// to test-results/reliability/<suite>.<driver>.json (ignored by git, eslint and prettier); with
// UPDATE_RELIABILITY=1 it also renders docs/reliability.md from every section present, so the page
// is refreshed by a run, not by hand. Sections of suites that did not run are kept as they stand, and
// so is the page's last section, written by hand (how each suite was shown failing on purpose).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { testDriver } from './harness';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIR = path.join(ROOT, 'test-results', 'reliability');
const DOC = path.join(ROOT, 'docs', 'reliability.md');
/** From this heading to its end the page is written by hand, and a refresh keeps it. */
const HAND_WRITTEN = '## Shown failing on purpose';

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
    'What the proof suites (`server/test/proofs/`) try on every `npm test`, on PGlite and on',
    'PostgreSQL, and what held in the run that wrote this page. The suites write these figures',
    'themselves; to refresh the page after a change:',
    '',
    '```sh',
    'UPDATE_RELIABILITY=1 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \\',
    '  npx vitest run --project api-pglite --project api-postgres server/test/proofs \\',
    '  server/src/features/auth/accounts.test.ts server/src/features/campaigns/list-edits.test.ts \\',
    '  server/src/features/units/unit-conflict.test.ts',
    '```',
    '',
    'A failing suite prints what broke (and, for generated input, the seed that replays it) instead.',
  ];
  const generated = ordered.map((bySuite) => {
    const first = Object.values(bySuite)[0]!;
    const text = ['', `## ${first.title}`, '', ...first.about.map((line) => `- ${line}`), ''];
    const drivers = DRIVERS.filter(([key]) => bySuite[key]);
    text.push(`| | ${drivers.map(([, label]) => label).join(' | ')} |`);
    text.push(`| --- | ${drivers.map(() => '---').join(' | ')} |`);
    const names = [...new Set(drivers.flatMap(([key]) => Object.keys(bySuite[key]!.figures)))];
    for (const name of names) {
      text.push(
        `| ${name} | ${drivers.map(([key]) => String(bySuite[key]!.figures[name] ?? '—')).join(' | ')} |`,
      );
    }
    return { title: first.title, order: first.order as number | undefined, text: text.join('\n') };
  });
  // The page as it is: a suite that did not run this time (the Chromium corpus, the benchmarks) keeps
  // its section where it stands; the hand-written end (each suite shown failing on purpose) is kept.
  const current = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
  const handWritten = current.indexOf(`\n${HAND_WRITTEN}\n`);
  const body = handWritten >= 0 ? current.slice(0, handWritten) : current;
  const previous = body
    .split(/\n(?=## )/)
    .slice(1)
    .map((part) => ({ title: part.slice(3, part.indexOf('\n')).trim(), text: `\n${part.trimEnd()}\n` }));
  const result: { title: string; order?: number | undefined; text: string }[] = previous.map(
    (old) => generated.find((section) => section.title === old.title) ?? old,
  );
  for (const section of generated) {
    if (result.includes(section)) continue;
    const at = result.findIndex((other) => other.order !== undefined && other.order > (section.order ?? 0));
    result.splice(at < 0 ? result.length : at, 0, section);
  }
  lines.push(...result.map((section) => section.text));
  if (handWritten >= 0) lines.push('', current.slice(handWritten + 1).trimEnd());
  // Formatted as `prettier --check .` wants it (tables aligned).
  const options = (await prettier.resolveConfig(DOC)) ?? {};
  fs.writeFileSync(DOC, await prettier.format(lines.join('\n'), { ...options, parser: 'markdown' }));
}

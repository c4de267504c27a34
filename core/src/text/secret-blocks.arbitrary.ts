// Generated markdown with secret blocks, for property tests (core, web, server): public parts and
// secret blocks whose lines carry unique marker words inside markdown tricks (nested lists, code
// fences, HTML, link reference definitions, headings, tables, quotes, other `:::` containers properly
// nested), any line breaks, and sometimes a block left open at the end. Test code only (fast-check is
// a dev dependency).
import fc from 'fast-check';
import { isSecretOpener } from './secret-blocks';

export interface SecretMarkdown {
  markdown: string;
  /** Words that appear only inside secret blocks. */
  secretWords: string[];
  /** Words that appear only outside them. */
  publicWords: string[];
}

/** One markdown construct holding `word`, as lines (without the block's prefix). */
const trick = fc.constantFrom<(word: string) => string[]>(
  (w) => [`Plain ${w} words.`],
  (w) => [`- item ${w}`, `  - nested ${w}`, `    1. deeper ${w}`],
  (w) => ['```', `code ${w}`, '```'],
  (w) => ['~~~js', `const ${w} = ':::';`, '~~~'],
  (w) => ['```', ':::secret', `fenced ${w}`, ':::', '```'],
  (w) => [`<div class="x">${w}</div>`],
  (w) => [`<!-- ${w} -->`],
  (w) => [`<details><summary>${w}</summary>`, `${w} inside`, '</details>'],
  (w) => [`[${w}]: https://example.com/${w} "${w}"`, `See [${w}].`],
  (w) => [`# ${w}`],
  (w) => [`## Heading ${w} {#${w}}`],
  (w) => [`| a | ${w} |`, '| --- | --- |', `| ${w} | b |`],
  (w) => [`> quoted ${w}`, `> > deeper ${w}`],
  (w) => [`Inline \`${w}\` and [a link](https://example.com/${w}) and [[${w}]].`],
  (w) => [':::note', `noted ${w}`, ':::'],
  (w) => ['::::warning Title', `warned ${w}`, ':::tip', `tipped ${w}`, ':::', '::::'],
  (w) => [`${w}`, '', `after a blank ${w}`],
  (w) => [`    indented code ${w}`],
  (w) => [`Setext ${w}`, '======'],
);

/** Where a block's marker lines stand: at the margin, in a quote, a list item, indented. */
const prefix = fc.constantFrom('', '> ', '> > ', '- ', '* ', '1. ', '  ', '\t', '   - ');
const opener = fc.constantFrom(':::secret', '::: secret', ':::Secret', '::::secret GM only', ':::SECRET ');
const closer = fc.constantFrom(':::', '::::', ':::   ');

export const secretMarkdown: fc.Arbitrary<SecretMarkdown> = fc
  .record({
    parts: fc.array(
      fc.record({
        secret: fc.boolean(),
        tricks: fc.array(trick, { minLength: 0, maxLength: 4 }),
        prefix,
        opener,
        closer,
        inner: fc.constantFrom('', '> ', '  ', '- '),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    unterminated: fc.boolean(),
    breaks: fc.constantFrom('\n', '\r\n', '\r', 'mixed'),
    seed: fc.nat(),
  })
  .map(({ parts, unterminated, breaks, seed }) => {
    const lines: string[] = [];
    const secretWords: string[] = [];
    const publicWords: string[] = [];
    let counter = 0;
    const last = parts.length - 1;
    parts.forEach((part, index) => {
      const words = part.secret ? secretWords : publicWords;
      const body: string[] = [];
      for (const make of part.tricks.length > 0 ? part.tricks : [(w: string) => [w]]) {
        const word = `${part.secret ? 'zsecret' : 'zpublic'}${counter++}q`;
        words.push(word);
        body.push(...make(word).map((line) => part.inner + line));
      }
      if (!part.secret) {
        // Public text is never a marker line itself (a fence's `:::secret` would open a block).
        lines.push(...body.map((line) => (isSecretOpener(line) ? `x${line}` : line)));
        lines.push('');
        return;
      }
      // Fences inside a secret block may hold marker lines: they count as markers (the reading is
      // line-based), so a fence's own `:::` must be balanced there too: the tricks above are.
      lines.push(part.prefix + part.opener, ...body);
      if (!(unterminated && index === last)) lines.push(part.prefix + part.closer);
      lines.push('');
    });
    const eols = ['\n', '\r\n', '\r'];
    const markdown =
      breaks === 'mixed'
        ? lines.reduce((text, line, i) => (i === 0 ? line : text + eols[(seed + i) % 3]! + line), '')
        : lines.join(breaks);
    return { markdown, secretWords, publicWords } satisfies SecretMarkdown;
  });

// Links between a campaign's texts (decision 063): where a link is read (never in code), how it
// resolves (folded names, one precedence, headings by anchor), and what a rename rewrites (the targets
// of the links that resolved to the renamed thing, and not one character more).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findLinks,
  headingSlug,
  linkKey,
  linkResolver,
  linkText,
  proseSpans,
  readLinkAt,
  rewriteLinks,
  rulesHeadings,
  type LinkCatalog,
  type WikiLink,
} from './links';

const targets = (text: string) => findLinks(text).map((link) => link.target);

describe('readLinkAt', () => {
  it('reads a target, a heading and a label, with where the target is', () => {
    const text = 'See [[ Dame  Élise | the lady ]] now';
    const link = readLinkAt(text, 4)!;
    expect(link).toMatchObject({
      start: 4,
      end: 32,
      target: 'Dame  Élise',
      heading: false,
      label: 'the lady',
    });
    expect(text.slice(link.targetStart, link.targetEnd)).toBe('Dame  Élise');
    const heading = readLinkAt('[[# Dégâts ]]', 0)!;
    expect(heading).toMatchObject({ target: 'Dégâts', heading: true, label: null });
    expect('[[# Dégâts ]]'.slice(heading.targetStart, heading.targetEnd)).toBe('Dégâts');
    expect(readLinkAt('[[Elf|]]', 0)).toMatchObject({ target: 'Elf', label: null });
  });

  it('refuses what is not a link', () => {
    for (const text of [
      '[[]]',
      '[[ ]]',
      '[[#]]',
      '[[a]',
      '[[a\nb]]',
      '[[a[b]]',
      '[a]]',
      '[[a]b]]',
      `[[${'x'.repeat(201)}]]`,
    ]) {
      expect(readLinkAt(text, 0), text).toBeNull();
    }
    expect(readLinkAt('x[[a]]', 0)).toBeNull();
    expect(readLinkAt(`[[${'x'.repeat(200)}]]`, 0)?.target).toHaveLength(200);
  });
});

describe('findLinks', () => {
  it('finds links in prose, in order, and none in code spans, fences or indented code', () => {
    const text = [
      'A [[Elf]] and `[[Span]]` and ``a ` [[Double]]`` then [[Dwarf|dwarves]].',
      '',
      '```js',
      '[[Fenced]]',
      '```',
      '~~~',
      '[[Tilde]]',
      '~~~',
      '',
      '    [[Indented]]',
      '',
      '- item [[Listed]]',
      '',
      '    [[Continued]]',
      '',
      'Escaped \\[[Not]] and [[[Inner]]] and [[a]]]].',
    ].join('\n');
    expect(targets(text)).toEqual(['Elf', 'Dwarf', 'Listed', 'Continued', 'Inner', 'a']);
  });

  it('reads an unmatched backtick as text and an unclosed fence as code to the end', () => {
    expect(targets('a ` [[Elf]]')).toEqual(['Elf']);
    expect(targets('[[A]]\n```\n[[B]]\n\n[[C]]')).toEqual(['A']);
    // A fence closes with at least as many marks of the same kind.
    expect(targets('````\n```\n[[In]]\n````\n[[Out]]')).toEqual(['Out']);
    // An info string with a backtick makes no fence.
    expect(targets('``` a`b\n[[Shown]]')).toEqual(['Shown']);
  });

  it('keeps a code span within its paragraph', () => {
    expect(targets('`open\n\n[[Elf]] `')).toEqual(['Elf']);
    expect(targets('`a\n[[Elf]]` [[Dwarf]]')).toEqual(['Dwarf']);
  });

  it('finds nothing in a text without [[', () => {
    expect(findLinks('plain text')).toEqual([]);
  });

  it('never finds a link inside a fenced block (property)', () => {
    const piece = fc.constantFrom('[[Elf]]', '[[#H]]', 'text', '`', '``', '|', ']]', '[[', ' ', '\n', '    ');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        fc.array(piece, { maxLength: 12 }),
        (before, inside) => {
          const head = `${before.join('').replace(/`{3,}|~{3,}/g, '')}\n\n`;
          const body = inside.join('').replace(/`{3,}|~{3,}/g, '');
          const text = `${head}\`\`\`\n${body}\n\`\`\`\n`;
          const fenceStart = head.length;
          const fenceEnd = text.length;
          for (const link of findLinks(text)) {
            expect(link.start < fenceStart || link.start >= fenceEnd).toBe(true);
          }
        },
      ),
    );
  });
});

describe('proseSpans', () => {
  it('covers prose only, in order', () => {
    const text = 'a `b` c\n\n```\ncode\n```\nd';
    const spans = proseSpans(text);
    expect(spans.map(([from, to]) => text.slice(from, to))).toEqual(['a ', ' c\n', 'd']);
  });
});

describe('rulesHeadings', () => {
  it('reads ATX headings outside fences, with plain text and unique slugs', () => {
    const rules = [
      '# Dégâts & *soins*', // 0
      'text',
      '## Dégâts & soins ##', // 2
      '```',
      '# Not a heading',
      '```',
      '#NoSpace',
      '### [[Elf|Elves]] and `code`', // 7
      '#',
      '   #### Indented three', // 9
      '    # Indented four',
    ].join('\n');
    expect(rulesHeadings(rules)).toEqual([
      { text: 'Dégâts & soins', slug: 'degats-soins', level: 1, line: 0 },
      { text: 'Dégâts & soins', slug: 'degats-soins-2', level: 2, line: 2 },
      { text: 'Elves and code', slug: 'elves-and-code', level: 3, line: 7 },
      { text: 'Indented three', slug: 'indented-three', level: 4, line: 9 },
    ]);
  });

  it('gives a heading of punctuation only an anchor still', () => {
    expect(headingSlug('!!!')).toBe('section');
    expect(headingSlug('  Œuvre — Ère 2 ')).toBe('oeuvre-ere-2');
  });
});

const catalog = (overrides: Partial<LinkCatalog> = {}): LinkCatalog => ({
  units: [{ _id: 'u1', name: 'Elf' }],
  races: [
    { _id: 'r1', name: 'Elf' },
    { _id: 'r2', name: 'Dwarf' },
  ],
  classes: [{ _id: 'c1', name: 'Dwarf' }],
  statuses: [{ _id: 's1', name: 'Dame Élise' }],
  characteristics: [{ name: 'Strength' }, { name: 'Elf' }],
  headings: rulesHeadings('# Dégâts & soins\n# Soins'),
  ...overrides,
});

describe('linkResolver', () => {
  it('resolves folded names with one precedence: unit, race, class, status, characteristic', () => {
    const resolve = linkResolver(catalog());
    const at = (target: string, heading = false) => resolve({ target, heading });
    expect(at('elf')).toEqual({ kind: 'unit', id: 'u1', name: 'Elf' });
    expect(at('DWARF')).toEqual({ kind: 'race', id: 'r2', name: 'Dwarf' });
    expect(at('dame   elise')).toEqual({ kind: 'status', id: 's1', name: 'Dame Élise' });
    expect(at('strength')).toEqual({ kind: 'characteristic', id: 'Strength', name: 'Strength' });
    expect(at('Nobody')).toBeNull();
    expect(at('degats soins', true)).toEqual({ kind: 'heading', id: 'degats-soins', name: 'Dégâts & soins' });
    expect(at('Dégâts & soins!', true)?.id).toBe('degats-soins');
    // A name link never finds a heading, nor a heading link a name.
    expect(at('Soins')).toBeNull();
    expect(at('Elf', true)).toBeNull();
  });

  it('keeps the first of a kind when two share a name', () => {
    const resolve = linkResolver(
      catalog({
        units: [
          { _id: 'u1', name: 'Goblin' },
          { _id: 'u2', name: 'goblin' },
        ],
      }),
    );
    expect(resolve({ target: 'GOBLIN', heading: false })?.id).toBe('u1');
  });

  it('compares keys without case, accents or repeated spaces', () => {
    expect(linkKey('  Dame   ÉLISE ')).toBe('dame elise');
  });
});

describe('rewriteLinks', () => {
  const resolve = linkResolver(catalog());

  it('rewrites the targets of the links that resolved to the renamed thing, labels and spacing kept', () => {
    const text = 'A [[Dwarf]], a [[ dwarf | small folk ]], `[[Dwarf]]`, an [[Elf]] and [[#Dwarf]].';
    expect(rewriteLinks(text, resolve, { kind: 'race', id: 'r2' }, 'Nain')).toBe(
      'A [[Nain]], a [[ Nain | small folk ]], `[[Dwarf]]`, an [[Elf]] and [[#Dwarf]].',
    );
    // The Elf links resolved to the unit: renaming the race of that name moves none.
    expect(rewriteLinks(text, resolve, { kind: 'race', id: 'r1' }, 'Sylvan')).toBeNull();
    expect(rewriteLinks('[[Elf]]', resolve, { kind: 'unit', id: 'u1' }, 'Legolas')).toBe('[[Legolas]]');
    expect(rewriteLinks('[[#soins]]', resolve, { kind: 'heading', id: 'soins' }, 'Care')).toBe('[[#Care]]');
  });

  it('answers null when no link changes', () => {
    expect(rewriteLinks('no links', resolve, { kind: 'race', id: 'r2' }, 'Nain')).toBeNull();
    expect(rewriteLinks('[[Nobody]]', resolve, { kind: 'race', id: 'r2' }, 'Nain')).toBeNull();
  });

  it('never changes text outside the targets of the links it rewrites (property)', () => {
    const piece = fc.constantFrom(
      '[[Dwarf]]',
      '[[dwarf|small]]',
      '[[ DWARF ]]',
      '[[Elf]]',
      '[[#Dwarf]]',
      '[[Dwarfs]]',
      'Dwarf',
      '`',
      '```\n',
      '\n',
      '\n\n',
      '    ',
      '\\',
      '[',
      ']',
      'é',
      ' ',
    );
    const name = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9' -]{1,30}$/).filter((n) => n.trim() !== '');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), name, (pieces, to) => {
        const text = pieces.join('');
        const isTarget = (link: WikiLink) => resolve(link)?.kind === 'race' && resolve(link)?.id === 'r2';
        const before = findLinks(text);
        const result = rewriteLinks(text, resolve, { kind: 'race', id: 'r2' }, to.trim());
        if (!before.some(isTarget)) {
          expect(result).toBeNull();
          return;
        }
        expect(result).not.toBeNull();
        const after = findLinks(result!);
        expect(after.length).toBe(before.length);
        // Outside the rewritten targets, the same characters in the same order.
        const outside = (source: string, links: WikiLink[], rewritten: boolean[]) => {
          let out = '';
          let from = 0;
          links.forEach((link, i) => {
            if (!rewritten[i]) return;
            out += `${source.slice(from, link.targetStart)}\u0000`;
            from = link.targetEnd;
          });
          return out + source.slice(from);
        };
        const moved = before.map(isTarget);
        expect(outside(result!, after, moved)).toBe(outside(text, before, moved));
        after.forEach((link, i) => {
          expect(link.target).toBe(moved[i] ? to.trim() : before[i]!.target);
          expect(link.label).toBe(before[i]!.label);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('linkText', () => {
  it('shows the label, else the target', () => {
    expect(linkText({ target: 'Elf', label: 'elves' })).toBe('elves');
    expect(linkText({ target: 'Elf', label: null })).toBe('Elf');
  });
});

// Secret blocks (docs/decisions/064): the one line-based reading of what players never get.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasSecrets, isSecretOpener, secretSegments, stripSecrets } from './secret-blocks';
import { secretMarkdown } from './secret-blocks.arbitrary';

describe('stripSecrets', () => {
  const cases: [name: string, markdown: string, players: string][] = [
    ['no block', 'Hello\n\nworld', 'Hello\n\nworld'],
    ['a block', 'Before\n:::secret\nThe butler did it\n:::\nAfter', 'Before\n\nAfter'],
    ['a spaced opener', 'A\n::: secret\nhidden\n:::\nB', 'A\n\nB'],
    ['upper case and a title', 'A\n:::SECRET GM notes\nhidden\n:::\nB', 'A\n\nB'],
    ['longer colon runs', 'A\n::::secret\nhidden\n::::\nB', 'A\n\nB'],
    ['a closer with trailing spaces', 'A\n:::secret\nhidden\n:::   \nB', 'A\n\nB'],
    ['an opener in a quote', '> Quoted\n> :::secret\n> hidden\n> :::\n> more', '> Quoted\n\n> more'],
    ['an opener in a nested quote', '> > :::secret\n> > hidden\n> > :::\nB', '\nB'],
    ['an opener in a list item', '- one\n- :::secret\n  hidden\n  :::\n- two', '- one\n\n- two'],
    ['an opener in a numbered item', '1. one\n2. :::secret\n   hidden\n   :::', '1. one\n'],
    ['an indented opener', 'A\n    :::secret\n    hidden\n    :::\nB', 'A\n\nB'],
    ['a tab before the opener', 'A\n\t:::secret\nhidden\n\t:::\nB', 'A\n\nB'],
    ['CRLF line breaks', 'A\r\n:::secret\r\nhidden\r\n:::\r\nB', 'A\n\nB'],
    ['CR line breaks', 'A\r:::secret\rhidden\r:::\rB', 'A\n\nB'],
    ['a nested note', 'A\n:::secret\nx\n:::note\nnoted\n:::\nstill hidden\n:::\nB', 'A\n\nB'],
    ['a nested secret', 'A\n:::secret\n:::secret\ndeep\n:::\nhidden\n:::\nB', 'A\n\nB'],
    ['unterminated', 'A\n:::secret\nhidden\n\n# Heading\nrest', 'A\n'],
    ['unterminated after a nested note', 'A\n:::secret\n:::note\nx\n:::\nhidden', 'A\n'],
    ['an empty block', 'A\n:::secret\n:::\nB', 'A\n\nB'],
    ['a block at the very start', ':::secret\nhidden\n:::\nB', '\nB'],
    ['a block at the very end', 'A\n:::secret\nhidden\n:::', 'A\n'],
    ['two blocks', 'A\n:::secret\nx\n:::\nB\n:::secret\ny\n:::\nC', 'A\n\nB\n\nC'],
    ['an opener inside a code fence still opens', '```\n:::secret\n```\nhidden\n:::\nB', '```\n\nB'],
    ['a lone closer outside a block is text', 'A\n:::\nB', 'A\n:::\nB'],
    ['a word after the colons that is not secret', 'A\n:::secrets\nhidden\n:::\nB', 'A\n\nB'],
    [
      'an inline mention is not an opener',
      'Write :::secret on its own line',
      'Write :::secret on its own line',
    ],
    ['a colon pair is not an opener', 'A\n::secret\nB', 'A\n::secret\nB'],
  ];
  it.each(cases)('%s', (_name, markdown, players) => {
    expect(stripSecrets(markdown)).toBe(players);
  });

  it('leaves a text without blocks exactly as it is (line breaks included)', () => {
    expect(stripSecrets('A\r\n:::note\r\nB\r\n:::')).toBe('A\r\n:::note\r\nB\r\n:::');
  });
});

describe('secretSegments', () => {
  it('cuts the text into public and secret runs with the line each starts on', () => {
    expect(secretSegments('A\nB\n:::secret\nx\ny\n:::\nC')).toEqual([
      { secret: false, text: 'A\nB', line: 0 },
      { secret: true, text: 'x\ny', line: 3 },
      { secret: false, text: 'C', line: 6 },
    ]);
  });

  it('keeps an empty block as a segment, and counts CR and CRLF lines', () => {
    expect(secretSegments('A\r\n:::secret\r:::\nB')).toEqual([
      { secret: false, text: 'A', line: 0 },
      { secret: true, text: '', line: 2 },
      { secret: false, text: 'B', line: 3 },
    ]);
  });

  it('makes the rest of the text secret when a block is left open', () => {
    expect(secretSegments('A\n> :::secret\n> x\n:::note\n:::')).toEqual([
      { secret: false, text: 'A', line: 0 },
      { secret: true, text: '> x\n:::note\n:::', line: 2 },
    ]);
  });
});

describe('hasSecrets and isSecretOpener', () => {
  it('finds an opener line, whatever its prefix', () => {
    expect(hasSecrets('A\n> - :::secret\nB')).toBe(true);
    expect(hasSecrets('A\r:::secret')).toBe(true);
    expect(hasSecrets('A :::secret\n:::note')).toBe(false);
    expect(hasSecrets('')).toBe(false);
    expect(isSecretOpener('  1. ::: Secret title')).toBe(true);
    expect(isSecretOpener(':::')).toBe(false);
  });
});

describe('stripSecrets on generated markdown', () => {
  it('never keeps a secret word, and keeps every public one', () => {
    fc.assert(
      fc.property(secretMarkdown, ({ markdown, secretWords, publicWords }) => {
        const players = stripSecrets(markdown);
        for (const word of secretWords) expect(players).not.toContain(word);
        for (const word of publicWords) expect(players).toContain(word);
        expect(hasSecrets(markdown)).toBe(secretWords.length > 0);
        expect(hasSecrets(players)).toBe(false);
        // What the GM sees framed is exactly what players lose.
        const framed = secretSegments(markdown)
          .filter((segment) => segment.secret)
          .map((segment) => segment.text)
          .join('\n');
        for (const word of secretWords) expect(framed).toContain(word);
        for (const word of publicWords) expect(framed).not.toContain(word);
        // Stripping twice changes nothing more.
        expect(stripSecrets(players)).toBe(players);
      }),
      { numRuns: 500 },
    );
  });
});

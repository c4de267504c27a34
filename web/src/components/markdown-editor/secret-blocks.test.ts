// Secret blocks in the web's rendering (docs/decisions/064): what players get, rendered by the app's
// markdown renderer, never holds a secret word; the GM's sections frame exactly the secret lines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripSecrets } from '@questkeeper/core/text/secret-blocks';
import { secretMarkdown } from '@questkeeper/core/text/secret-blocks.arbitrary';
import { renderMarkdown } from './markdown';
import { renderSections, splitPieces } from './markdown-sections';
import { insertSecretBlock } from './snippets';

describe('rendering secret blocks', () => {
  it("renders players' text without any secret word, whatever the markdown around it", () => {
    fc.assert(
      fc.property(secretMarkdown, ({ markdown, secretWords, publicWords }) => {
        const html = renderMarkdown(stripSecrets(markdown));
        for (const word of secretWords) expect(html).not.toContain(word);
        // Public words are all there (a code fence or an HTML tag may hold them, escaped or not).
        for (const word of publicWords) expect(html).toContain(word);
      }),
      { numRuns: 300 },
    );
  });

  it('frames for the GM exactly the secret lines, even cut into small sections', () => {
    fc.assert(
      fc.property(
        secretMarkdown,
        fc.constantFrom(1, 40, 3000),
        ({ markdown, secretWords, publicWords }, min) => {
          const pieces = splitPieces(markdown, min);
          const html = renderSections(pieces);
          const framed = html.filter((_, i) => pieces[i]!.secret).join('');
          const open = html.filter((_, i) => !pieces[i]!.secret).join('');
          for (const word of secretWords) {
            expect(framed).toContain(word);
            expect(open).not.toContain(word);
          }
          for (const word of publicWords) expect(framed).not.toContain(word);
          // Each block's frame opens once and closes once.
          const firsts = pieces.filter((piece) => piece.secret?.first).length;
          const lasts = pieces.filter((piece) => piece.secret?.last).length;
          expect(firsts).toBe(lasts);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cuts a secret block at its own headings and keeps the lines of the whole text', () => {
    const chapter = (title: string) => `## ${title}\n\n${'Words. '.repeat(10)}\n\n`;
    const text = `${chapter('Open')}:::secret\n${chapter('Hidden one')}${chapter('Hidden two')}:::\n${chapter('After')}`;
    const pieces = splitPieces(text, 1);
    expect(pieces.map((piece) => [piece.line, piece.secret ?? null, piece.text.split('\n')[0]])).toEqual([
      [0, null, '## Open'],
      [5, { first: true, last: false }, '## Hidden one'],
      [9, { first: false, last: true }, '## Hidden two'],
      [14, null, '## After'],
    ]);
    expect(text.split('\n')[5]).toBe('## Hidden one');
    expect(text.split('\n')[14]).toBe('## After');
  });

  it('leaves a text without blocks cut as before', () => {
    expect(splitPieces('# A\n\ntext\n:::note\nx\n:::\n# B\n', 1)).toEqual([
      { text: '# A\n\ntext\n:::note\nx\n:::\n', line: 0 },
      { text: '# B\n', line: 6 },
    ]);
  });
});

describe('insertSecretBlock', () => {
  const options = { placeholder: 'Only you see this text' };

  it('wraps the selected lines, which stay selected', () => {
    const text = 'intro\nthe butler\ndid it\nend';
    const edit = insertSecretBlock(text, text.indexOf('butler'), text.indexOf(' it'), options);
    expect(edit.text).toBe('intro\n:::secret\nthe butler\ndid it\n:::\nend');
    expect(edit.text.slice(edit.selectionStart, edit.selectionEnd)).toBe('the butler\ndid it');
  });

  it('adds a block after the caret line, its placeholder selected', () => {
    const edit = insertSecretBlock('intro\nend', 2, 2, options);
    expect(edit.text).toBe('intro\n:::secret\nOnly you see this text\n:::\nend');
    expect(edit.text.slice(edit.selectionStart, edit.selectionEnd)).toBe(options.placeholder);
    expect(stripSecrets(edit.text)).toBe('intro\n\nend');
  });

  it('fills a blank caret line', () => {
    const edit = insertSecretBlock('intro\n\nend', 6, 6, options);
    expect(edit.text).toBe('intro\n:::secret\nOnly you see this text\n:::\nend');
    expect(insertSecretBlock('', 0, 0, options).text).toBe(':::secret\nOnly you see this text\n:::');
  });
});

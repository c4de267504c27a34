// snippetParts: the marked parts of a result's snippet, and answers it must not trust.
import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet';

describe('snippetParts', () => {
  it('cuts the snippet at the ranges', () => {
    expect(snippetParts('Fire deals Dégâts twice', [{ start: 11, end: 17 }])).toEqual([
      { text: 'Fire deals ', match: false },
      { text: 'Dégâts', match: true },
      { text: ' twice', match: false },
    ]);
    expect(
      snippetParts('ab cd', [
        { start: 0, end: 2 },
        { start: 3, end: 5 },
      ]),
    ).toEqual([
      { text: 'ab', match: true },
      { text: ' ', match: false },
      { text: 'cd', match: true },
    ]);
  });

  it('keeps a snippet without ranges whole, and an empty one empty', () => {
    expect(snippetParts('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(snippetParts('', [{ start: 0, end: 3 }])).toEqual([]);
  });

  it('clips ranges past the end and skips empty, overlapping or backward ones', () => {
    expect(
      snippetParts('abcdef', [
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 5, end: 5 },
        { start: 5, end: 99 },
      ]),
    ).toEqual([
      { text: 'a', match: false },
      { text: 'bc', match: true },
      { text: 'd', match: true },
      { text: 'e', match: false },
      { text: 'f', match: true },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { linkReferences, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('aligns table columns with classes, never inline styles (the CSP refuses them)', () => {
    const html = renderMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |');
    expect(html).not.toContain('style=');
    expect(html).toContain('<th class="qk-align-left">a</th>');
    expect(html).toContain('<td class="qk-align-center">2</td>');
    expect(html).toContain('<td class="qk-align-right">3</td>');
  });

  it('leaves unaligned cells plain', () => {
    expect(renderMarkdown('| a |\n|---|\n| 1 |')).toContain('<td>1</td>');
  });

  it('uses link references defined elsewhere, before its own', () => {
    const references = { MAP: { href: 'https://maps.example', title: 'Map' } };
    expect(renderMarkdown('[the map][map]', references)).toBe(
      '<p><a href="https://maps.example" title="Map" target="_blank" rel="noopener noreferrer nofollow">the map</a></p>\n',
    );
    const html = renderMarkdown('[map]: https://other.example\n\n[map]', references);
    expect(html).toContain('href="https://maps.example"');
    expect(html).not.toContain('other.example');
    // The references given are not changed.
    renderMarkdown('[new]: https://new.example', references);
    expect(Object.keys(references)).toEqual(['MAP']);
  });
});

describe('linkReferences', () => {
  it('collects the definitions, the first of a label winning, in quotes and lists too', () => {
    const text =
      '[Map]: https://one.example "One"\r\n[map]: https://two.example\n> [q]: /quote\n- [l]: /list\n';
    expect(linkReferences(text)).toEqual({
      MAP: { href: 'https://one.example', title: 'One' },
      Q: { href: '/quote', title: '' },
      L: { href: '/list', title: '' },
    });
    expect(linkReferences('no [definitions](/here)')).toEqual({});
  });

  it('refuses unsafe destinations as markdown-it does', () => {
    expect(linkReferences('[x]: javascript:alert(1)')).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

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
});

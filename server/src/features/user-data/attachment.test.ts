// Download names: whatever a campaign is called, the file name a browser shows has no
// invisible character that reorders or hides what the user reads.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachment, safeFileName } from './attachment';

/** Every character that reorders or hides text, by name (Unicode's bidi controls and marks). */
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const MARKS = ['\u200e', '\u200f', '\u061c', '\u200b', '\u2060', '\ufeff'];
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** Names mixing ordinary text, the characters above, controls and separators, lone surrogates too. */
const names = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom(...BIDI, ...MARKS, '\u0000', '\n', '\t', '\u0085', '\u2028', '/', '\\', '..', '"'),
      fc.string({ unit: 'binary' }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** The two names a header gives: the ASCII `filename` and the decoded RFC 5987 `filename*`. */
function namesOf(header: string): { ascii: string; exact: string } {
  const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S+)$/.exec(header);
  if (!match) throw new Error(`not a Content-Disposition: ${header}`);
  return { ascii: match[1]!, exact: decodeURIComponent(match[2]!) };
}

describe('download file names', () => {
  it('drop the right-to-left override that would show "invoiceexe.md" for an .exe name', () => {
    const { ascii, exact } = namesOf(attachment('invoice\u202eexe.md', 'json'));
    expect(exact).toBe('invoiceexe.md.json');
    expect(ascii).toBe('invoiceexe.md.json');
    expect(safeFileName('\u2067Camp\u200fagne\u2069')).toBe('Campagne');
  });

  it('never carry a control, format or bidi character, a separator or a quote, whatever the name', () => {
    fc.assert(
      fc.property(names, (name) => {
        const header = attachment(name, 'json');
        const { ascii, exact } = namesOf(header);
        expect(ascii).toMatch(/^[A-Za-z0-9._-]+\.json$/);
        expect(exact).not.toMatch(INVISIBLE);
        expect(exact).not.toMatch(/[\\/:*?"<>|]/);
        expect(exact).not.toMatch(/^[\s.]/);
        expect(exact.endsWith('.json')).toBe(true);
        // Visible text is kept as it was written.
        const visible = name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\\/:*?"<>|\s.]/gu, '');
        if (visible !== '') expect(exact.replace(/[-\s.]/g, '')).toContain(visible.replace(/-/g, ''));
      }),
      { numRuns: 500 },
    );
  });
});

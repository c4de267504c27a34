// Content-Disposition for downloads named after user text (a campaign's name): an ASCII `filename`
// every client understands, and the exact name in RFC 5987 `filename*` for those that read it.

/** Characters no file system or header takes: path separators and reserved ones. */
const UNSAFE = /[\\/:*?"<>|]/g;
/**
 * Characters that are not seen but change what is seen: controls (Cc), format characters
 * (Cf: the bidirectional overrides and isolates U+202A–202E and U+2066–2069, the marks U+200E, U+200F
 * and U+061C, zero-width ones), line and paragraph separators, lone surrogates. "invoice\u202Efdp.exe"
 * would show as "invoiceexe.pdf".
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** The name as a download shows it: nothing invisible, no separators, no dots or spaces at the ends. */
export function safeFileName(name: string): string {
  return (
    name
      .replace(INVISIBLE, '')
      .replace(UNSAFE, '-')
      .replace(/^[\s.]+|[\s.]+$/gu, '') || 'campaign'
  );
}

function asciiName(name: string): string {
  const ascii = name
    .replace(INVISIBLE, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return ascii || 'campaign';
}

/** RFC 5987 percent-encoding (encodeURIComponent leaves ' ( ) * as they are). */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function attachment(name: string, extension: string): string {
  const exact = safeFileName(name);
  return `attachment; filename="${asciiName(name)}.${extension}"; filename*=UTF-8''${rfc5987(`${exact}.${extension}`)}`;
}

// Content-Disposition for downloads named after user text (a campaign's name): an ASCII `filename`
// every client understands, and the exact name in RFC 5987 `filename*` for those that read it.

/** Characters no file system or header takes: path separators, reserved ones, controls. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]/gu;

function asciiName(name: string): string {
  const ascii = name
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
  const exact = name.replace(UNSAFE, '-').trim() || 'campaign';
  return `attachment; filename="${asciiName(name)}.${extension}"; filename*=UTF-8''${rfc5987(`${exact}.${extension}`)}`;
}

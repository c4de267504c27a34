// Saving a file the API sent (docs/decisions/024): the name comes from the answer's Content-Disposition (the
// exact RFC 5987 `filename*` when given, else the ASCII `filename`), and the browser saves the blob
// through a temporary object URL, as a link with `download` would.

/** The file name a `Content-Disposition` header gives, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1].trim());
    } catch {
      // A malformed escape: the ASCII name below still serves.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL is released once it has begun.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

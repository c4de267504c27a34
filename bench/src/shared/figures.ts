// Statistics and plain-text tables shared by the browser benchmarks' reports (web, editor, combat),
// so that every benchmark computes its medians and percentiles, and prints its tables, the same way.

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** Nearest-rank percentile: of 100 values, p95 is the 95th smallest. */
export function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A text table: the first leftColumns columns aligned left, the others (figures) right. */
export function grid(header: string[], lines: string[][], leftColumns: number): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join(' | ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(format)].join('\n');
}

/** Milliseconds to a tenth, or a dash for a figure that was not measured. */
export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
export const ratio = (app: number, floor: number) =>
  Number.isFinite(app) && Number.isFinite(floor) && floor > 0 ? `${(app / floor).toFixed(2)} ×` : '—';
export const verdict = (value: number, target: number) =>
  Number.isFinite(value) && value <= target ? 'PASS' : 'FAIL';

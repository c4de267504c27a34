/** A small divider (line, diamond, line) in the manner of an illuminated manuscript. Decorative. */
export function Ornament({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 160 16" aria-hidden="true" className={className} fill="none">
      <path d="M4 8h56M100 8h56" stroke="var(--qk-line)" strokeWidth="1.5" strokeLinecap="round" />
      <path d="M66 8h6M88 8h6" stroke="var(--qk-gold)" strokeWidth="1.5" strokeLinecap="round" />
      <path d="m80 1 7 7-7 7-7-7Z" fill="var(--qk-gold)" />
      <path d="m80 5 3 3-3 3-3-3Z" fill="var(--qk-surface)" />
    </svg>
  );
}

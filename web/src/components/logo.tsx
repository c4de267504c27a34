/** The Questkeeper mark: a d20 silhouette over a warm shield. Decorative; the link names it. */
export function Logo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <path d="M16 2 28 8v9c0 7-5.2 11.6-12 13C9.2 28.6 4 24 4 17V8Z" fill="var(--qk-brand)" />
      <path
        d="m16 8 7 4v8l-7 4-7-4v-8Z"
        fill="none"
        stroke="var(--qk-on-brand)"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path
        d="m9 12 7 4 7-4M16 16v8"
        fill="none"
        stroke="var(--qk-on-brand)"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

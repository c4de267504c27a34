// The landing page's illustration: a d20 inside an arcane circle, drawn inline so that nothing is
// downloaded and the hero's h1 stays the largest contentful paint. Colours come from the tokens, so
// it follows dark mode. Decorative only.
const SPARKLES = [
  { x: 62, y: 92, r: 9 },
  { x: 344, y: 70, r: 6 },
  { x: 352, y: 318, r: 10 },
  { x: 48, y: 300, r: 5 },
];

/** A four-pointed star centred on (x, y). */
function sparkle(x: number, y: number, r: number) {
  const w = r / 3.5;
  return `M${x} ${y - r} Q${x + w} ${y - w} ${x + r} ${y} Q${x + w} ${y + w} ${x} ${y + r} Q${x - w} ${y + w} ${x - r} ${y} Q${x - w} ${y - w} ${x} ${y - r}Z`;
}

export function HeroEmblem({ className = '' }: { className?: string }) {
  const ticks = Array.from({ length: 24 }, (_, index) => (index * 360) / 24);
  return (
    <svg viewBox="0 0 400 400" aria-hidden="true" className={className}>
      <defs>
        <radialGradient id="qk-emblem-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="var(--qk-brand-soft)" stopOpacity="1" />
          <stop offset="70%" stopColor="var(--qk-brand-soft)" stopOpacity="0.6" />
          <stop offset="100%" stopColor="var(--qk-brand-soft)" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="200" cy="200" r="196" fill="url(#qk-emblem-glow)" />
      <circle cx="200" cy="200" r="176" fill="none" stroke="var(--qk-line)" strokeWidth="1.5" />
      <circle
        cx="200"
        cy="200"
        r="164"
        fill="none"
        stroke="var(--qk-gold)"
        strokeWidth="1.5"
        strokeDasharray="1 9"
        strokeLinecap="round"
      />
      <circle cx="200" cy="200" r="148" fill="none" stroke="var(--qk-line)" strokeWidth="1" />
      <g stroke="var(--qk-gold)" strokeWidth="1.5" strokeLinecap="round" opacity="0.8">
        {ticks.map((angle) => (
          <line
            key={angle}
            x1="200"
            y1={angle % 90 === 0 ? 28 : 34}
            x2="200"
            y2="42"
            transform={`rotate(${angle} 200 200)`}
          />
        ))}
      </g>
      {[0, 90, 180, 270].map((angle) => (
        <path
          key={angle}
          d="M200 44 l6 8 -6 8 -6 -8Z"
          fill="var(--qk-brand)"
          transform={`rotate(${angle + 45} 200 200)`}
        />
      ))}
      <g strokeLinejoin="round">
        <path
          d="M200 92 293.5 146v108L200 308l-93.5-54V146Z"
          fill="var(--qk-surface)"
          stroke="var(--qk-brand)"
          strokeWidth="4"
        />
        <path
          d="M200 138 262 246H138Z"
          fill="var(--qk-brand-soft)"
          stroke="var(--qk-brand)"
          strokeWidth="3"
        />
        <path
          d="M200 92v46M106.5 146 200 138l93.5 8M106.5 146 138 246l-31.5 8M293.5 146 262 246l31.5 8M138 246l62 62 62-62"
          fill="none"
          stroke="var(--qk-brand)"
          strokeWidth="2.5"
          opacity="0.75"
        />
        <text
          x="200"
          y="224"
          textAnchor="middle"
          fontFamily="var(--font-display)"
          fontSize="44"
          fontWeight="700"
          fill="var(--qk-brand)"
        >
          20
        </text>
      </g>
      {SPARKLES.map(({ x, y, r }) => (
        <path key={`${x}-${y}`} d={sparkle(x, y, r)} fill="var(--qk-gold)" />
      ))}
    </svg>
  );
}

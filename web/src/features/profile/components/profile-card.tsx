// The frame of each block of the profile: a card with an icon, a heading (h2, under the page's h1)
// and the section named by it, so screen-reader users can jump between blocks.
import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export function ProfileCard({
  icon: Icon,
  title,
  description,
  children,
  className = '',
  tone = 'plain',
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** 'brand' highlights the block (the Novice upgrade offer). */
  tone?: 'plain' | 'brand';
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={
        'rounded-card border bg-surface p-5 shadow-card sm:p-6 ' +
        (tone === 'brand' ? 'border-brand/50 ring-1 ring-brand/30 ' : 'border-line ') +
        className
      }
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 pt-1.5">
          <h2 id={headingId} className="font-display text-xl font-semibold text-ink">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

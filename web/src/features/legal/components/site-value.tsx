// A value read from GET /api/site: a skeleton of about the same size while it loads (no layout
// jump), "not available" after a failure (the page shows the error once, above the text).
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import type { SiteValueState } from '../api/use-site-info';

// Configured values may carry a note, e.g. the default "contact@… (sample value)".
const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+/;
const PHONE = /\+?\d[\d\s().-]{4,}\d/;

export function SiteValue({
  state,
  kind = 'text',
  unavailable,
  skeletonWidth = 'w-56',
  lines = 1,
}: {
  state: SiteValueState;
  kind?: 'text' | 'email' | 'phone';
  unavailable: string;
  skeletonWidth?: string;
  /** Lines the value usually takes, reserved while it loads. */
  lines?: number;
}) {
  const { t } = useTranslation();
  if (state.status === 'pending') {
    return (
      <span className="block">
        {Array.from({ length: lines }, (_, line) => (
          <span key={line} className="flex h-[1lh] items-center">
            <span
              className={`h-[0.9em] max-w-full animate-pulse rounded bg-line ${line > 0 && line === lines - 1 ? 'w-32' : skeletonWidth}`}
            />
          </span>
        ))}
        <span className="sr-only">{t('common.loading')}</span>
      </span>
    );
  }
  if (state.status === 'error') return <span className="text-ink-muted">{unavailable}</span>;

  const { value } = state;
  const match = kind === 'email' ? EMAIL.exec(value) : kind === 'phone' ? PHONE.exec(value) : null;
  if (!match) return <>{value}</>;
  const found = match[0];
  const href = kind === 'email' ? `mailto:${found}` : `tel:${found.replace(/[^\d+]/g, '')}`;
  return (
    <>
      {value.slice(0, match.index)}
      <a href={href} className="font-medium text-brand underline underline-offset-4 hover:text-brand-strong">
        {found}
      </a>
      {value.slice(match.index + found.length)}
    </>
  );
}

/** An email address to write to, on its own line. */
export function ContactEmail({ state, unavailable }: { state: SiteValueState; unavailable: string }) {
  return (
    <p className="flex items-center gap-2">
      <Mail aria-hidden="true" className="size-4 shrink-0 text-brand" />
      <span className="min-w-0 break-words">
        <SiteValue state={state} kind="email" unavailable={unavailable} />
      </span>
    </p>
  );
}

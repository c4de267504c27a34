// A value read from GET /api/site: a skeleton of about the same size while it loads (no layout
// jump), "not available" after a failure (the page shows the error once, above the text).
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SiteValueState } from '../api/use-site-info';
import { CONTACT_LINK_CLASS, contactLink, type SiteField, type SiteValueKind } from '../lib/site-fields';

/** The value in an element that names its field: the legal pages' island script fills it in
 *  (decision 069) when the app is not loaded. */
export function SiteValue({ field, ...props }: SiteValueProps & { field: SiteField }) {
  return (
    <span data-site-field={field} data-site-kind={props.kind ?? 'text'}>
      <SiteValueContent {...props} />
    </span>
  );
}

interface SiteValueProps {
  state: SiteValueState;
  kind?: SiteValueKind;
  unavailable: string;
  skeletonWidth?: string;
  /** Lines the value usually takes, reserved while it loads. */
  lines?: number;
}

function SiteValueContent({
  state,
  kind = 'text',
  unavailable,
  skeletonWidth = 'w-56',
  lines = 1,
}: SiteValueProps) {
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

  const link = contactLink(state.value, kind);
  if (!link) return <>{state.value}</>;
  return (
    <>
      {link.before}
      <a href={link.href} className={CONTACT_LINK_CLASS}>
        {link.text}
      </a>
      {link.after}
    </>
  );
}

/** An email address to write to, on its own line. */
export function ContactEmail({
  field,
  state,
  unavailable,
}: {
  field: SiteField;
  state: SiteValueState;
  unavailable: string;
}): ReactNode {
  return (
    <p className="flex items-center gap-2">
      <Mail aria-hidden="true" className="size-4 shrink-0 text-brand" />
      <span className="min-w-0 break-words">
        <SiteValue field={field} state={state} kind="email" unavailable={unavailable} />
      </span>
    </p>
  );
}

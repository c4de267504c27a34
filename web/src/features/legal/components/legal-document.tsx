// The reading layout shared by the imprint and the terms: title block, table of contents with
// in-page anchors (a sidebar on large screens), and the text in a ~70ch column.
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { LAST_UPDATED } from '../lib/legal-content';

export interface TocEntry {
  id: string;
  title: string;
  children?: readonly TocEntry[];
}

interface LegalDocumentProps {
  title: string;
  intro: string;
  icon: ReactNode;
  lastUpdatedLabel: string;
  tocLabel: string;
  toc: readonly TocEntry[];
  /** Shown above the text, e.g. when the operator details could not be loaded. */
  notice?: ReactNode;
  children: ReactNode;
}

export function LegalDocument({
  title,
  intro,
  icon,
  lastUpdatedLabel,
  tocLabel,
  toc,
  notice,
  children,
}: LegalDocumentProps) {
  const { i18n } = useTranslation();
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${LAST_UPDATED}T00:00:00Z`),
  );

  // The page arrives after the browser looked for the anchor of a deep link (/fr/imprint#cookies):
  // look again once the sections exist. The heading takes the focus as a table-of-contents jump
  // gives it, also when the jump was clicked before React owned the page (the browser then only
  // scrolled), unless the reader has already focused something else.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    target.scrollIntoView();
    if (document.activeElement === document.body || document.activeElement === null) {
      target.focus({ preventScroll: true });
    }
  }, []);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-16">
      <PageTitle title={title} />
      <header className="max-w-[70ch]">
        <span className="inline-flex size-12 items-center justify-center rounded-card bg-brand-soft text-brand">
          {icon}
        </span>
        <h1 className="mt-4 text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-ink-muted">{intro}</p>
        <p className="mt-3 text-sm text-ink-muted">
          {lastUpdatedLabel} <time dateTime={LAST_UPDATED}>{updated}</time>
        </p>
      </header>

      <div className="mt-8 lg:mt-12 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-12">
        <nav
          aria-labelledby="legal-toc-label"
          className="rounded-card border border-line bg-surface p-5 text-sm shadow-card lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto"
        >
          <p id="legal-toc-label" className="font-display text-base font-semibold text-ink">
            {tocLabel}
          </p>
          <TocList entries={toc} />
        </nav>

        <article className="mt-10 max-w-[70ch] lg:mt-0">
          {notice ? <div className="mb-8">{notice}</div> : null}
          {children}
        </article>
      </div>
    </div>
  );
}

function TocList({ entries, nested = false }: { entries: readonly TocEntry[]; nested?: boolean }) {
  return (
    <ol className={nested ? 'mt-2 space-y-2 border-l border-line pl-3' : 'mt-3 space-y-2'}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a
            href={`#${entry.id}`}
            onClick={(event) => jumpTo(event, entry.id)}
            className="text-ink-muted underline-offset-4 hover:text-brand hover:underline"
          >
            {entry.title}
          </a>
          {entry.children ? <TocList entries={entry.children} nested /> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * Scrolls to the section and moves focus to its heading, so keyboard and screen-reader users land
 * there too. The address gets the anchor through replaceState on purpose: a plain fragment
 * navigation makes the router see a new location, and PublicLayout then remounts the page.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

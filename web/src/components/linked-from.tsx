// "Linked from" (docs/decisions/063, docs/product.md#links): the texts of the campaign that link to a
// unit, a list entry or a rules heading, each one a link to where it lives — a rules line, a unit's
// notes, an entry, an encounter — with the line around its link. Shown in the unit notes, in each
// list entry and beside the rules headings. Read afresh each time it opens (texts change anywhere).
import { useId, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as LinkIcon, RotateCcw } from 'lucide-react';
import type { LinkKind } from '@questkeeper/core/links/links';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useBacklinks, type Backlink } from '@/lib/backlinks';
import { useCampaignLinks, type CampaignLinks } from '@/lib/campaign-links';
import { placeOfResult, placeSearch } from '@/lib/campaign-places';

export interface LinkedFromProps {
  kind: LinkKind;
  /** The target's id; a characteristic's name; a heading's slug. */
  target: string;
  /** The panel's title; "Linked from" by default. */
  title?: string | undefined;
  /** A source was opened (a panel in a popover closes). */
  onNavigate?: (() => void) | undefined;
  className?: string | undefined;
}

/** The panel, in a campaign only (nothing outside one). */
export function LinkedFrom(props: LinkedFromProps) {
  const links = useCampaignLinks();
  return links ? <LinkedFromPanel links={links} {...props} /> : null;
}

function LinkedFromPanel({
  links,
  kind,
  target,
  title,
  onNavigate,
  className = '',
}: LinkedFromProps & { links: CampaignLinks }) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useBacklinks(links.campaignId, kind, target);
  const sources = query.data;

  return (
    <section aria-labelledby={headingId} aria-busy={query.isPending || undefined} className={className}>
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-ink">
        <LinkIcon aria-hidden="true" className="size-4 shrink-0 text-brand" />
        <span className="min-w-0 break-words">{title ?? t('links.linkedFrom.title')}</span>
        {sources && sources.length > 0 ? (
          // Seen at a glance; screen readers hear the list's own count.
          <span
            aria-hidden="true"
            className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted tabular-nums"
          >
            {sources.length}
          </span>
        ) : null}
      </h3>
      {query.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-ink-muted">
          <Spinner />
          {t('links.linkedFrom.loading')}
        </p>
      ) : query.isError ? (
        <Alert tone="error" className="mt-2">
          <p>{t('links.linkedFrom.failed', { message: errorMessage(query.error) })}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
          >
            {t('links.linkedFrom.retry')}
          </Button>
        </Alert>
      ) : !sources || sources.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('links.linkedFrom.empty')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1.5">
          {sources.map((source) => (
            <SourceItem
              key={`${source.source.kind}:${source.source.id}`}
              backlink={source}
              links={links}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SourceItem({
  backlink,
  links,
  onNavigate,
}: {
  backlink: Backlink;
  links: CampaignLinks;
  onNavigate: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { source, snippet } = backlink;
  const place = placeOfResult(source);
  const name =
    source.kind === 'rules'
      ? source.name
        ? t('links.linkedFrom.rulesSection', { heading: source.name, line: source.id })
        : t('links.linkedFrom.rulesLine', { line: source.id })
      : source.name;

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (links.goTo(place)) onNavigate?.();
  };

  return (
    <li className="rounded-control border border-line bg-canvas px-3 py-2 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {t(`links.linkedFrom.sources.${source.kind}`)}
        </span>
        <a
          href={placeSearch(links.campaignId, place)}
          onClick={open}
          className="min-w-0 font-medium break-words text-brand underline underline-offset-2 hover:text-brand-strong"
        >
          {name}
        </a>
      </p>
      {snippet ? <p className="mt-0.5 break-words text-ink-muted">{snippet}</p> : null}
    </li>
  );
}

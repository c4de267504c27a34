// The units filter (spec §5 "Filter"): the search box with its clear button, and the 'shown / tier
// maximum' counter, marked once the campaign is full.
import { useTranslation } from 'react-i18next';
import { Lock, Search, X } from 'lucide-react';

export function UnitsFilter({
  inputId,
  query,
  onQueryChange,
  shown,
  max,
  atLimit,
}: {
  inputId: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** How many units the filter lets through. */
  shown: number;
  /** The tier's units per campaign. */
  max: number;
  atLimit: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          {t('units.filterLabel')}
        </label>
        <p
          className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-0.5 text-sm font-medium tabular-nums ${
            atLimit ? 'border-brand/50 bg-brand-soft text-brand' : 'border-line bg-surface text-ink'
          }`}
        >
          {atLimit ? <Lock aria-hidden="true" className="size-3.5" /> : null}
          <span className="sr-only">{t('units.counterLabel')} </span>
          {shown} / {max}
          {atLimit ? <span className="sr-only">, {t('units.counterFull')}</span> : null}
        </p>
      </div>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
        />
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder={t('units.filterPlaceholder')}
          autoComplete="off"
          className="h-11 w-full rounded-control border border-line bg-surface pr-11 pl-9 text-base text-ink placeholder:text-ink-muted [&::-webkit-search-cancel-button]:hidden"
        />
        {query ? (
          <button
            type="button"
            onClick={() => onQueryChange('')}
            aria-label={t('units.clearFilter')}
            title={t('units.clearFilter')}
            className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}

// The units filter (docs/product.md#search): the search box with its clear button, the 'shown / tier
// maximum' counter with the campaign's total beside it ("0 / 200 — 12 units in all"),
// marked once the campaign is full, and the cards / table switch.
import { useTranslation } from 'react-i18next';
import { LayoutGrid, Lock, Rows3, Search, X } from 'lucide-react';
import type { UnitsLayout } from '../hooks/use-units-layout';

export function UnitsFilter({
  inputId,
  query,
  onQueryChange,
  shown,
  total,
  max,
  atLimit,
  layout,
  onLayoutChange,
}: {
  inputId: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** How many units the filter lets through. */
  shown: number;
  /** How many units the campaign has. */
  total: number;
  /** The tier's units per campaign. */
  max: number;
  atLimit: boolean;
  layout: UnitsLayout;
  onLayoutChange: (layout: UnitsLayout) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          {t('units.filterLabel')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <p
            className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-0.5 text-sm font-medium tabular-nums ${
              atLimit ? 'border-brand/50 bg-brand-soft text-brand' : 'border-line bg-surface text-ink'
            }`}
          >
            {atLimit ? <Lock aria-hidden="true" className="size-3.5" /> : null}
            <span className="sr-only">{t('units.counterLabel')} </span>
            {shown} / {max}
            <span className="font-normal text-ink-muted">
              {' — '}
              {t('units.totalCount', { count: total })}
            </span>
            {atLimit ? <span className="sr-only">, {t('units.counterFull')}</span> : null}
          </p>
          <LayoutSwitch layout={layout} onChange={onLayoutChange} />
        </div>
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

function LayoutSwitch({
  layout,
  onChange,
}: {
  layout: UnitsLayout;
  onChange: (layout: UnitsLayout) => void;
}) {
  const { t } = useTranslation();
  const option = (value: UnitsLayout, label: string, Icon: typeof LayoutGrid) => (
    <button
      type="button"
      aria-pressed={layout === value}
      onClick={() => onChange(value)}
      className={`inline-flex h-8 items-center gap-1.5 rounded-[calc(var(--radius-control)-2px)] px-2.5 text-sm font-medium ${
        layout === value ? 'bg-surface text-ink shadow-sm' : 'text-ink-muted hover:text-ink'
      }`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label={t('units.layout')}
      className="inline-flex rounded-control border border-line bg-surface-muted p-0.5"
    >
      {option('cards', t('units.layoutCards'), LayoutGrid)}
      {option('table', t('units.layoutTable'), Rows3)}
    </div>
  );
}

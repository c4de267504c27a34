// The rules search box and its results (docs/product.md#rules-search): the query waits 1000 ms after the
// last keystroke (Enter searches at once), each matching line is listed with its number and the
// matches in <mark>, as the rules read (without markdown syntax); choosing one jumps to it.
// Texts are rendered as React text, never as HTML. The first 20 lines are listed, 'Show more' adds
// more: a search paints within 30 ms on a long rulebook (docs/decisions/012).
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { currentLanguage } from '@/lib/i18n';
import { plainLine } from '@questkeeper/core/text/plain-line';
import { highlightSegments, lineExcerpt, normalizeQuery, searchRules, type LineMatch } from '../lib/search';

/** docs/product.md#timings: rules search debounce. */
const SEARCH_DEBOUNCE_MS = 1000;
/** Lines listed at first, and added by each 'Show more'. */
export const RESULTS_PAGE = 20;

interface RulesSearchProps {
  /** The text searched: the saved rules, or the draft while editing. */
  text: string;
  /** A result was chosen: the view may bring that line into sight. */
  onSelect?: (line: LineMatch, query: string) => void;
  /** The query whose results are shown ('' for none): the view marks it in the document. */
  onActiveChange?: (query: string) => void;
}

export function RulesSearch({ text, onSelect, onActiveChange }: RulesSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [query, setQuery] = useState('');
  // How many lines are listed, for the query it was set for (a new query lists the first page).
  const [listed, setListed] = useState({ query: '', count: RESULTS_PAGE });
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (normalizeQuery(value) === '') return;
    const timer = window.setTimeout(() => setQuery(value), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  // Results show for the query in the box only: clearing the box clears them at once, and while a new
  // query is typed (until Enter or the debounce) nothing but "Searching…" shows.
  const typed = normalizeQuery(value);
  const active = typed === normalizeQuery(query) ? typed : '';
  const waiting = typed !== '' && active === '';
  const limit = listed.query === active ? listed.count : RESULTS_PAGE;
  const result = useMemo(() => searchRules(text, active, limit), [text, active, limit]);
  const numbers = useMemo(() => new Intl.NumberFormat(currentLanguage()), []);
  const hidden = result.totalLines - result.lines.length;

  useEffect(() => onActiveChange?.(active), [active, onActiveChange]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      setQuery(value);
    }
  }

  /** Lists the next page and moves the focus to its first line (the button may go away). */
  function showMore() {
    const first = result.lines.length;
    flushSync(() => setListed({ query: active, count: first + RESULTS_PAGE }));
    listRef.current?.children[first]?.querySelector('button')?.focus();
  }

  let summary = '';
  if (waiting) summary = t('rules.search.pending');
  else if (active !== '') {
    summary =
      result.totalLines === 0
        ? t('rules.search.empty', { query: active })
        : t('rules.search.count', { count: result.totalLines, value: numbers.format(result.totalLines) });
  }

  return (
    <div role="search" className="flex flex-col gap-2">
      <TextField
        type="search"
        label={t('rules.search.label')}
        placeholder={t('rules.search.placeholder')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-controls={`${id}-results`}
        trailing={<Search aria-hidden="true" className="mr-2 size-5 text-ink-muted" />}
      />
      <p id={`${id}-summary`} aria-live="polite" className="text-sm text-ink-muted">
        {summary}
      </p>
      <div id={`${id}-results`}>
        {result.lines.length > 0 ? (
          <ol
            ref={listRef}
            aria-label={t('rules.search.resultsLabel')}
            className="max-h-72 divide-y divide-line overflow-y-auto rounded-control border border-line bg-surface"
          >
            {result.lines.map((line) => (
              <li key={line.lineNumber}>
                <SearchResultButton line={line} onClick={() => onSelect?.(line, active)} />
              </li>
            ))}
          </ol>
        ) : null}
        {hidden > 0 ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-sm text-ink-muted">
              {t('rules.search.more', { count: hidden, value: numbers.format(hidden) })}
            </p>
            <Button variant="secondary" size="sm" onClick={showMore}>
              {t('rules.search.showMore', {
                count: Math.min(RESULTS_PAGE, hidden),
                value: numbers.format(Math.min(RESULTS_PAGE, hidden)),
              })}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function SearchResultButton({ line, onClick }: { line: LineMatch; onClick: () => void }) {
  const { t } = useTranslation();
  const excerpt = lineExcerpt(plainLine(line.text, line.ranges));
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-baseline gap-3 px-3 py-2 text-left text-sm hover:bg-surface-muted"
    >
      <span className="shrink-0 font-medium whitespace-nowrap text-ink-muted tabular-nums">
        {t('rules.search.line', { line: line.lineNumber })}
      </span>
      <span className="min-w-0 break-words whitespace-pre-wrap text-ink">
        {excerpt.cutStart ? '…' : null}
        {highlightSegments(excerpt.text, excerpt.ranges).map((segment, index) =>
          segment.match ? (
            <mark key={index} className="rounded-sm bg-gold/25 font-semibold text-ink">
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
        {excerpt.cutEnd ? '…' : null}
      </span>
    </button>
  );
}

// The campaign search palette (docs/product.md#campaign-search, docs/decisions/063): a modal dialog with
// a combobox field and a listbox of results, after the ARIA combobox pattern — the focus stays in the
// field, `aria-activedescendant` names the active result, arrows move it, Enter opens it where it lives
// (the view and place of web/src/lib/campaign-places.ts), Escape closes. Shift+Enter (or the row's
// control) adds a unit to the fight while it is in setup. Each answer is clear: a hint for an empty
// field, core's own words for a query the server would refuse (checked before asking), "nothing found"
// and a failed search with a retry. On a phone the palette takes the whole screen.
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCw, Search, X } from 'lucide-react';
import { SEARCH_QUERY_MAX } from '@questkeeper/core/limits';
import { searchQueryProblem } from '@questkeeper/core/search/search-query';
import { searchWords } from '@questkeeper/core/search/campaign-search';
import { useToast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useLatest } from '@/lib/use-latest';
import { placeOfResult, useGoToPlace } from '@/lib/campaign-places';
import type { CombatGroup } from '@questkeeper/core/combat/combat';
import { NOWHERE, useAddToFight, useSetupFight, type FightPlace } from '../api/add-to-fight';
import { useCampaignSearch, type SearchResult } from '../api/search';
import { moveActive, paletteKey } from '../lib/keys';
import { PaletteFooter } from './palette-footer';
import { optionId, ResultOption } from './result-option';

export interface SearchPaletteProps {
  campaignId: string;
  /** `main`: a result was opened, the focus goes to the view; `opener`: back where it was. */
  onClose: (focus: 'opener' | 'main') => void;
}

export default function SearchPalette({ campaignId, onClose }: SearchPaletteProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const listId = `${baseId}-list`;
  const statusId = `${baseId}-status`;
  const addHintId = useCallback((side: CombatGroup) => `${baseId}-add-${side}`, [baseId]);
  const [text, setText] = useState('');

  const problem = searchQueryProblem(text);
  const query = problem ? null : text.trim();
  const search = useCampaignSearch(campaignId, query);
  const answer = query === null || search.isError ? undefined : search.data;
  const data = answer?.results;
  // The words of the query the shown results answer (an older one while the next is on its way).
  const answered = answer?.query ?? '';
  const words = useMemo(() => searchWords(answered), [answered]);
  const results: readonly SearchResult[] = data ?? [];
  const stale = search.isPlaceholderData;

  // The active result: the first of each new answer, then where the arrows move it.
  const [cursor, setCursor] = useState<{ of: readonly SearchResult[] | undefined; index: number }>({
    of: undefined,
    index: -1,
  });
  const active = cursor.of === data ? cursor.index : results.length > 0 ? 0 : -1;
  const activeResult = results[active];

  const setup = useSetupFight(
    campaignId,
    results.some((result) => result.kind === 'unit'),
  );
  const fightOf = (result: SearchResult): FightPlace =>
    setup && result.kind === 'unit' ? setup.placeOf(result.id) : NOWHERE;
  const activeFight = activeResult ? fightOf(activeResult) : NOWHERE;

  const addToFight = useAddToFight(campaignId);
  const toast = useToast();
  const [notice, setNotice] = useState('');
  const goTo = useGoToPlace();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    inputRef.current?.focus();
  }, []);

  // The active result stays in sight as the arrows move it.
  const activeId = active >= 0 ? optionId(listId, active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function open(result: SearchResult) {
    // Unsaved edits in the view behind: the user may choose to stay (the palette stays too).
    if (goTo(campaignId, placeOfResult(result))) onClose('main');
  }

  function add(result: SearchResult) {
    const place = fightOf(result);
    if (place.kind !== 'available' || addToFight.isPending) return;
    setNotice('');
    addToFight.mutate(
      { unitId: place.unit._id, side: place.side },
      {
        onSuccess: () => {
          const message = t(`search.palette.added.${place.side}`, { name: place.unit.name });
          setNotice(message);
          toast.success(message);
        },
      },
    );
  }

  // The same functions on every render, so the rows (memoised) only render again when their result
  // does: typing keeps the last answer on screen without touching it.
  const openLatest = useLatest(open);
  const addLatest = useLatest(add);
  const dataLatest = useLatest(data);
  const onOpen = useCallback((result: SearchResult) => openLatest.current(result), [openLatest]);
  const onAdd = useCallback((result: SearchResult) => addLatest.current(result), [addLatest]);
  const onHover = useCallback((index: number) => setCursor({ of: dataLatest.current, index }), [dataLatest]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose('opener');
      return;
    }
    const action = paletteKey({ ...event, isComposing: event.nativeEvent.isComposing });
    if (!action) return;
    if (action === 'next' || action === 'previous') {
      event.preventDefault();
      setCursor({ of: data, index: moveActive(active, results.length, action === 'next' ? 1 : -1) });
    } else if (activeResult) {
      event.preventDefault();
      if (action === 'open') open(activeResult);
      else add(activeResult);
    }
  }

  let status = '';
  if (problem === 'search.empty') status = t('search.empty');
  else if (problem === 'search.tooLong') status = '';
  else if (search.isError) status = '';
  else if (data === undefined) status = t('search.palette.searching');
  else if (results.length === 0 && !stale) status = t('search.palette.noMatch', { query });
  else if (!stale) status = t('search.palette.count', { count: results.length });
  const showList = results.length > 0;

  return (
    <dialog
      ref={dialogRef}
      data-search-palette=""
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose('opener');
      }}
      // Closed by the browser itself (a repeated Escape may close without a cancel event).
      onClose={() => onClose('opener')}
      // A click on the backdrop (the dialog itself, around its box) closes it.
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose('opener');
      }}
      className="m-0 h-dvh max-h-none w-full max-w-none border-0 bg-surface p-0 text-ink backdrop:bg-black/50 sm:mx-auto sm:mt-[10vh] sm:h-fit sm:w-[calc(100%-1.5rem)] sm:max-w-2xl sm:rounded-card sm:border sm:border-line sm:shadow-card"
    >
      <div className="flex h-full flex-col sm:max-h-[min(40rem,80dvh)]">
        <h2 id={titleId} className="sr-only">
          {t('search.palette.title')}
        </h2>
        <div className="flex items-center gap-2 border-b border-line px-3">
          <Search aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
          <label htmlFor={`${baseId}-input`} className="sr-only">
            {t('search.palette.label')}
          </label>
          <input
            ref={inputRef}
            id={`${baseId}-input`}
            type="text"
            role="combobox"
            aria-expanded={showList}
            aria-controls={showList ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={showList ? activeId : undefined}
            aria-describedby={statusId}
            aria-busy={search.isFetching || undefined}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder={t('search.palette.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setNotice('');
            }}
            onKeyDown={onKeyDown}
            className="h-14 min-w-0 flex-1 bg-transparent text-base text-ink placeholder:text-ink-muted focus-visible:outline-none"
          />
          {search.isFetching && query !== null ? (
            <span className="shrink-0 text-ink-muted" data-testid="search-spinner">
              <Spinner className="size-5" />
            </span>
          ) : null}
          <button
            type="button"
            onClick={() => onClose('opener')}
            aria-label={t('common.close')}
            title={t('common.close')}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>

        <div className="min-h-0 flex-1 overflow-y-auto p-2">
          <p
            id={statusId}
            role="status"
            // The query whose answer is on screen (none while an older one is shown): the tests and
            // the keystroke benchmark wait for it (bench/src/search).
            data-answered={data !== undefined && !stale ? query : undefined}
            className={showList ? 'sr-only' : 'px-3 py-8 text-center text-sm text-ink-muted'}
          >
            {status}
          </p>
          {problem === 'search.tooLong' ? (
            <Alert tone="error" className="m-2">
              {t('search.tooLong', { max: SEARCH_QUERY_MAX })}
            </Alert>
          ) : null}
          {query !== null && search.isError ? (
            <div className="m-2 flex flex-col items-start gap-2">
              <Alert tone="error">
                {t('search.palette.failed', { message: errorMessage(search.error) })}
              </Alert>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void search.refetch()}
                loading={search.isFetching}
                icon={<RotateCw aria-hidden="true" className="size-4" />}
              >
                {t('search.palette.retry')}
              </Button>
            </div>
          ) : null}
          {showList ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={t('search.palette.results')}
              aria-busy={stale || undefined}
              className={`flex flex-col gap-0.5 ${stale ? 'opacity-70' : ''}`}
            >
              {results.map((result, index) => (
                <ResultOption
                  key={`${result.kind}:${result.id}`}
                  id={optionId(listId, index)}
                  index={index}
                  result={result}
                  active={index === active}
                  words={words}
                  fight={fightOf(result)}
                  adding={addToFight.isPending}
                  addHintId={addHintId}
                  onOpen={onOpen}
                  onAdd={onAdd}
                  onHover={onHover}
                />
              ))}
            </ul>
          ) : null}
          {setup ? (
            <>
              <span id={addHintId('allies')} hidden>
                {t('search.palette.addHint.allies')}
              </span>
              <span id={addHintId('enemies')} hidden>
                {t('search.palette.addHint.enemies')}
              </span>
            </>
          ) : null}
        </div>

        <PaletteFooter
          notice={notice}
          error={addToFight.isError ? errorMessage(addToFight.error) : null}
          canAdd={setup !== null}
          action={
            activeResult && activeFight.kind === 'available'
              ? {
                  label: t(`search.palette.addOf.${activeFight.side}`, { name: activeResult.name }),
                  busy: addToFight.isPending,
                  onClick: () => add(activeResult),
                }
              : null
          }
        />
      </div>
    </dialog>
  );
}

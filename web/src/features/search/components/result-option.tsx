// One result of the palette (docs/product.md#campaign-search): its kind (icon and word), its name and
// its snippet with the matches marked (the name's too); its accessible name is all of that, as shown. A unit that may join the fight in setup carries a small "Add to
// allies / enemies" control for the pointer; the keyboard's way is Shift+Enter, said in the option's
// description, and the footer holds the same action as a real button. The control is not a button
// inside the option: an option's content is presentational, so a button there is a nested control
// no assistive technology reaches.
import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dna,
  Gauge,
  Heading,
  HeartPulse,
  Map as MapIcon,
  Plus,
  ScrollText,
  Shield,
  Swords,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { matchRanges } from '@questkeeper/core/search/campaign-search';
import type { SearchResult } from '../api/search';
import type { CombatGroup } from '@questkeeper/core/combat/combat';
import type { FightPlace } from '../api/add-to-fight';
import { snippetParts, type SnippetPart } from '../lib/snippet';

const KIND_ICONS: Record<SearchResult['kind'], LucideIcon> = {
  heading: Heading,
  rules: ScrollText,
  unit: UserRound,
  race: Dna,
  class: Shield,
  status: HeartPulse,
  characteristic: Gauge,
  encounter: MapIcon,
};

/** The option's element id, for the field's aria-activedescendant. */
export function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

interface ResultOptionProps {
  result: SearchResult;
  id: string;
  index: number;
  active: boolean;
  /** The query's folded words, to mark them in the name too (the server marks the snippet). */
  words: readonly string[];
  /** Where the unit stands in the fight in setup; `none` for everything else. */
  fight: FightPlace;
  adding: boolean;
  /** The id of the words that say how the keyboard adds a unit to `side` (said once, under the list). */
  addHintId: (side: CombatGroup) => string;
  onOpen: (result: SearchResult) => void;
  onAdd: (result: SearchResult) => void;
  onHover: (index: number) => void;
}

function Marked({ parts }: { parts: readonly SnippetPart[] }) {
  return parts.map((part, index) =>
    part.match ? (
      <mark key={index} className="rounded-sm bg-gold/25 font-semibold text-ink">
        {part.text}
      </mark>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}

// The pointer must not take the focus away from the field (the combobox keeps it).
const keepFocus = (event: MouseEvent) => event.preventDefault();

export const ResultOption = memo(function ResultOption({
  result,
  id,
  index,
  active,
  words,
  fight,
  adding,
  addHintId,
  onOpen,
  onAdd,
  onHover,
}: ResultOptionProps) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[result.kind];
  const kind =
    result.kind === 'rules'
      ? `${t('search.palette.kinds.rules')} · ${t('search.palette.rulesLine', { line: result.id })}`
      : t(`search.palette.kinds.${result.kind}`);
  const name = result.name !== '' ? result.name : t('search.palette.rulesStart');
  // A snippet that only says the name again (a heading, a list entry without a note) is left out.
  const parts =
    result.snippet.trim() === result.name.trim() ? [] : snippetParts(result.snippet, result.ranges);
  const nameParts = result.name !== '' ? snippetParts(name, matchRanges(name, words)) : [];
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      aria-describedby={fight.kind === 'available' ? addHintId(fight.side) : undefined}
      onMouseDown={keepFocus}
      onMouseMove={() => {
        if (!active) onHover(index);
      }}
      onClick={() => onOpen(result)}
      className={
        'flex cursor-pointer flex-wrap items-start gap-x-3 rounded-control px-3 py-2.5 sm:flex-nowrap ' +
        (active ? 'bg-brand-soft' : 'hover:bg-surface-muted')
      }
    >
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-5 shrink-0 ${active ? 'text-brand' : 'text-ink-muted'}`}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="min-w-0 truncate font-semibold text-ink">
            {nameParts.length > 0 ? <Marked parts={nameParts} /> : name}
          </span>
          {/* The commas are pauses where the eye sees the parts apart. */}
          <span className="shrink-0 text-xs font-medium text-ink-muted">
            <span className="sr-only">, </span>
            {kind}
          </span>
          {fight.kind === 'in' ? (
            <span className="shrink-0 text-xs text-ink-muted">
              <span aria-hidden="true">· </span>
              <span className="sr-only">, </span>
              {t(`search.palette.inFight.${fight.side}`)}
            </span>
          ) : null}
        </div>
        {parts.length > 0 ? (
          <p className="mt-0.5 line-clamp-2 text-sm break-words text-ink-muted">
            <span className="sr-only">, </span>
            <Marked parts={parts} />
          </p>
        ) : null}
      </div>
      {/* On a phone the control goes under the text, which keeps the row's width. */}
      {fight.kind === 'available' ? <span aria-hidden="true" className="basis-full sm:hidden" /> : null}
      {fight.kind === 'available' ? (
        <span
          aria-hidden="true"
          title={t(`search.palette.addOf.${fight.side}`, { name: result.name })}
          data-action="add"
          onClick={(event) => {
            event.stopPropagation();
            if (!adding) onAdd(result);
          }}
          className={
            'inline-flex h-9 shrink-0 items-center gap-1.5 self-center rounded-control max-sm:mt-1.5 max-sm:ml-8 max-sm:self-start border border-line bg-surface px-2.5 text-sm font-medium text-ink hover:bg-surface-muted ' +
            (adding ? 'opacity-60' : '')
          }
        >
          {fight.side === 'allies' ? (
            <Plus aria-hidden="true" className="size-4" />
          ) : (
            <Swords aria-hidden="true" className="size-4" />
          )}
          <span>{t(`search.palette.add.${fight.side}`)}</span>
        </span>
      ) : null}
    </li>
  );
});

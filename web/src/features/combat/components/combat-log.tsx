// The combat log (decisions 021 and 030): one entry per thing that happened, newest
// first, in the reader's language — round, whose turn, what, to whom, the amount with its roll, HP
// before → after, conditions added and expired, the time; undone entries say so until redone. The
// fight brings its newest entries; "Show older entries" at the end reads the ones before them
// (lib/combat-log.ts). A windowed list (a long fight has thousands of entries) in a panel that folds
// away, closed at first on a phone.
import { memo, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, History, ScrollText } from 'lucide-react';
import type { CombatLogEntry } from '@questkeeper/core/schemas/combat';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCombatLog, type FightLog } from '../api/combat-log';
import { entryText } from '../lib/log-entry-text';
import { WindowedList } from './windowed-list';

/** Row height plus the gap, in rem (h-[5.25rem] + 0.25rem). */
const LOG_PITCH_REM = 5.5;
const LOG_GAP_REM = 0.25;

const wide = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(min-width: 64rem)').matches === true;

export const CombatLog = memo(function CombatLog({
  campaignId,
  log,
  logBefore,
  logUndoneFrom,
  total,
}: FightLog & {
  campaignId: string;
  /** How many entries the fight's log holds in all (`logTotal`). */
  total: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(wide);
  const fight = useMemo(() => ({ log, logBefore, logUndoneFrom }), [log, logBefore, logUndoneFrom]);
  const loaded = useCombatLog(campaignId, fight);
  const entries = useMemo(() => [...loaded.entries].reverse(), [loaded.entries]);
  const hazardTurns = useMemo(() => hazardTurnsOf(loaded.entries), [loaded.entries]);
  const count = Math.max(total, entries.length);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h3 id={`${id}-title`} className="font-display text-lg font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-2 rounded-control text-left focus-visible:outline-2 focus-visible:outline-focus"
        >
          <ScrollText aria-hidden="true" className="size-5 shrink-0 text-brand" />
          <span id={`${id}-name`} className="min-w-0 flex-1">
            {t('combat.log.title')}
          </span>
          <span className="text-sm font-normal text-ink-muted tabular-nums">
            {t('combat.log.count', { count })}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          />
          <span className="sr-only">{open ? t('combat.log.hide') : t('combat.log.show')}</span>
        </button>
      </h3>
      <div id={`${id}-panel`} hidden={!open} className="flex flex-col gap-3">
        {entries.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('combat.log.empty')}</p>
        ) : open ? (
          <WindowedList
            items={entries}
            pitchRem={LOG_PITCH_REM}
            gapRem={LOG_GAP_REM}
            sightRem={24}
            ordered
            focusable
            labelledBy={`${id}-name`}
            className="flex max-h-[24rem] flex-col overflow-y-auto rounded-control focus-visible:outline-2 focus-visible:outline-focus"
            renderRow={(entry, index) => (
              <LogRow
                key={entry.id}
                entry={entry}
                hazard={hazardTurns.get(entry.id)}
                position={index + 1}
                count={count}
              />
            )}
          />
        ) : null}
        {open && loaded.hasOlder ? (
          <div className="flex flex-col items-start gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-busy={loaded.loading || undefined}
              icon={loaded.loading ? <Spinner /> : <History aria-hidden="true" className="size-4" />}
              onClick={() => void loaded.loadOlder()}
            >
              {loaded.loading ? t('combat.log.loadingOlder') : t('combat.log.older')}
            </Button>
            {loaded.error ? (
              <p role="alert" className="text-sm text-danger">
                {t('combat.log.olderError')} {errorMessage(loaded.error)}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
});

/**
 * The entries written on a lair action's turn (docs/decisions/062): they name no unit whose turn it
 * was, so they read the turn from the last turn change before them (oldest first). By entry id.
 */
export function hazardTurnsOf(entries: readonly CombatLogEntry[]): ReadonlyMap<string, string> {
  const turns = new Map<string, string>();
  let hazard: string | undefined;
  for (const entry of entries) {
    if (entry.type === 'start' || entry.type === 'nextTurn' || entry.type === 'end') {
      hazard = entry.turnOf === null && entry.type !== 'end' ? entry.hazard?.name : undefined;
    }
    if (entry.turnOf === null && hazard !== undefined) turns.set(entry.id, hazard);
  }
  return turns;
}

/** One time format per language: building an Intl.DateTimeFormat costs more than using one. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(language: string): Intl.DateTimeFormat {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeStyle: 'medium' });
    timeFormats.set(language, format);
  }
  return format;
}

/**
 * A row of the list. A new entry moves every row one place down (`position`, `count`): only the
 * row's attributes change then, its text (LogEntryText) is not built again.
 */
const LogRow = memo(function LogRow({
  entry,
  hazard,
  position,
  count,
}: {
  entry: CombatLogEntry;
  /** The lair action whose turn it was, for an entry written on one. */
  hazard: string | undefined;
  position: number;
  count: number;
}) {
  return (
    <li
      aria-posinset={position}
      aria-setsize={count}
      className={`flex h-[5.25rem] shrink-0 flex-col justify-center gap-0.5 overflow-hidden rounded-control border px-3 py-1.5 ${
        entry.undone ? 'border-dashed border-line bg-surface-muted' : 'border-line'
      }`}
    >
      <LogEntryText entry={entry} hazard={hazard} />
    </li>
  );
});

const LogEntryText = memo(function LogEntryText({
  entry,
  hazard,
}: {
  entry: CombatLogEntry;
  hazard: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { sentence, details } = entryText(entry, t);
  const time = timeFormat(i18n.language).format(new Date(entry.at));
  const detail = details.join(' · ');
  return (
    <>
      <p className="flex min-w-0 items-baseline gap-2 text-xs text-ink-muted">
        <span className="min-w-0 truncate font-semibold">
          {entry.turnOf
            ? t('combat.log.when', { round: entry.round, name: entry.turnOf.name })
            : hazard !== undefined
              ? t('combat.log.whenHazard', { round: entry.round, name: hazard })
              : t('combat.log.setup')}
        </span>
        <time dateTime={entry.at} className="ml-auto shrink-0 tabular-nums">
          {time}
        </time>
      </p>
      <p className="line-clamp-2 text-sm">
        {entry.undone ? (
          <span className="mr-1.5 rounded-full border border-line px-1.5 text-xs font-semibold text-ink-muted">
            {t('combat.log.undone')}
          </span>
        ) : null}
        <span className={entry.undone ? 'text-ink-muted line-through' : 'font-medium'}>{sentence}</span>
      </p>
      {detail ? (
        <p title={detail} className="truncate font-mono text-xs text-ink-muted">
          {detail}
        </p>
      ) : null}
    </>
  );
});

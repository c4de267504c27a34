// A Down player character's death saves (docs/product.md#death-saves, docs/decisions/061): the tally
// as pips, said in words to a screen reader ("Death saves: 1 success, 2 failures"), and on its fight
// row the Success and Failure buttons while they go on; once they end, the outcome (Stable, Dead) —
// unless the campaign's matching status was written, which the row's status already says. The rules
// (when a unit is Down, when the saves end) are core's (core/src/combat/death-saves.ts).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, CircleCheck, CircleX } from 'lucide-react';
import { deathSaveOutcome, matchingStatus } from '@questkeeper/core/combat/death-saves';
import { DEATH_SAVES_TO_END } from '@questkeeper/core/limits';
import type { DeathSaveResult, DeathSaveTally } from '@questkeeper/core/schemas/combat';

const PIPS = Array.from({ length: DEATH_SAVES_TO_END }, (_, index) => index);

/** The tally as pips: successes, then failures. */
export function DeathSavePips({ tally }: { tally: DeathSaveTally }) {
  const { t } = useTranslation();
  const label = t('combat.rows.deathSaves', {
    successes: t('combat.rows.successes', { count: tally.successes }),
    failures: t('combat.rows.failures', { count: tally.failures }),
  });
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex shrink-0 items-center gap-2">
      <span className="inline-flex items-center gap-0.5">
        {PIPS.map((index) =>
          index < tally.successes ? (
            <CircleCheck key={index} aria-hidden="true" className="size-3.5 text-success" />
          ) : (
            <Circle key={index} aria-hidden="true" className="size-3.5 text-ink-muted" />
          ),
        )}
      </span>
      <span className="inline-flex items-center gap-0.5">
        {PIPS.map((index) =>
          index < tally.failures ? (
            <CircleX key={index} aria-hidden="true" className="size-3.5 text-danger" />
          ) : (
            <Circle key={index} aria-hidden="true" className="size-3.5 text-ink-muted" />
          ),
        )}
      </span>
    </span>
  );
}

/** The outcome's word, or null while the saves go on or when the unit's status already says it. */
export function useOutcomeWord(tally: DeathSaveTally, status: string): string | null {
  const { t } = useTranslation();
  const outcome = deathSaveOutcome(tally);
  if (outcome === null) return null;
  // The status written at the end is one of core's names for the outcome: the row shows it already.
  if (matchingStatus([{ name: status }], outcome)) return null;
  return t(outcome === 'stable' ? 'combat.rows.stable' : 'combat.rows.dead');
}

/** The row's death-save line: the pips, then the two buttons or the outcome. */
export const DeathSaves = memo(function DeathSaves({
  unitId,
  name,
  status,
  tally,
  disabled,
  tabbable,
  onSave,
}: {
  unitId: string;
  name: string;
  status: string;
  tally: DeathSaveTally;
  disabled: boolean;
  /** Tab reaches the buttons (the row's roving tabindex). */
  tabbable: boolean;
  onSave: (unitId: string, result: DeathSaveResult) => void;
}) {
  const { t } = useTranslation();
  const ended = deathSaveOutcome(tally) !== null;
  const outcome = useOutcomeWord(tally, status);
  const button =
    'relative z-10 inline-flex h-6 min-w-6 shrink-0 items-center justify-center gap-1 rounded-control border px-1 text-xs font-medium ' +
    'disabled:cursor-not-allowed disabled:opacity-60 ';
  return (
    <div data-testid="death-saves" className="flex h-6 min-w-0 items-center gap-2">
      <DeathSavePips tally={tally} />
      {ended ? (
        outcome ? (
          <span
            className={`truncate text-sm font-semibold ${
              deathSaveOutcome(tally) === 'stable' ? 'text-success' : 'text-danger'
            }`}
          >
            {outcome}
          </span>
        ) : null
      ) : (
        <span className="ml-auto inline-flex min-w-0 gap-1">
          <button
            type="button"
            disabled={disabled}
            tabIndex={tabbable ? 0 : -1}
            aria-label={t('combat.rows.successFor', { name })}
            title={t('combat.rows.successFor', { name })}
            onClick={() => onSave(unitId, 'success')}
            className={`${button} border-success text-success hover:bg-success-soft`}
          >
            <CircleCheck aria-hidden="true" className="size-3.5" />
            {/* Words where the row has room (a container query on the row); the name says it anyway. */}
            <span className="hidden @[17rem]:inline">{t('combat.rows.success')}</span>
          </button>
          <button
            type="button"
            disabled={disabled}
            tabIndex={tabbable ? 0 : -1}
            aria-label={t('combat.rows.failureFor', { name })}
            title={t('combat.rows.failureFor', { name })}
            onClick={() => onSave(unitId, 'failure')}
            className={`${button} border-danger text-danger hover:bg-danger-soft`}
          >
            <CircleX aria-hidden="true" className="size-3.5" />
            <span className="hidden @[17rem]:inline">{t('combat.rows.failure')}</span>
          </button>
        </span>
      )}
    </div>
  );
});

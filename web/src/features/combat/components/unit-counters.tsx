// A unit's counters on its fight row (docs/decisions/062): legendary actions, a breath weapon's
// recharge, a countdown. Each shows its value compactly — pips up to 5, "2/3" beyond — with its label
// in the name (and beside it when the row has room); a click, Enter or Space spends 1 (`useCounter`).
// At 0 it says why it spends nothing and stays focusable. The sliders button opens a dialog that sets
// any value (`setCounter`). The fight's values come from `state.counters`; a missing one reads as max.
import { memo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidersHorizontal } from 'lucide-react';
import { checkWholeNumber, parseWhole } from '@questkeeper/core/checks';
import { counterValue } from '@questkeeper/core/combat/counters';
import type { CombatState } from '@questkeeper/core/schemas/combat';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';

/** Up to this max a counter shows as pips; above, as "2/3". */
export const PIPS_MAX = 5;

type Values = CombatState['counters'];

const NO_VALUES: Values = {};

/** One unit's counter values as the fight holds them (its own record, so a row repaints alone). */
export function countersOf(values: Values, unitId: string): Values[string] | undefined {
  return Object.hasOwn(values, unitId) ? values[unitId] : undefined;
}

export const CounterChips = memo(function CounterChips({
  unitId,
  name,
  counters,
  values,
  tabbable,
  disabled,
  onSpend,
  onEdit,
}: {
  unitId: string;
  /** The unit's name, for the buttons' names. */
  name: string;
  counters: readonly UnitCounter[];
  /** This unit's values (state.counters[unitId]); absent: all at max. */
  values: Values[string] | undefined;
  tabbable: boolean;
  disabled: boolean;
  onSpend: (unitId: string, counterId: string) => void;
  onEdit: (unitId: string) => void;
}) {
  const { t } = useTranslation();
  if (counters.length === 0) return null;
  const all = values ? { [unitId]: values } : NO_VALUES;
  return (
    <div data-testid="unit-counters" className="flex min-w-0 flex-1 items-center gap-1 overflow-hidden">
      {counters.map((counter) => {
        const value = counterValue(all, unitId, counter);
        const empty = value === 0;
        const label = empty
          ? t('combat.monsters.counters.empty', { label: counter.label, value, max: counter.max })
          : t('combat.monsters.counters.spend', { label: counter.label, value, max: counter.max });
        return (
          <button
            key={counter._id}
            type="button"
            data-counter-id={counter._id}
            aria-label={label}
            title={label}
            aria-disabled={empty || disabled || undefined}
            disabled={disabled}
            tabIndex={tabbable ? 0 : -1}
            onClick={() => {
              if (!empty) onSpend(unitId, counter._id);
            }}
            className={
              'relative z-10 inline-flex h-6 min-w-0 shrink items-center gap-1 rounded-full border px-1.5 text-xs tabular-nums focus-visible:outline-2 focus-visible:outline-focus disabled:cursor-not-allowed ' +
              (empty
                ? 'cursor-not-allowed border-dashed border-line text-ink-muted'
                : 'border-brand/60 bg-surface text-ink hover:bg-brand-soft')
            }
          >
            <span className="hidden max-w-24 truncate @[26rem]:inline">{counter.label}</span>
            {counter.max <= PIPS_MAX ? (
              <span aria-hidden="true" className="inline-flex items-center gap-0.5">
                {Array.from({ length: counter.max }, (_, index) => (
                  <span
                    key={index}
                    className={`size-2 rounded-full border border-current ${index < value ? 'bg-current text-brand' : 'text-ink-muted'}`}
                  />
                ))}
              </span>
            ) : (
              <span className="font-mono font-semibold">
                {value}/{counter.max}
              </span>
            )}
          </button>
        );
      })}
      <button
        type="button"
        aria-label={t('combat.monsters.counters.editOf', { name })}
        title={t('combat.monsters.counters.editOf', { name })}
        aria-haspopup="dialog"
        disabled={disabled}
        tabIndex={tabbable ? 0 : -1}
        data-counters-for={unitId}
        onClick={() => onEdit(unitId)}
        className="relative z-10 inline-flex size-6 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60"
      >
        <SlidersHorizontal aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
});

/** Sets a unit's counters to any value 0..max, one at a time (each Set is one action). */
export function CountersDialog({
  name,
  unitId,
  counters,
  values,
  onSet,
  onClose,
}: {
  name: string;
  unitId: string;
  counters: readonly UnitCounter[];
  values: Values;
  onSet: (unitId: string, counterId: string, value: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open size="sm" title={t('combat.monsters.counters.title', { name })} onClose={onClose}>
      <div className="flex flex-col gap-4">
        {counters.map((counter, index) => (
          <CounterField
            key={counter._id}
            counter={counter}
            value={counterValue(values, unitId, counter)}
            autoFocus={index === 0}
            onSet={(value) => onSet(unitId, counter._id, value)}
          />
        ))}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('combat.monsters.counters.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function CounterField({
  counter,
  value,
  autoFocus,
  onSet,
}: {
  counter: UnitCounter;
  value: number;
  autoFocus: boolean;
  onSet: (value: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | undefined>();
  // The fight moved the value (a spend, a reset): the field follows unless the GM is typing.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  function save(event: FormEvent) {
    event.preventDefault();
    const problem = checkWholeNumber(text, { min: 0, max: counter.max });
    if (problem) {
      setError(t(problem.key, problem.params));
      return;
    }
    onSet(parseWhole(text) ?? 0);
  }
  return (
    <form onSubmit={save} noValidate className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          label={t('combat.monsters.counters.field', { label: counter.label, max: counter.max })}
          inputMode="numeric"
          autoComplete="off"
          {...(autoFocus ? { 'data-autofocus': true } : {})}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </div>
      <Button
        type="submit"
        variant="secondary"
        aria-label={t('combat.monsters.counters.setOf', { label: counter.label })}
      >
        {t('combat.monsters.counters.set')}
      </Button>
    </form>
  );
}

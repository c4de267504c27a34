// What the game master does on a turn (docs/product.md#combat, #validation; docs/decisions/021): the target
// with its HP and status, the amount — a whole number 1..999 or dice such as 2d6+3 (rolled by the server),
// checked as it is typed with the position of a mistake — Heal and Attack, and Next turn. One amount
// grammar (core's parseTypedAmount: `+5` heals, `-5` or `5` damages; the buttons do what they say
// whatever the sign), a line that says what Enter will do or what it lacks, and who deals the blow
// ("By: Goblin 2", any unit of the fight or no one). It sticks to the bottom of the screen, so a target picked
// far down a list of 200 is one tap from the blow. On a phone it takes at most a quarter
// of the screen: icon buttons with their names for screen readers, and a toggle that folds it down
// to the target and Next turn.
import { memo, useDeferredValue, useId, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChevronDown,
  ChevronsRight,
  ChevronUp,
  Crosshair,
  HeartPulse,
  Hourglass,
  Sword,
  UserRound,
} from 'lucide-react';
import { HpBar } from '@/components/hp-bar';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import type { Unit } from '@/lib/units';
import { parseQuick } from './amount-check';
import { BlowModifiersControl, type BlowModifiers, type BlowShare } from './blow-modifiers';
import type { Missing } from '../hooks/use-amount-keys';

export type AmountAction = 'attack' | 'heal';

interface ActionBarProps {
  target: Unit | undefined;
  /** More targets of the same blow (area damage). */
  extraTargets: number;
  /** Every target of the blow (the target first): each gets its share of the roll. */
  targets?: readonly Unit[];
  modifiers?: BlowModifiers;
  onShare?: (unitId: string, share: BlowShare) => void;
  amountRef?: RefObject<HTMLInputElement | null>;
  statuses: readonly string[];
  amount: string;
  disabled: boolean;
  /** The fight's units, any of which may deal the blow. */
  sources: readonly Unit[];
  /** Who deals it: a unit of `sources`, or null for no one (a trap, a fall). */
  sourceId: string | null;
  /** What the last Enter lacked, while nothing changed since. */
  missing: Missing | null;
  onSource: (id: string | null) => void;
  /** Enter in the amount: applies what the sign says, or says what is missing. */
  onEnter: () => void;
  onAmount: (amount: string) => void;
  onAct: (action: AmountAction, amount: string) => void;
  onStatus: (unit: Unit, status: string) => void;
  onConditions: (unitId: string) => void;
  onNextTurn: () => void;
}

const NO_ONE = '';

// Memoised: an answer that changes only the log leaves the bar as it is.
export const ActionBar = memo(function ActionBar({
  target,
  extraTargets,
  targets = [],
  modifiers = {},
  onShare,
  amountRef,
  statuses,
  amount,
  disabled,
  sources,
  sourceId,
  missing,
  onSource,
  onEnter,
  onAmount,
  onAct,
  onStatus,
  onConditions,
  onNextTurn,
}: ActionBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const [folded, setFolded] = useState(false);
  const typed = parseQuick(amount);
  const problem = !typed.ok && typed.problem ? t(typed.problem.key, typed.problem.params) : null;
  const invalid = problem !== null;
  const canAct = target !== undefined && typed.ok && !disabled;
  const apply = (action: AmountAction) => onAct(action, amount);
  // What Enter will do, before it is pressed; or what the last Enter lacked.
  const enterText = (() => {
    if (missing === 'target') return t('combat.enter.noTarget');
    if (missing === 'amount') return t('combat.enter.noAmount');
    if (!target || !typed.ok) return '';
    const name =
      extraTargets > 0 ? t('combat.enter.more', { name: target.name, count: extraTargets }) : target.name;
    return t(typed.type === 'heal' ? 'combat.enter.heal' : 'combat.enter.attack', {
      target: name,
      amount: typed.amount,
    });
  })();
  const sourceControl = (
    <SourceSelect
      id={`${id}-source`}
      sources={sources}
      sourceId={sourceId}
      disabled={disabled}
      onSource={onSource}
    />
  );
  // A status the campaign no longer lists still shows as the unit's own.
  const options = target && !statuses.includes(target.status) ? [target.status, ...statuses] : statuses;

  return (
    <section
      aria-label={t('combat.target')}
      className="sticky bottom-0 z-10 -mx-1 flex max-h-[25vh] flex-col gap-2 overflow-y-auto rounded-card border border-line bg-surface p-2 shadow-card sm:max-h-none sm:gap-3 sm:overflow-visible sm:p-4 lg:flex-row lg:flex-wrap lg:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex min-h-9 items-center gap-2">
          <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-medium text-ink-muted">
            <Crosshair aria-hidden="true" className="size-4 shrink-0 text-brand" />
            <span className="sr-only sm:not-sr-only">{t('combat.target')}</span>
            {target ? (
              <span title={target.name} className="min-w-0 truncate text-base font-semibold text-ink">
                {target.name}
              </span>
            ) : null}
            {extraTargets > 0 ? (
              <span className="shrink-0 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">
                {t('combat.fast.area.count', { count: extraTargets + 1 })}
              </span>
            ) : null}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="sm:hidden"
            aria-expanded={!folded}
            aria-label={t(folded ? 'combat.fast.bar.show' : 'combat.fast.bar.hide')}
            onClick={() => setFolded((value) => !value)}
            icon={
              folded ? (
                <ChevronUp aria-hidden="true" className="size-4" />
              ) : (
                <ChevronDown aria-hidden="true" className="size-4" />
              )
            }
          />
          {folded ? (
            <Button
              size="sm"
              className="sm:hidden"
              disabled={disabled}
              onClick={onNextTurn}
              aria-keyshortcuts="N"
              icon={<ChevronsRight aria-hidden="true" className="size-4" />}
            >
              {t('combat.nextTurn')}
            </Button>
          ) : null}
          {target ? (
            <>
              <SelectField
                layout="compact"
                className={`w-36 max-w-[45%] shrink-0 sm:w-44 ${folded ? 'max-sm:hidden' : ''}`}
                labelClassName="sr-only"
                label={t('combat.status', { name: target.name })}
                id={`${id}-status`}
                value={target.status}
                disabled={disabled}
                onChange={(value) => onStatus(target, value)}
                selectClassName="h-9 w-full min-w-0 px-2 text-sm"
                options={options.map((status) => ({ value: status, label: status }))}
              />
            </>
          ) : null}
        </div>
        {target ? (
          <div className={`flex min-w-0 items-center gap-2 ${folded ? 'max-sm:hidden' : ''}`}>
            <div className="min-w-0 flex-1">
              <HpBar current={target.currentHp} max={target.hp} />
            </div>
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              aria-label={t('combat.conditions.openFor', { name: target.name })}
              onClick={() => onConditions(target._id)}
              icon={<Hourglass aria-hidden="true" className="size-4" />}
            >
              {t('combat.conditions.open')}
            </Button>
          </div>
        ) : (
          <p className={`text-sm text-ink-muted ${folded ? 'max-sm:hidden' : ''}`}>{t('combat.noTarget')}</p>
        )}
      </div>

      {target && onShare ? (
        <div className={`lg:basis-full ${folded ? 'max-sm:hidden' : ''}`}>
          <BlowModifiersControl
            targets={targets}
            modifiers={modifiers}
            disabled={disabled}
            onShare={onShare}
          />
        </div>
      ) : null}
      <div className={`flex items-end gap-2 sm:flex-wrap ${folded ? 'max-sm:hidden' : ''}`}>
        <div className="flex min-w-16 flex-1 flex-col gap-1 sm:w-32 sm:flex-none">
          <label htmlFor={`${id}-amount`} className="sr-only text-sm font-medium sm:not-sr-only">
            {t('combat.amount')}
          </label>
          <input
            ref={amountRef}
            id={`${id}-amount`}
            type="text"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            value={amount}
            placeholder={t('combat.amountHint')}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-amount-help${invalid ? ` ${id}-amount-error` : ''}`}
            onChange={(event) => onAmount(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
              event.preventDefault();
              if (!disabled) onEnter();
            }}
            className={`h-11 w-full rounded-control border bg-surface px-3 font-mono text-base text-ink tabular-nums placeholder:text-sm placeholder:text-ink-muted ${
              invalid ? 'border-danger' : 'border-line'
            }`}
          />
        </div>
        <Button
          variant="secondary"
          disabled={!canAct}
          onClick={() => apply('heal')}
          aria-keyshortcuts="H"
          className="max-sm:px-3"
          icon={<HeartPulse aria-hidden="true" className="size-4" />}
        >
          <span className="sr-only sm:not-sr-only">{t('combat.heal')}</span>
        </Button>
        <Button
          variant="danger"
          disabled={!canAct}
          onClick={() => apply('attack')}
          aria-keyshortcuts="X"
          className="max-sm:px-3"
          icon={<Sword aria-hidden="true" className="size-4" />}
        >
          <span className="sr-only sm:not-sr-only">{t('combat.attack')}</span>
        </Button>
        <Button
          disabled={disabled}
          onClick={onNextTurn}
          aria-keyshortcuts="N"
          className="max-sm:px-3"
          icon={<ChevronsRight aria-hidden="true" className="size-4" />}
        >
          {t('combat.nextTurn')}
        </Button>
      </div>
      {/* One line, always there (nothing moves when it changes): who deals the blow, then what Enter
          will do, what it lacks, or what is wrong with the amount. */}
      <div
        className={`flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1 text-sm lg:basis-full ${folded ? 'max-sm:hidden' : ''}`}
      >
        {sourceControl}
        <p
          id={`${id}-amount-help`}
          aria-live="polite"
          data-testid="enter-preview"
          className={`min-w-0 max-sm:text-xs ${invalid ? 'sr-only' : missing ? 'font-medium text-ink' : 'text-ink-muted'}`}
        >
          {invalid ? '' : enterText}
        </p>
        {invalid ? (
          <p id={`${id}-amount-error`} role="alert" className="min-w-0 text-danger">
            {problem}
          </p>
        ) : null}
      </div>
    </section>
  );
});

/**
 * Who deals the blow: one option per fighter. Memoised on the fighters' names (use-combat-fight.ts
 * keeps the list while only HP change), so a blow does not draw its 400 options again (decision 071).
 */
const SourceSelect = memo(function SourceSelect({
  id,
  sources,
  sourceId,
  disabled,
  onSource,
}: {
  id: string;
  sources: readonly Unit[];
  sourceId: string | null;
  disabled: boolean;
  onSource: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const all = useMemo(() => sources.map((unit) => ({ value: unit._id, label: unit.name })), [sources]);
  // A closed select shows its chosen option only: the fight's first paint draws that one, and the
  // 400 others of a big fight follow in a background render right after it (decision 074).
  const chosen = all.filter((option) => option.value === sourceId);
  const options = useDeferredValue(all, chosen);
  return (
    <SelectField
      layout="compact"
      className="shrink-0"
      // On a phone the icon stands for the word, so the Enter line fits beside it.
      leading={<UserRound aria-hidden="true" className="size-4 shrink-0" />}
      labelClassName="max-sm:sr-only"
      label={t('combat.source.label')}
      id={id}
      value={sourceId ?? NO_ONE}
      disabled={disabled}
      title={t('combat.source.title')}
      onChange={(value) => onSource(value === NO_ONE ? null : value)}
      selectClassName="h-8 w-28 px-2 text-sm sm:w-44"
      options={options}
    >
      <option value={NO_ONE}>{t('combat.source.none')}</option>
    </SelectField>
  );
});

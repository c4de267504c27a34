// What the game master does on a turn (spec §4, §5): the target with its HP and status, the amount
// (1 to 999), Heal and Attack (disabled without a target or a valid amount), and Next turn. It sticks
// to the bottom of the screen, so a target picked far down a list of 200 is one tap from the blow.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronsRight, Crosshair, HeartPulse, Sword } from 'lucide-react';
import { COMBAT_AMOUNT_MAX, COMBAT_AMOUNT_MIN } from '@questkeeper/core/constants';
import { isValidAmount } from '@questkeeper/core/rules/combat';
import { HpBar } from '@/components/hp-bar';
import { Button } from '@/components/ui/button';
import type { Unit } from '@/lib/units';

interface ActionBarProps {
  target: Unit | undefined;
  statuses: readonly string[];
  amount: number;
  disabled: boolean;
  onAmount: (amount: number) => void;
  onAct: (action: 'attack' | 'heal', amount: number) => void;
  onStatus: (unit: Unit, status: string) => void;
  onNextTurn: () => void;
}

const parse = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const shown = (amount: number) => (isValidAmount(amount) ? String(amount) : '');

export function ActionBar({
  target,
  statuses,
  amount,
  disabled,
  onAmount,
  onAct,
  onStatus,
  onNextTurn,
}: ActionBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => shown(amount));
  // The saved amount changes under the field too (0 after Next turn): the field follows it.
  const [synced, setSynced] = useState(amount);
  if (synced !== amount) {
    setSynced(amount);
    if (parse(text) !== amount) setText(shown(amount));
  }
  const value = parse(text);
  const valid = isValidAmount(value);
  const invalid = text.trim() !== '' && !valid;
  const canAct = target !== undefined && valid && !disabled;
  // A status the campaign no longer lists still shows as the unit's own.
  const options = target && !statuses.includes(target.status) ? [target.status, ...statuses] : statuses;

  return (
    <section
      aria-label={t('combat.target')}
      className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-3 rounded-card border border-line bg-surface p-3 shadow-card sm:p-4 lg:flex-row lg:flex-wrap lg:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex min-h-9 items-center gap-2">
          <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-medium text-ink-muted">
            <Crosshair aria-hidden="true" className="size-4 shrink-0 text-brand" />
            {t('combat.target')}
            {target ? (
              <span className="min-w-0 truncate text-base font-semibold text-ink">{target.name}</span>
            ) : null}
          </p>
          {target ? (
            <>
              <label className="sr-only" htmlFor={`${id}-status`}>
                {t('combat.status', { name: target.name })}
              </label>
              <select
                id={`${id}-status`}
                value={target.status}
                disabled={disabled}
                onChange={(event) => onStatus(target, event.target.value)}
                className="h-9 w-36 max-w-[45%] shrink-0 rounded-control border border-line bg-surface px-2 text-sm text-ink sm:w-44"
              >
                {options.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </select>
            </>
          ) : null}
        </div>
        {target ? (
          <HpBar current={target.currentHp} max={target.hp} />
        ) : (
          <p className="text-sm text-ink-muted">{t('combat.noTarget')}</p>
        )}
      </div>

      <div className="flex flex-wrap items-end gap-2">
        <div className="flex w-24 flex-col gap-1">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium">
            {t('combat.amount')}
          </label>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={COMBAT_AMOUNT_MIN}
            max={COMBAT_AMOUNT_MAX}
            step={1}
            value={text}
            placeholder={t('combat.amountHint')}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-amount-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              const next = parse(event.target.value);
              if (isValidAmount(next)) onAmount(next);
            }}
            className={`h-11 w-full rounded-control border bg-surface px-3 text-base text-ink tabular-nums placeholder:text-sm placeholder:text-ink-muted ${
              invalid ? 'border-danger' : 'border-line'
            }`}
          />
        </div>
        <Button
          variant="secondary"
          disabled={!canAct}
          onClick={() => onAct('heal', value)}
          icon={<HeartPulse aria-hidden="true" className="size-4" />}
        >
          {t('combat.heal')}
        </Button>
        <Button
          variant="danger"
          disabled={!canAct}
          onClick={() => onAct('attack', value)}
          icon={<Sword aria-hidden="true" className="size-4" />}
        >
          {t('combat.attack')}
        </Button>
        <Button
          disabled={disabled}
          onClick={onNextTurn}
          icon={<ChevronsRight aria-hidden="true" className="size-4" />}
        >
          {t('combat.nextTurn')}
        </Button>
      </div>
      {invalid ? (
        <p id={`${id}-amount-error`} role="alert" className="text-sm text-danger lg:basis-full">
          {t('combat.amountError')}
        </p>
      ) : null}
    </section>
  );
}

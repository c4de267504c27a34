// The conditions of one unit in the fight (decision 021): those it carries, each with its
// rounds left and a Remove button, and a form to add one — a campaign status, optional rounds, and
// whose turn counts them (the carrier by default), at its start or its end.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { CONDITION_ROUNDS_MAX } from '@questkeeper/core/limits';
import type { CombatCondition } from '@questkeeper/core/schemas/combat';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import type { CombatAction } from '../api/combat';
import type { Unit } from '@/lib/units';
import { useConditionLabel } from './condition-chips';

const fieldClasses = 'h-11 w-full rounded-control border border-line bg-surface px-3 text-base text-ink';

export function ConditionDialog({
  unit,
  conditions,
  statuses,
  fighters,
  onAct,
  onClose,
}: {
  unit: Unit;
  conditions: readonly CombatCondition[];
  statuses: readonly { _id: string; name: string }[];
  /** Units in the fight, whose turns may count a condition. */
  fighters: readonly Unit[];
  onAct: (action: CombatAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = useConditionLabel();
  const [status, setStatus] = useState(statuses[0]?.name ?? '');
  const [rounds, setRounds] = useState('');
  const [endsOn, setEndsOn] = useState<'start' | 'end'>('end');
  const [ofUnitId, setOfUnitId] = useState(unit._id);
  const roundsValue = rounds.trim() === '' ? undefined : Number(rounds);
  const roundsBad =
    roundsValue !== undefined &&
    !(Number.isInteger(roundsValue) && roundsValue >= 1 && roundsValue <= CONDITION_ROUNDS_MAX);

  function add(event: FormEvent) {
    event.preventDefault();
    if (roundsBad || status === '') return;
    onAct({
      type: 'addCondition',
      unitId: unit._id,
      status,
      ...(roundsValue === undefined ? {} : { rounds: roundsValue }),
      endsOn,
      ofUnitId,
    });
    setRounds('');
  }

  return (
    <Modal open title={t('combat.conditions.title', { name: unit.name })} onClose={onClose}>
      <div className="flex flex-col gap-4">
        {conditions.length === 0 ? (
          <p className="text-ink-muted">{t('combat.conditions.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {conditions.map((condition) => (
              <li
                key={condition.id}
                className="flex items-center justify-between gap-2 rounded-control border border-line px-3 py-2"
              >
                <span className="min-w-0 break-words">{label(condition)}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('combat.conditions.remove', { status: condition.status, name: unit.name })}
                  onClick={() =>
                    onAct({ type: 'removeCondition', unitId: unit._id, conditionId: condition.id })
                  }
                  icon={<X aria-hidden="true" className="size-4" />}
                />
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} className="grid gap-3 sm:grid-cols-2" noValidate>
          <SelectField
            id={`${id}-status`}
            label={t('combat.conditions.status')}
            data-autofocus
            value={status}
            onChange={setStatus}
            options={statuses.map((item) => ({ value: item.name, label: item.name }))}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-rounds`} className="text-sm font-medium">
              {t('combat.conditions.rounds')}
            </label>
            <input
              id={`${id}-rounds`}
              inputMode="numeric"
              value={rounds}
              onChange={(event) => setRounds(event.target.value)}
              aria-invalid={roundsBad || undefined}
              aria-describedby={`${id}-rounds-hint`}
              className={`${fieldClasses} ${roundsBad ? 'border-danger' : ''}`}
            />
            <p id={`${id}-rounds-hint`} className={`text-xs ${roundsBad ? 'text-danger' : 'text-ink-muted'}`}>
              {roundsBad
                ? t('combat.conditions.roundsError', { max: CONDITION_ROUNDS_MAX })
                : t('combat.conditions.roundsHint')}
            </p>
          </div>
          <SelectField
            id={`${id}-of`}
            label={t('combat.conditions.ofUnit')}
            value={ofUnitId}
            onChange={setOfUnitId}
            options={fighters.map((item) => ({ value: item._id, label: item.name }))}
          />
          <SelectField
            id={`${id}-ends`}
            label={t('combat.conditions.endsOn')}
            value={endsOn}
            onChange={(value) => setEndsOn(value === 'start' ? 'start' : 'end')}
            options={[
              { value: 'end', label: t('combat.conditions.endsOnEnd') },
              { value: 'start', label: t('combat.conditions.endsOnStart') },
            ]}
          />
          <div className="sm:col-span-2">
            <Button
              type="submit"
              disabled={roundsBad || status === ''}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              {t('combat.conditions.add')}
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}

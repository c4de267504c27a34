// Reinforcements mid-fight: a unit joins a side with its initiative typed or rolled
// (empty), inserted in the order by the server — or N numbered copies of a unit join it, each
// rolled. One `add` action (the copies: one with `unitIds`, one undo step), one log entry per unit.
// A unit already fighting can still be copied (more goblins while the goblin fights). The side
// follows the unit picked: a unit already fighting gives its own side (copies of
// an enemy join the enemies), one not fighting yet its usual side (players with the allies); the
// dialog opens on the first unit not already in the fight.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, UserPlus } from 'lucide-react';
import type { CombatGroup } from '@questkeeper/core/combat/combat';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { Unit } from '@/lib/units';

export interface Reinforcement {
  unitId: string;
  group: CombatGroup;
  initiative: number | undefined;
}

export function ReinforceDialog({
  units,
  fighting,
  allyIds,
  onAdd,
  onCopies,
  onClose,
}: {
  /** Units that may join: HP above 0, in neither group. */
  units: readonly Unit[];
  /** Units in the fight: they may be copied only. */
  fighting: readonly Unit[];
  /** The ids of the allies in the fight (every other fighting unit is an enemy). */
  allyIds: ReadonlySet<string>;
  onAdd: (reinforcement: Reinforcement) => void;
  /** Absent at the unit limit. */
  onCopies: ((unit: Unit, group: CombatGroup) => void) | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const first = units[0] ?? fighting[0];
  const [unitId, setUnitId] = useState(first?._id ?? '');
  const sideOf = (unit: Unit): CombatGroup =>
    fighting.some((item) => item._id === unit._id)
      ? allyIds.has(unit._id)
        ? 'allies'
        : 'enemies'
      : unit.isPlayer
        ? 'allies'
        : 'enemies';
  const [group, setGroup] = useState<CombatGroup>(() => (first ? sideOf(first) : 'enemies'));
  const chosen = units.find((unit) => unit._id === unitId);
  const source = chosen ?? fighting.find((unit) => unit._id === unitId);
  const [initiative, setInitiative] = useState('');
  const trimmed = initiative.trim();
  const typed = trimmed === '' ? undefined : /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const bad = typed !== undefined && (!Number.isInteger(typed) || typed < -1000 || typed > 100_000);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (bad || !chosen) return;
    onAdd({ unitId, group, initiative: typed });
  };

  return (
    <Modal
      open
      title={t('combat.fast.reinforce.title')}
      onClose={onClose}
      footer={
        source ? (
          <>
            {onCopies ? (
              <Button
                variant="secondary"
                onClick={() => onCopies(source, group)}
                icon={<Copy aria-hidden="true" className="size-4" />}
              >
                {t('combat.fast.copies.openFor', { name: source.name })}
              </Button>
            ) : null}
            <Button
              onClick={() => submit()}
              disabled={bad || !chosen}
              icon={<UserPlus aria-hidden="true" className="size-4" />}
            >
              {t('combat.fast.reinforce.submit')}
            </Button>
          </>
        ) : null
      }
    >
      {!source ? (
        <p className="text-ink-muted">{t('combat.fast.reinforce.none')}</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <SelectField
              id={`${id}-unit`}
              label={t('combat.fast.reinforce.unit')}
              data-autofocus
              value={unitId}
              onChange={(value) => {
                setUnitId(value);
                const unit =
                  units.find((item) => item._id === value) ?? fighting.find((item) => item._id === value);
                if (unit) setGroup(sideOf(unit));
              }}
              options={units.map((unit) => ({
                value: unit._id,
                label: `${unit.name} — ${t('combat.hpText', { current: unit.currentHp, max: unit.hp })}`,
              }))}
            >
              {fighting.length > 0 ? (
                <optgroup label={t('combat.fast.reinforce.fighting')}>
                  {fighting.map((unit) => (
                    <option key={unit._id} value={unit._id}>
                      {unit.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </SelectField>
            {!chosen ? <p className="text-sm text-ink-muted">{t('validation.unitAlreadyInCombat')}</p> : null}
          </div>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium">{t('combat.fast.reinforce.group')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {(['allies', 'enemies'] as const).map((value) => (
                <label key={value} className="inline-flex min-h-9 items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-group`}
                    checked={group === value}
                    onChange={() => setGroup(value)}
                  />
                  {t(value === 'allies' ? 'combat.allies' : 'combat.enemies')}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            label={t('combat.fast.reinforce.initiative')}
            inputMode="numeric"
            autoComplete="off"
            value={initiative}
            onChange={(event) => setInitiative(event.target.value)}
            hint={t('combat.fast.reinforce.initiativeHint')}
            error={bad ? t('combat.fast.start.error') : undefined}
          />
        </form>
      )}
    </Modal>
  );
}

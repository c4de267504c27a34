// "Group units" during a fight (docs/decisions/062): units of one side chosen from the order take one
// turn together, at the initiative of the first one in the order. Attacks still pick single members.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import type { CombatGroup } from '@questkeeper/core/combat/combat';
import { GROUP_MIN_MEMBERS } from '@questkeeper/core/limits';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { Unit } from '@/lib/units';

export function GroupDialog({
  fighters,
  allyIds,
  onGroup,
  onClose,
}: {
  /** The units of the fight, in the order's order. */
  fighters: readonly Unit[];
  allyIds: ReadonlySet<string>;
  onGroup: (unitIds: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [side, setSide] = useState<CombatGroup>('enemies');
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const ofSide = fighters.filter((unit) => allyIds.has(unit._id) === (side === 'allies'));
  const chosen = ofSide.filter((unit) => picked.has(unit._id)).map((unit) => unit._id);
  const tooFew = chosen.length < GROUP_MIN_MEMBERS;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!tooFew) onGroup(chosen);
  }

  return (
    <Modal open size="md" title={t('combat.monsters.groups.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">{t('combat.monsters.groups.intro')}</p>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="mb-1 text-sm font-medium">{t('combat.monsters.groups.side')}</legend>
          {(['enemies', 'allies'] as const).map((value) => (
            <label key={value} className="flex min-h-9 items-center gap-2">
              <input
                type="radio"
                name="group-side"
                checked={side === value}
                onChange={() => setSide(value)}
                className="size-4 accent-brand"
              />
              {t(value === 'allies' ? 'combat.allies' : 'combat.enemies')}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">{t('combat.monsters.groups.members')}</legend>
          {ofSide.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('combat.monsters.groups.noneOnSide')}</p>
          ) : (
            <div className="flex max-h-72 flex-col gap-1 overflow-y-auto">
              {ofSide.map((unit, index) => (
                <label key={unit._id} className="flex min-h-9 items-center gap-2">
                  <input
                    type="checkbox"
                    {...(index === 0 ? { 'data-autofocus': true } : {})}
                    checked={picked.has(unit._id)}
                    onChange={(event) =>
                      setPicked((all) => {
                        const next = new Set(all);
                        if (event.target.checked) next.add(unit._id);
                        else next.delete(unit._id);
                        return next;
                      })
                    }
                    className="size-4 accent-brand"
                  />
                  <span className="min-w-0 truncate">{unit.name}</span>
                  <span className="ml-auto shrink-0 text-xs text-ink-muted tabular-nums">
                    {t('combat.hpText', { current: unit.currentHp, max: unit.hp })}
                  </span>
                </label>
              ))}
            </div>
          )}
          {tried && tooFew ? (
            <p role="alert" className="text-sm text-danger">
              {t('validation.groupTooSmall', { min: GROUP_MIN_MEMBERS })}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" icon={<Users aria-hidden="true" className="size-4" />}>
            {t('combat.monsters.groups.submit', { count: chosen.length })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

// "Add lair / hazard" (docs/decisions/062): a turn in the order that is not a unit — a lair action on
// initiative 20 that loses ties, a collapsing ceiling, a rising tide. Its name, initiative and whether
// players see it, checked with core's words (checkName, checkWholeNumber) as the server would. In
// setup it waits for the start; during the fight it acts from the next round.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mountain } from 'lucide-react';
import { checkName, checkWholeNumber, parseWhole } from '@questkeeper/core/checks';
import {
  HAZARD_DEFAULT_INITIATIVE,
  HAZARD_NAME_MAX,
  INITIATIVE_MAX,
  INITIATIVE_MIN,
} from '@questkeeper/core/limits';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';

export interface HazardValues {
  name: string;
  initiative: number;
  hidden: boolean;
}

export function HazardDialog({
  onAdd,
  onClose,
}: {
  onAdd: (values: HazardValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [initiative, setInitiative] = useState(String(HAZARD_DEFAULT_INITIATIVE));
  const [hidden, setHidden] = useState(false);
  const [tried, setTried] = useState(false);
  const nameProblem = checkName(name, HAZARD_NAME_MAX);
  const initiativeProblem = checkWholeNumber(initiative, { min: INITIATIVE_MIN, max: INITIATIVE_MAX });
  // A name too long or a character that cannot be stored shows as it is typed; an empty one once tried.
  const nameError =
    nameProblem && (tried || nameProblem.key !== 'validation.required')
      ? t(nameProblem.key, nameProblem.params)
      : undefined;
  const initiativeError = initiativeProblem ? t(initiativeProblem.key, initiativeProblem.params) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (nameProblem || initiativeProblem) return;
    onAdd({ name: name.trim(), initiative: parseWhole(initiative) ?? HAZARD_DEFAULT_INITIATIVE, hidden });
  }

  return (
    <Modal open size="sm" title={t('combat.monsters.hazards.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">{t('combat.monsters.hazards.intro')}</p>
        <TextField
          label={t('combat.monsters.hazards.name')}
          data-autofocus
          autoComplete="off"
          maxLength={HAZARD_NAME_MAX * 2}
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('combat.monsters.hazards.initiative')}
          hint={t('combat.monsters.hazards.initiativeHint')}
          inputMode="numeric"
          autoComplete="off"
          value={initiative}
          error={initiativeError}
          onChange={(event) => setInitiative(event.target.value)}
        />
        <label className="flex min-h-9 items-center gap-2">
          <input
            type="checkbox"
            checked={hidden}
            onChange={(event) => setHidden(event.target.checked)}
            className="size-4 accent-brand"
          />
          {t('combat.monsters.hazards.hideFromPlayers')}
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" icon={<Mountain aria-hidden="true" className="size-4" />}>
            {t('combat.monsters.hazards.add')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

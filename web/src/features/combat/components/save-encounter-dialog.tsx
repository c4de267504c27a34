// "Save this setup as an encounter" (docs/decisions/062): the setup's two sides, its lair actions and
// hazards and the grouping chosen for the start, under a name the GM gives; run again from the
// Encounters view. The name is checked with core's words (checkName) as the server would; a refusal
// (the tier's encounter limit, a unit deleted meanwhile) is said in the server's words.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { checkName } from '@questkeeper/core/checks';
import { ENCOUNTER_NAME_MAX } from '@questkeeper/core/limits';
import type { EncounterBody } from '@questkeeper/core/schemas/encounters';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';

export function SaveEncounterDialog({
  body,
  saving,
  error,
  onSave,
  onClose,
}: {
  /** The encounter the setup makes, all but its name. */
  body: Omit<EncounterBody, 'name'>;
  saving: boolean;
  error: unknown;
  onSave: (body: EncounterBody) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const problem = checkName(name, ENCOUNTER_NAME_MAX);
  const nameError =
    problem && (tried || problem.key !== 'validation.required') ? t(problem.key, problem.params) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (problem || saving) return;
    onSave({ ...body, name: name.trim() });
  }

  return (
    <Modal open size="sm" busy={saving} title={t('combat.monsters.encounter.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">{t('combat.monsters.encounter.intro')}</p>
        <TextField
          label={t('combat.monsters.encounter.name')}
          data-autofocus
          autoComplete="off"
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} icon={<Save aria-hidden="true" className="size-4" />}>
            {t('combat.monsters.encounter.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

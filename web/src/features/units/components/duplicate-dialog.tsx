// The duplicate-unit dialog (docs/product.md#modals, #duplicate-dialog): pick a unit, type a new name; the
// copy is created with every field of the original but the name. The server counts it against the
// tier's unit limit like any other creation, and its refusal is shown here.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { NAME_MAX } from '@questkeeper/core/limits';
import { checkName } from '@questkeeper/core/checks';
import { isTopTier, type Tier } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { duplicateOf, useCreateUnit, type Unit } from '@/lib/units';

export function DuplicateDialog({
  campaignId,
  tier,
  units,
  onClose,
  onDuplicated,
}: {
  campaignId: string;
  tier: Tier;
  units: readonly Unit[];
  onClose: () => void;
  /** The copy, and the unit it was copied from. */
  onDuplicated: (copy: Unit, original: Unit) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateUnit(campaignId);
  const upgrade = useUpgrade();
  const formId = useId();
  const [source, setSource] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);

  const original = units.find((unit) => unit._id === source);
  const trimmed = name.trim();
  // Core's name rule, as the server words it; an empty name only keeps the button disabled.
  const nameProblem = checkName(name, NAME_MAX);
  const valid = original !== undefined && nameProblem === null;
  const busy = create.isPending;
  const players = units.filter((unit) => unit.isPlayer);
  const npcs = units.filter((unit) => !unit.isPlayer);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!original || !valid || busy) return;
    setError(null);
    try {
      onDuplicated(await create.mutateAsync(duplicateOf(original, trimmed)), original);
    } catch (failure) {
      setError(failure);
    }
  }

  const apiError = error instanceof ApiError ? error : null;
  const serverNameError = apiError?.fields.name;
  const nameError =
    serverNameError ?? (nameProblem && trimmed !== '' ? t(nameProblem.key, nameProblem.params) : undefined);
  const limitReached = apiError?.code === 'UNIT_LIMIT_REACHED';
  const option = (unit: Unit) => (
    <option key={unit._id} value={unit._id}>
      {unit.name}
    </option>
  );

  return (
    <Modal
      open
      size="md"
      title={t('units.duplicateDialog.title')}
      onClose={onClose}
      busy={busy}
      footer={
        <FormFooter
          formId={formId}
          submitLabel={busy ? t('units.duplicateDialog.busy') : t('units.duplicateDialog.confirm')}
          submitIcon={<Copy aria-hidden="true" className="size-4" />}
          busy={busy}
          submitDisabled={!valid}
          onCancel={onClose}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">{t('units.duplicateDialog.intro')}</p>
        <SelectField
          label={t('units.duplicateDialog.source')}
          value={source}
          onChange={setSource}
          placeholder={t('units.duplicateDialog.choose')}
          required
          disabled={busy}
          autoFocus
        >
          {players.length > 0 ? <optgroup label={t('units.players')}>{players.map(option)}</optgroup> : null}
          {npcs.length > 0 ? <optgroup label={t('units.npcs')}>{npcs.map(option)}</optgroup> : null}
        </SelectField>
        <TextField
          label={t('units.duplicateDialog.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={NAME_MAX}
          required
          autoComplete="off"
          hint={t('units.duplicateDialog.nameHint', { max: NAME_MAX })}
          error={nameError}
          disabled={busy}
        />
        {error && !serverNameError ? (
          <Alert tone="error">
            <p>{errorMessage(error)}</p>
            {limitReached && !isTopTier(tier) ? (
              <Button size="sm" className="mt-2" onClick={upgrade}>
                {t('units.upgrade')}
              </Button>
            ) : null}
          </Alert>
        ) : null}
      </form>
    </Modal>
  );
}

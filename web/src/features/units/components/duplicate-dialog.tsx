// The duplicate-unit dialog (spec §2 "Modals in detail", §4, §5): pick a unit, type a new name; the
// copy is created with every field of the original but the name. The server counts it against the
// tier's unit limit like any other creation, and its refusal is shown here.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { NAME_MAX } from '@questkeeper/core/constants';
import { isTopTier, type Tier } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
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
  const sourceId = useId();
  const [source, setSource] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);

  const original = units.find((unit) => unit._id === source);
  const trimmed = name.trim();
  const valid = original !== undefined && trimmed !== '';
  const busy = create.isPending;
  const players = units.filter((unit) => unit.isPlayer);
  const npcs = units.filter((unit) => !unit.isPlayer);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!original || !trimmed || busy) return;
    setError(null);
    try {
      onDuplicated(await create.mutateAsync(duplicateOf(original, trimmed)), original);
    } catch (failure) {
      setError(failure);
    }
  }

  const apiError = error instanceof ApiError ? error : null;
  const nameError = apiError?.fields.name;
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
        <div className="flex flex-col gap-1.5">
          <label htmlFor={sourceId} className="text-sm font-medium text-ink">
            {t('units.duplicateDialog.source')}
          </label>
          <select
            id={sourceId}
            value={source}
            onChange={(event) => setSource(event.target.value)}
            required
            disabled={busy}
            autoFocus
            className="h-11 w-full rounded-control border border-line bg-surface px-3 text-base text-ink"
          >
            <option value="">{t('units.duplicateDialog.choose')}</option>
            {players.length > 0 ? (
              <optgroup label={t('units.players')}>{players.map(option)}</optgroup>
            ) : null}
            {npcs.length > 0 ? <optgroup label={t('units.npcs')}>{npcs.map(option)}</optgroup> : null}
          </select>
        </div>
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
        {error && !nameError ? (
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

// Who the unit is: name, gender, player or not, and its race, class and status from the campaign's
// lists (docs/product.md#units, #unit-form). An empty list says where to fill it instead of offering an
// impossible required choice.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENDERS, type Gender } from '@questkeeper/core/constants';
import { NAME_MAX } from '@questkeeper/core/limits';
import type { Tier } from '@questkeeper/core/tiers';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import { confirmDiscardChanges } from '@/lib/unsaved-changes';
import { listChoices, type FieldName, type ListField, type UnitFormValues } from '../lib/unit-form';
import { ChoiceGroup, FormSection } from './unit-form-controls';

/** The campaign view that holds each list (dashboard `?view=`). */
const LIST_VIEW: Record<ListField, string> = { race: 'races', class: 'classes', status: 'statuses' };

export interface FieldProps {
  values: UnitFormValues;
  /** The message to show beside a field, if any. */
  errorOf: (field: FieldName) => string | undefined;
  onChange: (patch: Partial<UnitFormValues>, field: FieldName) => void;
  onBlur: (field: FieldName) => void;
}

export function UnitFormIdentity({
  campaign,
  tier,
  unit,
  values,
  errorOf,
  onChange,
  onBlur,
  onUpgrade,
}: FieldProps & { campaign: Campaign; tier: Tier; unit: Unit | null; onUpgrade: () => void }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('unitForm.identity')}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('unitForm.name')}
          value={values.name}
          required
          maxLength={NAME_MAX}
          autoComplete="off"
          error={errorOf('name')}
          onChange={(event) => onChange({ name: event.target.value }, 'name')}
          onBlur={() => onBlur('name')}
          className="sm:col-span-2"
        />
        <ChoiceGroup<Gender>
          legend={t('unitForm.gender')}
          name="gender"
          value={values.gender}
          choices={GENDERS.map((gender) => ({ value: gender, label: t(`unitForm.genders.${gender}`) }))}
          onChange={(gender) => onChange({ gender }, 'gender')}
        />
        <ChoiceGroup<'player' | 'npc'>
          legend={t('unitForm.side')}
          name="side"
          value={values.isPlayer ? 'player' : 'npc'}
          choices={[
            { value: 'player', label: t('unitForm.player') },
            { value: 'npc', label: t('unitForm.npc') },
          ]}
          onChange={(side) => onChange({ isPlayer: side === 'player' }, 'isPlayer')}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {(['race', 'class', 'status'] as const).map((field) => (
          <ListSelect
            key={field}
            field={field}
            campaign={campaign}
            tier={tier}
            unit={unit}
            values={values}
            errorOf={errorOf}
            onChange={onChange}
            onBlur={onBlur}
            onUpgrade={onUpgrade}
          />
        ))}
      </div>
    </FormSection>
  );
}

function ListSelect({
  field,
  campaign,
  tier,
  unit,
  values,
  errorOf,
  onChange,
  onBlur,
  onUpgrade,
}: FieldProps & {
  field: ListField;
  campaign: Campaign;
  tier: Tier;
  unit: Unit | null;
  onUpgrade: () => void;
}) {
  const { t } = useTranslation();
  const { names, orphan } = listChoices(campaign, field, unit);
  const label = t(`unitForm.${field}`);

  if (names.length === 0 && orphan === null) {
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="text-sm font-medium text-ink">{label}</span>
        <div
          role="note"
          className="rounded-control border border-dashed border-line bg-surface-muted px-3 py-2 text-sm"
        >
          <p>{t(`unitForm.emptyList.${field}`)}</p>
          {tier === 'Novice' ? (
            <>
              <p className="mt-1 text-ink-muted">{t('unitForm.emptyListLocked')}</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={onUpgrade}>
                {t('unitForm.upgrade')}
              </Button>
            </>
          ) : (
            <Link
              to={{ search: `?campaign=${encodeURIComponent(campaign._id)}&view=${LIST_VIEW[field]}` }}
              onClick={(event) => {
                if (!confirmDiscardChanges()) event.preventDefault();
              }}
              className="mt-1 inline-block font-medium text-brand underline underline-offset-2"
            >
              {t(`unitForm.openList.${field}`)}
            </Link>
          )}
        </div>
      </div>
    );
  }

  return (
    <SelectField
      label={label}
      value={values[field]}
      required
      error={errorOf(field)}
      onChange={(value) => onChange({ [field]: value }, field)}
      onBlur={() => onBlur(field)}
    >
      {values[field] === '' ? <option value="">{t('unitForm.choose')}</option> : null}
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
      {orphan !== null ? <option value={orphan}>{t('unitForm.notInList', { name: orphan })}</option> : null}
    </SelectField>
  );
}

// The unit form's footer: while the form is invalid, the fields still in error are named beside
// the disabled submit button (which points to that text).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/ui/form-footer';
import type { Campaign } from '@/lib/campaigns';
import {
  characteristicField,
  MONEY_KINDS,
  moneyField,
  type FieldName,
  type FormProblems,
} from '../lib/unit-form';

export function UnitFormFooter({
  campaign,
  problems,
  invalid,
  formId,
  submitLabel,
  saving,
  onCancel,
}: {
  campaign: Campaign;
  problems: FormProblems;
  invalid: boolean;
  formId: string;
  submitLabel: string;
  saving: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  // In the order the form shows them.
  const fieldLabels: [FieldName, string][] = [
    ['name', t('unitForm.name')],
    ['race', t('unitForm.race')],
    ['class', t('unitForm.class')],
    ['status', t('unitForm.status')],
    ...campaign.characteristics.map(({ name }): [FieldName, string] => [characteristicField(name), name]),
    ['hp', t('unitForm.hp')],
    ['currentHp', t('unitForm.currentHp')],
    ...MONEY_KINDS.map((kind): [FieldName, string] => [moneyField(kind), t(`unitForm.${kind}`)]),
  ];
  const missing = [
    ...fieldLabels.filter(([field]) => problems[field]).map(([, label]) => label),
    ...(Object.keys(problems).some((field) => field.startsWith('counters') && problems[field])
      ? [t('unitForm.counters.title')]
      : []),
  ].join(', ');

  return (
    <div className="flex w-full flex-wrap items-center justify-end gap-x-4 gap-y-2">
      {invalid ? (
        <p id={hintId} className="min-w-0 flex-1 basis-56 text-sm text-ink-muted">
          {t('unitForm.invalidFields', { fields: missing })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <FormFooter
          formId={formId}
          submitLabel={submitLabel}
          busy={saving}
          submitDisabled={invalid}
          describedBy={invalid ? hintId : undefined}
          onCancel={onCancel}
        />
      </div>
    </div>
  );
}

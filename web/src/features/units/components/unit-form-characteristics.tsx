// The characteristics grid (one field per characteristic of the campaign, 0 to its max) and the
// quick generation templates (docs/product.md#tiers: Adventurer and Hero, create mode only;
// docs/product.md#quick-generation ranges).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import {
  QUICK_TEMPLATES,
  QUICK_TEMPLATE_RANGES,
  type QuickTemplate,
} from '@questkeeper/core/units/quick-generation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Campaign } from '@/lib/campaigns';
import { characteristicField } from '../lib/unit-form';
import { FormSection } from './unit-form-controls';
import type { FieldProps } from './unit-form-identity';

/** What the form shows of quick generation: the buttons, the Novice hint, or nothing (edit mode). */
export type QuickGeneration =
  | { kind: 'none' }
  | { kind: 'locked'; onUpgrade: () => void }
  | {
      kind: 'open';
      /** The template being drawn, if any. */
      running: QuickTemplate | null;
      disabled: boolean;
      error: string | null;
      done: QuickTemplate | null;
      onGenerate: (template: QuickTemplate) => void;
    };

export function UnitFormCharacteristics({
  campaign,
  values,
  errorOf,
  onChange,
  onBlur,
  quick,
}: FieldProps & { campaign: Campaign; quick: QuickGeneration }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('unitForm.characteristics')}>
      {quick.kind === 'open' ? <QuickGenerationBar quick={quick} /> : null}
      {quick.kind === 'locked' ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-control bg-brand-soft px-3 py-2 text-sm text-ink">
          <Sparkles aria-hidden="true" className="size-4 shrink-0 text-brand" />
          {/* Room for a readable line: on a phone the button goes below, never the words one by one. */}
          <p className="min-w-0 flex-1 basis-52">{t('unitForm.quickGenerationLocked')}</p>
          <Button variant="secondary" size="sm" onClick={quick.onUpgrade}>
            {t('unitForm.upgrade')}
          </Button>
        </div>
      ) : null}
      {campaign.characteristics.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('unitForm.noCharacteristics')}</p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {campaign.characteristics.map(({ name, max }, index) => (
            <CharacteristicInput
              key={name}
              name={name}
              max={max}
              value={values.characteristics[index] ?? ''}
              error={errorOf(characteristicField(name))}
              onChange={(value) =>
                onChange(
                  { characteristics: values.characteristics.map((old, i) => (i === index ? value : old)) },
                  characteristicField(name),
                )
              }
              onBlur={() => onBlur(characteristicField(name))}
            />
          ))}
        </div>
      )}
    </FormSection>
  );
}

function CharacteristicInput({
  name,
  max,
  value,
  error,
  onChange,
  onBlur,
}: {
  name: string;
  max: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const range = t('unitForm.characteristicRange', { max });
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="truncate text-sm font-medium text-ink" title={name}>
        {name}
      </label>
      <div className="relative">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-range${error ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          className={
            'h-11 w-full rounded-control border bg-surface pr-14 pl-3 text-base text-ink tabular-nums ' +
            (error ? 'border-danger' : 'border-line')
          }
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-ink-muted"
        >
          / {max}
        </span>
        <span id={`${id}-range`} className="sr-only">
          {range}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function QuickGenerationBar({ quick }: { quick: Extract<QuickGeneration, { kind: 'open' }> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} aria-describedby={`${id}-hint`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span id={id} className="flex items-center gap-1.5 text-sm font-medium text-ink">
          <Sparkles aria-hidden="true" className="size-4 text-brand" />
          {t('unitForm.quickGeneration')}
        </span>
        <span id={`${id}-hint`} className="text-sm text-ink-muted">
          {t('unitForm.quickGenerationHint')}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {QUICK_TEMPLATES.map((template) => {
          const { min, max } = QUICK_TEMPLATE_RANGES[template];
          const label = t(`unitForm.templates.${template}`);
          return (
            <Button
              key={template}
              variant="secondary"
              size="sm"
              loading={quick.running === template}
              disabled={quick.disabled || (quick.running !== null && quick.running !== template)}
              // The name is the visible text, "Boss 40–70%" (WCAG 2.5.3: a speech user says what they
              // see); the title spells the range out. The range is in percent of each characteristic's
              // max (turn-2 decision), as the draw itself is (core quickTemplateRange).
              title={t('unitForm.templateLabel', { template: label, min, max })}
              onClick={() => quick.onGenerate(template)}
              className="h-auto min-h-11 flex-col gap-0 py-1.5"
            >
              <span>{label}</span>{' '}
              <span className="text-xs font-normal text-ink-muted tabular-nums">
                {t('unitForm.templateRange', { min, max })}
              </span>
            </Button>
          );
        })}
      </div>
      {quick.error ? <Alert tone="error">{quick.error}</Alert> : null}
      <p role="status" className="text-sm text-success empty:hidden">
        {quick.done ? t('unitForm.generated', { template: t(`unitForm.templates.${quick.done}`) }) : ''}
      </p>
    </div>
  );
}

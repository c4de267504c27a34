// The unit's counters (docs/decisions/062): legendary actions "2/3" that come back at the start of its
// turn, a breath weapon that recharges on a d6 of 5 or 6, spell slots, rounds left. Each counter is a
// label, a max, a kind (uses: spent and refilled; countdown: one lower at each reset), when it resets
// by itself in a fight, and an optional recharge roll. At most COUNTERS_PER_UNIT_MAX; the checks are
// core's (../lib/unit-form.ts validateCounters), so the form words a mistake as the API does.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dices, Hourglass, Plus, Trash2, Zap } from 'lucide-react';
import { COUNTER_LABEL_MAX, COUNTER_MAX, COUNTERS_PER_UNIT_MAX } from '@questkeeper/core/limits';
import { COUNTER_KINDS, COUNTER_RESETS } from '@questkeeper/core/constants';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import {
  canAddCounter,
  counterField,
  COUNTERS_FIELD,
  newCounter,
  RECHARGE_DICE,
  type CounterDraft,
  type FieldName,
} from '../lib/unit-form';
import { FormSection } from './unit-form-controls';
import type { FieldProps } from './unit-form-identity';

type Preset = Parameters<typeof newCounter>[0];

export interface UnitFormCountersProps extends FieldProps {
  onAdd: (counter: CounterDraft) => void;
  onRemove: (index: number) => void;
}

export function UnitFormCounters({
  values,
  errorOf,
  onChange,
  onBlur,
  onAdd,
  onRemove,
}: UnitFormCountersProps) {
  const { t } = useTranslation();
  const listId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const { counters } = values;
  const canAdd = canAddCounter(counters);
  // Where focus goes once the list has re-rendered: a new counter's label, or the row that took a
  // removed one's place (else the add button).
  const focusAt = useRef<number | null>(null);

  // After every render: the one that follows an add or a remove finds the request.
  useEffect(() => {
    if (focusAt.current === null) return;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('input[data-counter-label]') ?? [];
    const add = actionsRef.current?.querySelector<HTMLElement>('button:not(:disabled)');
    (rows[Math.min(focusAt.current, rows.length - 1)] ?? add)?.focus();
    focusAt.current = null;
  });

  const update = (index: number, patch: Partial<CounterDraft>, field: FieldName) =>
    onChange(
      { counters: counters.map((counter, at) => (at === index ? { ...counter, ...patch } : counter)) },
      field,
    );

  const add = (preset: Preset) => {
    onAdd(
      newCounter(preset, {
        legendary: t('unitForm.counters.legendaryLabel'),
        recharge: t('unitForm.counters.rechargeLabel'),
      }),
    );
    focusAt.current = counters.length;
  };
  const remove = (index: number) => {
    onRemove(index);
    focusAt.current = counters.length > 1 ? index : -1;
  };
  const listError = errorOf(COUNTERS_FIELD);

  return (
    <FormSection
      title={t('unitForm.counters.title')}
      action={
        <p className="text-sm text-ink-muted tabular-nums">
          {t('unitForm.counters.count', { count: counters.length, max: COUNTERS_PER_UNIT_MAX })}
        </p>
      }
    >
      {counters.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('unitForm.counters.empty')}</p>
      ) : (
        <ol
          id={listId}
          ref={listRef}
          className="flex flex-col gap-3"
          aria-label={t('unitForm.counters.title')}
        >
          {counters.map((counter, index) => (
            <CounterRow
              key={counter.key}
              index={index}
              counter={counter}
              errorOf={errorOf}
              onBlur={onBlur}
              onUpdate={(patch, field) => update(index, patch, field)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      {listError ? (
        <p role="alert" className="text-sm text-danger">
          {listError}
        </p>
      ) : null}
      <div ref={actionsRef} className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!canAdd}
          onClick={() => add('blank')}
          icon={<Plus aria-hidden="true" className="size-4" />}
        >
          {t('unitForm.counters.add')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!canAdd}
          onClick={() => add('legendary')}
          icon={<Zap aria-hidden="true" className="size-4" />}
        >
          {t('unitForm.counters.presetLegendary')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!canAdd}
          onClick={() => add('recharge')}
          icon={<Dices aria-hidden="true" className="size-4" />}
        >
          {t('unitForm.counters.presetRecharge')}
        </Button>
        {canAdd ? null : (
          <p className="text-sm text-ink-muted">
            {t('unitForm.counters.full', { max: COUNTERS_PER_UNIT_MAX })}
          </p>
        )}
      </div>
    </FormSection>
  );
}

function CounterRow({
  index,
  counter,
  errorOf,
  onBlur,
  onUpdate,
  onRemove,
}: {
  index: number;
  counter: CounterDraft;
  errorOf: FieldProps['errorOf'];
  onBlur: FieldProps['onBlur'];
  onUpdate: (patch: Partial<CounterDraft>, field: FieldName) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = counter.label.trim() || t('unitForm.counters.numbered', { number: index + 1 });
  const labelField = counterField(index, 'label');
  const maxField = counterField(index, 'max');
  const dieField = counterField(index, 'recharge.die');
  const minField = counterField(index, 'recharge.min');
  const KindIcon = counter.kind === 'countdown' ? Hourglass : Zap;

  return (
    <li className="flex flex-col gap-3 rounded-card border border-line bg-surface-muted/40 p-3">
      <div className="flex flex-wrap items-start gap-3">
        <KindIcon aria-hidden="true" className="mt-9 size-4 shrink-0 text-brand max-sm:hidden" />
        <TextField
          data-counter-label=""
          className="min-w-0 flex-1 basis-48"
          label={t('unitForm.counters.label')}
          placeholder={t('unitForm.counters.labelPlaceholder')}
          autoComplete="off"
          maxLength={COUNTER_LABEL_MAX * 2}
          value={counter.label}
          error={errorOf(labelField)}
          onChange={(event) => onUpdate({ label: event.target.value }, labelField)}
          onBlur={() => onBlur(labelField)}
        />
        <TextField
          className="w-28"
          label={t('unitForm.counters.max')}
          type="number"
          inputMode="numeric"
          min={1}
          max={COUNTER_MAX}
          step={1}
          required
          value={counter.max}
          error={errorOf(maxField)}
          onChange={(event) => onUpdate({ max: event.target.value }, maxField)}
          onBlur={() => onBlur(maxField)}
        />
        <Button
          variant="ghost"
          size="sm"
          className="mt-7 text-danger"
          aria-label={t('unitForm.counters.removeOf', { name })}
          onClick={onRemove}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
        >
          {t('unitForm.counters.remove')}
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={t('unitForm.counters.kind')}
          value={counter.kind}
          options={COUNTER_KINDS.map((kind) => ({
            value: kind,
            label: t(`unitForm.counters.kinds.${kind}`),
          }))}
          hint={t(`unitForm.counters.kindHints.${counter.kind}`)}
          onChange={(kind) =>
            onUpdate(
              { kind: COUNTER_KINDS.find((known) => known === kind) ?? 'uses' },
              counterField(index, 'kind'),
            )
          }
        />
        <SelectField
          label={t('unitForm.counters.reset')}
          value={counter.reset}
          options={COUNTER_RESETS.map((reset) => ({
            value: reset,
            label: t(`unitForm.counters.resets.${reset}`),
          }))}
          onChange={(reset) =>
            onUpdate(
              { reset: COUNTER_RESETS.find((known) => known === reset) ?? 'never' },
              counterField(index, 'reset'),
            )
          }
        />
      </div>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <label
          className={`flex min-h-11 w-full items-center gap-2 text-sm font-medium sm:w-auto ${counter.recharge ? 'sm:mt-7' : ''}`}
        >
          <input
            type="checkbox"
            checked={counter.recharge !== null}
            onChange={(event) =>
              onUpdate(
                { recharge: event.target.checked ? { die: '6', min: '5' } : null },
                counterField(index, 'recharge'),
              )
            }
            className="size-4 accent-brand"
          />
          {t('unitForm.counters.recharge')}
        </label>
        {errorOf(counterField(index, 'recharge')) ? (
          <p className="w-full text-sm text-danger">{errorOf(counterField(index, 'recharge'))}</p>
        ) : null}
        {counter.recharge ? (
          <>
            <SelectField
              className="w-28"
              label={t('unitForm.counters.die')}
              value={counter.recharge.die}
              options={RECHARGE_DICE.map((die) => ({ value: String(die), label: `d${die}` }))}
              error={errorOf(dieField)}
              onChange={(die) => onUpdate({ recharge: { die, min: counter.recharge?.min ?? '' } }, minField)}
            />
            <TextField
              className="w-36"
              label={t('unitForm.counters.min')}
              type="number"
              inputMode="numeric"
              min={1}
              max={Number(counter.recharge.die) || undefined}
              step={1}
              required
              value={counter.recharge.min}
              error={errorOf(minField)}
              onChange={(event) =>
                onUpdate(
                  { recharge: { die: counter.recharge?.die ?? '6', min: event.target.value } },
                  minField,
                )
              }
              onBlur={() => onBlur(minField)}
            />
            <p className="min-w-0 flex-1 basis-48 text-sm text-ink-muted sm:pt-7">
              {t('unitForm.counters.rechargeHint')}
            </p>
          </>
        ) : null}
      </div>
    </li>
  );
}

// Hit points and money (docs/product.md#unit-form clamping, docs/product.md#validation, #limits). Current HP
// may be left empty (full health) or typed out of range: the hint says what will be saved.
import { useTranslation } from 'react-i18next';
import { parseWhole } from '@questkeeper/core/checks';
import { DEFAULT_HP } from '@questkeeper/core/constants';
import { HP_MAX, MONEY_MAX } from '@questkeeper/core/limits';
import { TextField } from '@/components/ui/text-field';
import { MONEY_KINDS, moneyField, resolvedCurrentHp } from '../lib/unit-form';
import { FormSection } from './unit-form-controls';
import type { FieldProps } from './unit-form-identity';

const COIN_COLOURS = { gold: 'bg-[#d4a017]', silver: 'bg-[#a8a9ad]', bronze: 'bg-[#b0703c]' } as const;

export function UnitFormVitals({ values, errorOf, onChange, onBlur }: FieldProps) {
  const { t } = useTranslation();
  const saved = resolvedCurrentHp(values);
  const typed = parseWhole(values.currentHp);
  // Say what the clamping will do only when it changes what was typed.
  const clampedTo =
    saved !== null && typed !== null && !Number.isNaN(typed) && typed !== saved
      ? typed < 0
        ? t('unitForm.currentHpBelow')
        : t('unitForm.currentHpAbove', { value: saved })
      : '';

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <FormSection title={t('unitForm.hitPoints')}>
        <div className="grid grid-cols-2 items-start gap-3">
          <TextField
            label={t('unitForm.hp')}
            type="number"
            inputMode="numeric"
            min={0}
            max={HP_MAX}
            step={1}
            required
            placeholder={String(DEFAULT_HP)}
            value={values.hp}
            hint={t('unitForm.hpHint', { max: HP_MAX })}
            error={errorOf('hp')}
            onChange={(event) => onChange({ hp: event.target.value }, 'hp')}
            onBlur={() => onBlur('hp')}
          />
          <TextField
            label={t('unitForm.currentHp')}
            type="number"
            inputMode="numeric"
            step={1}
            placeholder={saved !== null ? String(saved) : String(DEFAULT_HP)}
            value={values.currentHp}
            hint={
              <>
                <span>{t('unitForm.currentHpHint')}</span>{' '}
                <span role="status" className="font-medium text-gold">
                  {clampedTo}
                </span>
              </>
            }
            error={errorOf('currentHp')}
            onChange={(event) => onChange({ currentHp: event.target.value }, 'currentHp')}
            onBlur={() => onBlur('currentHp')}
          />
        </div>
      </FormSection>
      <FormSection title={t('unitForm.money')}>
        <div className="grid grid-cols-3 gap-3">
          {MONEY_KINDS.map((kind) => (
            <TextField
              key={kind}
              label={t(`unitForm.${kind}`)}
              type="number"
              inputMode="numeric"
              min={0}
              max={MONEY_MAX}
              step={1}
              placeholder="0"
              value={values.money[kind]}
              error={errorOf(moneyField(kind))}
              trailing={
                <span aria-hidden="true" className={`mr-2 size-3 rounded-full ${COIN_COLOURS[kind]}`} />
              }
              onChange={(event) =>
                onChange({ money: { ...values.money, [kind]: event.target.value } }, moneyField(kind))
              }
              onBlur={() => onBlur(moneyField(kind))}
            />
          ))}
        </div>
      </FormSection>
    </div>
  );
}

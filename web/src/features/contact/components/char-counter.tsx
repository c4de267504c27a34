import { useTranslation } from 'react-i18next';

/**
 * The live 'current / max' of docs/product.md#validation (numbers already formatted); screen readers hear "12
 * of 200 characters".
 */
export function CharCounter({ current, max, over }: { current: string; max: string; over: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`block text-right text-xs tabular-nums ${over ? 'font-semibold text-danger' : 'text-ink-muted'}`}
    >
      <span aria-hidden="true">{t('contact.counter', { current, max })}</span>
      <span className="sr-only">{t('contact.counterLabel', { current, max })}</span>
    </span>
  );
}

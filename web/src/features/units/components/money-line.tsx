// A unit's purse: gold, silver and bronze, each behind a small coin mark of its metal.
import { useTranslation } from 'react-i18next';
import type { Unit } from '@/lib/units';

const COINS = [
  { key: 'gold', mark: 'bg-[#e0b43c] border-[#9a7414]' },
  { key: 'silver', mark: 'bg-[#c9ced6] border-[#7d8591]' },
  { key: 'bronze', mark: 'bg-[#c07a45] border-[#7e4a22]' },
] as const;

export function MoneyLine({ money }: { money: Unit['money'] }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink tabular-nums">
      <span className="sr-only">{t('units.money')}: </span>
      {COINS.map(({ key, mark }) => (
        <span key={key} className="inline-flex items-center gap-1" title={t(`units.${key}`)}>
          <span aria-hidden="true" className={`inline-block size-3 rounded-full border ${mark}`} />
          {money[key].toLocaleString(i18n.language)}
          <span className="sr-only"> {t(`units.${key}`)}</span>
        </span>
      ))}
    </p>
  );
}

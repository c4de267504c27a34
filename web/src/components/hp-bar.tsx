// A unit's current / max hit points as a meter, coloured by docs/product.md#campaign (above 70 % green, above
// 30 % orange, otherwise red). The numbers are always written out, so the colour is never the only cue.
import { useTranslation } from 'react-i18next';
import { hpRatio, hpTone, type HpTone } from '@/lib/unit-filter';

// Palette colours rather than theme tokens: the three health tones exist nowhere else. Each reads at
// 3:1 or better against the track in its theme (WCAG 1.4.11).
export const HP_TONE_CLASSES: Record<HpTone, string> = {
  high: 'bg-green-700 dark:bg-green-400',
  mid: 'bg-orange-600 dark:bg-orange-400',
  low: 'bg-red-700 dark:bg-red-400',
};

export function HpBar({ current, max }: { current: number; max: number }) {
  const { t } = useTranslation();
  const tone = hpTone(current, max);
  const label = t('units.hpLabel', { current, max });
  return (
    <div className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="w-7 shrink-0 text-xs font-semibold tracking-wide text-ink-muted uppercase"
      >
        {t('units.hp')}
      </span>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(max, 0)}
        aria-valuenow={Math.min(Math.max(current, 0), Math.max(max, 0))}
        aria-valuetext={`${current} / ${max}`}
        data-tone={tone}
        className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full border border-line bg-surface-muted"
      >
        <div
          className={`h-full rounded-full ${HP_TONE_CLASSES[tone]}`}
          style={{ width: `${hpRatio(current, max) * 100}%` }}
        />
      </div>
      <span aria-hidden="true" className="shrink-0 text-sm font-medium text-ink tabular-nums">
        {current} / {max}
      </span>
    </div>
  );
}

// The end-of-fight summary (docs/decisions/021): rounds, duration, and per unit the damage dealt and taken,
// the healing done and whether it fell — from the log alone (core's summarizeFight, run by the server
// on the whole log and sent with the ended fight, decision 030), so renamed or deleted units still
// read as they were.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CombatSummary } from '@questkeeper/core/schemas/combat';

function formatDuration(ms: number, language: string): string {
  const seconds = Math.round(ms / 1000);
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts: string[] = [];
  if (seconds >= 3600) parts.push(unit(Math.floor(seconds / 3600), 'hour'));
  if (seconds >= 60) parts.push(unit(Math.floor((seconds % 3600) / 60), 'minute'));
  parts.push(unit(seconds % 60, 'second'));
  return parts.join(' ');
}

export function FightSummary({ summary }: { summary: CombatSummary }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Allies first, then enemies, each in the order the log first shows them.
  const rank = (group: string | null) => (group === 'allies' ? 0 : group === 'enemies' ? 1 : 2);
  const fighters = summary.units.toSorted((a, b) => rank(a.group) - rank(b.group));
  return (
    <div className="flex flex-col gap-3">
      <h3 id={id} className="font-display text-lg font-semibold">
        {t('combat.summary.title')}
      </h3>
      <p className="flex flex-wrap gap-x-4 text-sm text-ink-muted">
        <span>{t('combat.summary.rounds', { count: summary.rounds })}</span>
        {summary.durationMs !== null ? (
          <span>
            {t('combat.summary.duration', { duration: formatDuration(summary.durationMs, i18n.language) })}
          </span>
        ) : null}
      </p>
      {fighters.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('combat.summary.none')}</p>
      ) : (
        <div
          tabIndex={0}
          role="region"
          aria-labelledby={id}
          className="max-h-72 overflow-auto rounded-control border border-line focus-visible:outline-2 focus-visible:outline-focus"
        >
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-surface-muted text-xs">
              <tr>
                <th scope="col" className="px-2 py-1.5">
                  {t('combat.summary.unit')}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  {t('combat.summary.dealt')}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  {t('combat.summary.taken')}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  {t('combat.summary.healing')}
                </th>
                <th scope="col" className="px-2 py-1.5">
                  {t('combat.summary.fell')}
                </th>
              </tr>
            </thead>
            <tbody>
              {fighters.map((unit) => (
                <tr key={unit.id} className="border-t border-line">
                  <th scope="row" className="max-w-40 truncate px-2 py-1.5 font-medium">
                    {unit.name}
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">{unit.damageDealt}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{unit.damageTaken}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{unit.healingDone}</td>
                  <td className="px-2 py-1.5">
                    {unit.falls > 0 ? t('combat.summary.fellYes') : t('combat.summary.fellNo')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

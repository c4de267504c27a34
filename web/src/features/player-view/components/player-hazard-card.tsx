// A lair action or hazard players see (docs/decisions/062): not a unit, so no side and no HP; it takes
// its turn in the rotation, marked like a unit's. A hidden one never reaches the page.
import { useTranslation } from 'react-i18next';
import { Castle } from 'lucide-react';
import type { PlayerHazard } from '../lib/player-rows';
import { RowBadges, rowFrame } from './player-unit-card';

export function PlayerHazardCard({ hazard, current }: { hazard: PlayerHazard; current: boolean }) {
  const { t } = useTranslation();
  return (
    <article
      aria-label={t('playerView.lairActionOf', { name: hazard.name })}
      aria-current={current ? 'step' : undefined}
      data-testid="player-hazard"
      className={rowFrame(current)}
    >
      <span aria-hidden="true" className="w-1.5 shrink-0 self-stretch rounded-full bg-gold" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h3 className="flex min-w-0 items-center gap-2 font-sans text-lg font-semibold break-words">
          <Castle aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
          <span className="min-w-0">{hazard.name}</span>
        </h3>
        <RowBadges current={current} kind={t('playerView.lairAction')} pill />
      </div>
    </article>
  );
}

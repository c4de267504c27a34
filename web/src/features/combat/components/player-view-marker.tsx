// What players see of one unit, on the game master's fight and setup rows:
// an eye struck through when players cannot see it, and "Players see: Wolf" under an alias. Settings
// are kept per unit across fights, so a unit carried into the next fight shows them on its setup row.
// Reads the campaign's player-view settings (one query, shared with the share panel).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeOff, VenetianMask } from 'lucide-react';
import { usePlayerViewSettings } from '@/lib/player-view';

export const PlayerViewMarker = memo(function PlayerViewMarker({
  campaignId,
  unitId,
}: {
  campaignId: string;
  unitId: string;
}) {
  const { t } = useTranslation();
  const settings = usePlayerViewSettings(campaignId).data;
  const own = settings && Object.hasOwn(settings.units, unitId) ? settings.units[unitId] : undefined;
  const alias = own?.alias?.trim() ?? '';
  if (!own?.hidden && alias === '') return null;
  const hidden = own?.hidden
    ? t(own.revealOnFirstTurn ? 'playerView.marker.hiddenUntilTurn' : 'playerView.marker.hidden')
    : null;
  const aliasText = alias !== '' ? t('playerView.marker.alias', { alias }) : null;
  return (
    // Under the row's stretched target button: a click on the marker still picks the unit.
    <span className="pointer-events-none inline-flex min-w-0 shrink items-center gap-1 text-xs text-ink-muted">
      {hidden ? (
        <span
          role="img"
          aria-label={hidden}
          title={hidden}
          className="inline-flex shrink-0 items-center rounded-full border border-line bg-surface-muted p-0.5"
        >
          <EyeOff aria-hidden="true" className="size-3.5" />
        </span>
      ) : null}
      {aliasText ? (
        <span title={aliasText} className="inline-flex min-w-0 items-center gap-1">
          <VenetianMask aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">{aliasText}</span>
        </span>
      ) : null}
    </span>
  );
});

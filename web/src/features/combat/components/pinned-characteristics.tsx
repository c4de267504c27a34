// The numbers a game master reads every round (docs/product.md#fight-rows, docs/decisions/061): the
// campaign's pinned characteristics on each fight row, "AC 15 · Perception 12", on one line that ends
// in an ellipsis where a phone is too narrow (the whole line is the title). The game master's screen
// only: the player view never receives characteristics.
import { memo } from 'react';
import type { Campaign } from '@/lib/campaigns';

export type CampaignCharacteristic = Campaign['characteristics'][number];

/** The campaign's pinned characteristics, in its order (the server holds them to the limit). */
export function pinnedOf(
  characteristics: readonly CampaignCharacteristic[],
): readonly CampaignCharacteristic[] {
  return characteristics.filter((item) => item.pinned);
}

/** A unit's value of a characteristic, or a dash when it has none. */
export const valueOf = (values: Readonly<Record<string, number>>, name: string) =>
  Object.hasOwn(values, name) ? String(values[name]) : '—';

export const PinnedCharacteristics = memo(function PinnedCharacteristics({
  pinned,
  values,
}: {
  pinned: readonly CampaignCharacteristic[];
  values: Readonly<Record<string, number>>;
}) {
  if (pinned.length === 0) return null;
  const line = pinned.map((item) => `${item.name} ${valueOf(values, item.name)}`).join(' · ');
  return (
    <p data-testid="pinned-characteristics" title={line} className="h-4 min-w-0 truncate text-xs leading-4">
      {pinned.map((item, index) => (
        <span key={item.name} className="whitespace-nowrap">
          {index > 0 ? <span aria-hidden="true"> · </span> : null}
          <span className="text-ink-muted">{item.name}</span>{' '}
          <span className="font-semibold text-ink tabular-nums">{valueOf(values, item.name)}</span>
        </span>
      ))}
    </p>
  );
});

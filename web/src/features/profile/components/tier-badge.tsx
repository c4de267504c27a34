// The plan's name with its icon, the same marks as the dashboard's top bar badge.
import { Compass, Crown, Feather } from 'lucide-react';
import type { Tier } from '@questkeeper/core/tiers';

const styles: Record<Tier, { icon: typeof Crown; box: string }> = {
  Novice: { icon: Feather, box: 'border-line bg-surface-muted text-ink' },
  Adventurer: { icon: Compass, box: 'border-brand/30 bg-brand-soft text-brand' },
  Hero: { icon: Crown, box: 'border-gold/40 bg-brand-soft text-gold' },
};

export function TierBadge({ tier }: { tier: Tier }) {
  const { icon: Icon, box } = styles[tier];
  return (
    <span
      className={`inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold ${box}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {tier}
    </span>
  );
}

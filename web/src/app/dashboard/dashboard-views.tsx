// The dashboard's views by id: their icon, and the component that renders them. Each view of a
// campaign is its own chunk (docs/decisions/012 contract 2), loaded when first shown.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CircleUser,
  Dna,
  Gauge,
  HeartPulse,
  Map,
  ScrollText,
  Shield,
  Swords,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Tier } from '@questkeeper/core/tiers';
import { Spinner } from '@/components/ui/spinner';
import { CampaignLinksProvider } from '@/lib/campaign-links';
import type { Campaign, CampaignViewProps } from '@/lib/campaigns';
import { ErrorBoundary } from '../error-boundary';
import type { CampaignViewId, ViewId } from './dashboard-url';

export const VIEW_ICONS: Record<ViewId, LucideIcon> = {
  rules: ScrollText,
  units: Users,
  characteristics: Gauge,
  races: Dna,
  classes: Shield,
  statuses: HeartPulse,
  combat: Swords,
  encounters: Map,
  profile: CircleUser,
};

type CampaignView = LazyExoticComponent<ComponentType<CampaignViewProps>>;

const views: Record<CampaignViewId, CampaignView> = {
  rules: lazy(() => import('@/features/rules/rules-view')),
  units: lazy(() => import('@/features/units/units-view')),
  characteristics: lazy(() => import('@/features/campaign-lists/characteristics-view')),
  races: lazy(() => import('@/features/campaign-lists/races-view')),
  classes: lazy(() => import('@/features/campaign-lists/classes-view')),
  statuses: lazy(() => import('@/features/campaign-lists/statuses-view')),
  combat: lazy(() => import('@/features/combat/combat-view')),
  encounters: lazy(() => import('@/features/encounters/encounters-view')),
};

export const ProfileView = lazy(() => import('@/features/profile/profile-view'));

/** Keeps the place of the view while its code loads, so the page does not jump. */
export function ViewLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex h-80 items-center justify-center text-ink-muted">
      <Spinner className="size-6" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

export function CampaignViewArea({
  view,
  campaign,
  tier,
}: {
  view: CampaignViewId;
  campaign: Campaign;
  tier: Tier;
}) {
  const View = views[view];
  // The campaign's names, for its links and the editor's completion (docs/decisions/063).
  return (
    <ErrorBoundary>
      <CampaignLinksProvider campaign={campaign}>
        <Suspense fallback={<ViewLoading />}>
          {/* A new campaign starts its view afresh (docs/product.md#campaigns: selecting a campaign reloads its data). */}
          <View key={campaign._id} campaign={campaign} tier={tier} />
        </Suspense>
      </CampaignLinksProvider>
    </ErrorBoundary>
  );
}

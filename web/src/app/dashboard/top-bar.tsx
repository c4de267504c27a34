// The dashboard's top bar (docs/product.md#dashboard): sidebar toggle, the view title (the page's h1), the
// Novice house banner, the campaign search button (docs/product.md#campaign-search), the help menu
// (docs/product.md#guided-first-fight), the user's email, the tier badge and logout.
import { confirmDiscardChanges } from '@/lib/unsaved-changes';
import { useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Compass, Crown, Feather, LogOut, Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { Button } from '@/components/ui/button';
import { SearchButton } from '@/features/search/campaign-search';
import { logout } from '@/lib/api-client';
import { HelpMenu } from './help-menu';
import { HouseAd } from './house-ad';

const tierStyles: Record<Tier, { icon: typeof Crown; box: string }> = {
  Novice: { icon: Feather, box: 'border-line bg-surface-muted text-ink' },
  Adventurer: { icon: Compass, box: 'border-brand/30 bg-brand-soft text-brand' },
  Hero: { icon: Crown, box: 'border-gold/40 bg-brand-soft text-gold' },
};

function TierBadge({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  const { icon: Icon, box } = tierStyles[tier];
  return (
    <span
      className={`inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-2.5 text-sm font-semibold ${box}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{t('dashboard.tier', { tier })}</span>
      <span aria-hidden="true">{tier}</span>
    </span>
  );
}

export function TopBar({
  sidebarId,
  mobile,
  sidebarExpanded,
  onToggleSidebar,
  toggleRef,
  title,
  campaignName,
  email,
  tier,
  inert,
  onSearch,
  onOpenGuide,
}: {
  sidebarId: string;
  mobile: boolean;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  toggleRef: Ref<HTMLButtonElement>;
  title: string;
  /** Shown above the title while a campaign's view is open. */
  campaignName: string | null;
  email: string;
  tier: Tier;
  /** While the mobile drawer is open, the rest of the page is out of reach. */
  inert: boolean;
  /** Opens the campaign search; absent while no campaign's view is open. */
  onSearch?: (() => void) | undefined;
  /** The help menu's "Guided first fight" (docs/product.md#guided-first-fight). */
  onOpenGuide: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const ToggleIcon = mobile ? Menu : sidebarExpanded ? PanelLeftClose : PanelLeftOpen;

  async function onLogout() {
    if (!confirmDiscardChanges()) return;
    setLeaving(true);
    await logout();
    // docs/product.md#routes: logout sends the user to the root route.
    void navigate('/', { replace: true });
  }

  return (
    <header inert={inert} className="z-20 border-b border-line bg-surface md:col-start-2 md:row-start-1">
      <div className="flex h-16 items-center gap-2 px-2 sm:gap-3 sm:px-4">
        <button
          ref={toggleRef}
          type="button"
          onClick={onToggleSidebar}
          aria-expanded={sidebarExpanded}
          aria-controls={sidebarId}
          aria-label={t('dashboard.toggleSidebar')}
          title={t('dashboard.toggleSidebar')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-ink hover:bg-surface-muted"
        >
          <ToggleIcon aria-hidden="true" className="size-5" />
        </button>
        <div className="flex min-w-0 flex-1 flex-col justify-center">
          {campaignName ? (
            <p className="truncate text-xs font-medium text-ink-muted">{campaignName}</p>
          ) : null}
          <h1 className="truncate text-xl font-semibold leading-tight text-ink">{title}</h1>
        </div>
        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          {onSearch ? <SearchButton onClick={onSearch} /> : null}
          <HelpMenu onOpenGuide={onOpenGuide} />
          <span className="hidden max-w-64 truncate text-sm text-ink-muted lg:inline">{email}</span>
          <TierBadge tier={tier} />
          <Button
            variant="secondary"
            size="sm"
            loading={leaving}
            onClick={() => void onLogout()}
            aria-label={t('dashboard.logout')}
            icon={<LogOut aria-hidden="true" className="size-4" />}
          >
            <span className="hidden sm:inline">{t('dashboard.logout')}</span>
          </Button>
        </div>
      </div>
      {TIER_LIMITS[tier].showsAds ? <HouseAd /> : null}
    </header>
  );
}

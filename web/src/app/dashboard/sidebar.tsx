// The dashboard's sidebar (docs/product.md#dashboard): campaigns with their views, and the account section. A
// full panel, an icon rail when collapsed on a desktop, an off-canvas drawer on a phone.
import { useEffect, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Crown, LifeBuoy, Plus, UserRound, X } from 'lucide-react';
import { isTopTier, type Tier } from '@questkeeper/core/tiers';
import { Logo } from '@/components/logo';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { CampaignList } from '@/features/campaigns/campaign-list';
import { ContactModal } from '@/features/contact/contact-modal';
import type { Campaign } from '@/lib/campaigns';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import type { ViewId } from './dashboard-url';
import { CampaignViews, NavList, type NavItem } from './sidebar-nav';

interface SidebarProps {
  id: string;
  mobile: boolean;
  rail: boolean;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  closeRef: Ref<HTMLButtonElement>;
  current: Campaign | null;
  view: ViewId;
  tier: Tier;
  email: string;
  onSelectCampaign: (campaign: Campaign) => void;
  onCreateCampaign: () => void;
}

function AccountSection({
  rail,
  mobile,
  tier,
  email,
  current,
  view,
  onNavigate,
  onContact,
  contactRef,
}: Pick<SidebarProps, 'rail' | 'mobile' | 'tier' | 'email' | 'current' | 'view'> & {
  onNavigate: () => void;
  onContact: () => void;
  contactRef: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const upgrade = useUpgrade();
  // docs/product.md#upgrade-modal: the upgrade item shows to Novice and Adventurer, to Novice only when
  // collapsed.
  const showUpgrade = rail ? tier === 'Novice' : !isTopTier(tier);
  const items: NavItem[] = [
    { kind: 'view', view: 'profile', campaignId: current?._id ?? null, active: view === 'profile' },
    {
      kind: 'action',
      id: 'contact',
      label: t('dashboard.contactSupport'),
      icon: LifeBuoy,
      onClick: onContact,
      buttonRef: contactRef,
    },
  ];
  if (showUpgrade) {
    items.push({
      kind: 'action',
      id: 'upgrade',
      label: t('dashboard.upgrade'),
      icon: Crown,
      onClick: upgrade,
      emphasis: true,
    });
  }
  return (
    <section aria-labelledby="account-heading" className="border-t border-line px-3 py-3">
      <h2
        id="account-heading"
        className={
          rail
            ? 'sr-only'
            : 'mb-1.5 px-1 font-sans text-xs font-semibold uppercase tracking-wider text-ink-muted'
        }
      >
        {t('dashboard.account')}
      </h2>
      {rail ? null : (
        <p className="mb-1 flex items-center gap-2 truncate px-2.5 text-sm text-ink-muted lg:hidden">
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{email}</span>
        </p>
      )}
      <NavList
        items={items}
        className={`flex flex-col gap-0.5 ${rail ? 'items-center' : ''}`}
        rail={rail}
        mobile={mobile}
        onNavigate={onNavigate}
      />
    </section>
  );
}

export function Sidebar({
  id,
  mobile,
  rail,
  drawerOpen,
  onCloseDrawer,
  closeRef,
  current,
  view,
  tier,
  email,
  onSelectCampaign,
  onCreateCampaign,
}: SidebarProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [contactOpen, setContactOpen] = useState(false);
  const contactRef = useRef<HTMLButtonElement>(null);
  // Once the dialog is gone (closed by the user or by itself), focus returns to the item.
  const contactWasOpen = useRef(false);
  useEffect(() => {
    if (contactWasOpen.current && !contactOpen) contactRef.current?.focus();
    contactWasOpen.current = contactOpen;
  }, [contactOpen]);
  // A choice in the drawer closes it; on a desktop nothing moves.
  const onNavigate = mobile ? onCloseDrawer : () => undefined;

  const placement = mobile
    ? 'fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] shadow-card duration-200 ' +
      // Visible at once when opening (focus moves in), hidden only once it has slid out.
      (drawerOpen
        ? 'visible translate-x-0 transition-[translate]'
        : 'invisible -translate-x-full transition-[translate,visibility]')
    : 'h-[calc(100dvh-var(--qk-demo-banner,0px))] transition-[width] duration-200 md:col-start-1 md:row-span-2 md:row-start-1 ' +
      (rail ? 'w-18' : 'w-72');

  return (
    <>
      {drawerOpen ? (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/50" onClick={onCloseDrawer} />
      ) : null}
      <aside
        id={id}
        aria-label={t('dashboard.sidebar')}
        inert={mobile && !drawerOpen}
        className={`flex flex-col overflow-hidden border-r border-line bg-surface ${placement}`}
      >
        <div
          className={`flex h-16 shrink-0 items-center gap-2 border-b border-line ${rail ? 'justify-center' : 'px-4'}`}
        >
          <Link
            to={localePath(language, '')}
            aria-label={t('nav.home')}
            className="flex min-w-0 items-center gap-2 rounded-control"
          >
            <Logo className="size-8 shrink-0" />
            {rail ? null : (
              <span className="truncate font-display text-xl font-semibold text-ink">
                {t('common.appName')}
              </span>
            )}
          </Link>
          {mobile ? (
            <button
              ref={closeRef}
              type="button"
              onClick={onCloseDrawer}
              aria-label={t('dashboard.closeSidebar')}
              className="ml-auto inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-surface-muted"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          ) : null}
        </div>

        <div className={`min-h-0 flex-1 overflow-y-auto py-4 ${rail ? 'px-2' : 'px-3'}`}>
          {rail ? (
            <div className="flex flex-col items-center gap-2">
              <button
                type="button"
                onClick={onCreateCampaign}
                aria-label={t('campaigns.create')}
                title={t('campaigns.create')}
                className="inline-flex size-11 items-center justify-center rounded-control border border-line text-brand hover:bg-surface-muted"
              >
                <Plus aria-hidden="true" className="size-5" />
              </button>
              {current ? (
                <CampaignViews campaign={current} view={view} rail mobile={false} onNavigate={onNavigate} />
              ) : null}
            </div>
          ) : (
            <CampaignList
              currentId={current?._id ?? null}
              onSelect={onSelectCampaign}
              onCreate={onCreateCampaign}
              renderViews={(campaign) => (
                <CampaignViews
                  campaign={campaign}
                  view={view}
                  rail={false}
                  mobile={mobile}
                  onNavigate={onNavigate}
                />
              )}
            />
          )}
        </div>

        <AccountSection
          rail={rail}
          mobile={mobile}
          tier={tier}
          email={email}
          current={current}
          view={view}
          onNavigate={onNavigate}
          onContact={() => setContactOpen(true)}
          contactRef={contactRef}
        />
      </aside>
      {/* Outside the aside: the drawer's `inert` must never reach the dialog. */}
      {contactOpen ? <ContactModal onClose={() => setContactOpen(false)} /> : null}
    </>
  );
}

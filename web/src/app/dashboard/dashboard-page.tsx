// The dashboard of docs/product.md#dashboard: a sidebar plus a top bar around the active view. The view and
// the current campaign live in the query string (dashboard-url.ts), so reload and back return to them.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCw } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '@/components/page-title';
import { toast } from '@/components/toast/toast-store';
import { Toaster } from '@/components/toast/toaster';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { campaignButtonId } from '@/features/campaigns/components/campaign-item';
import { CampaignFormModal, isCampaignLimitError } from '@/features/campaigns/campaign-form-modal';
import { SeePlansButton } from '@/features/campaigns/components/campaign-limit-notice';
import { EmptyCampaigns } from '@/features/campaigns/empty-campaigns';
import { GuidePanel } from '@/features/guide/guide-panel';
import { useSearchPalette } from '@/features/search/campaign-search';
import { errorMessage } from '@/lib/api-client';
import { campaignKeys, useCampaigns, type Campaign } from '@/lib/campaigns';
import { useGuideChange } from '@/lib/guide';
import { UpgradeProvider } from '@/components/upgrade/upgrade-context';
import { QueryProvider } from '@/lib/query-client';
import { useSession, type Session } from '@/lib/session';
import { DEFAULT_VIEW, isCampaignView, isViewId, useDashboardUrl } from './dashboard-url';
import { CampaignViewArea, ProfileView, ViewLoading } from './dashboard-views';
import { CheckoutReturnNotice } from './checkout-return';
import { HELP_BUTTON_ID } from './help-menu';
import { ErrorBoundary } from '../error-boundary';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { usePlanChangeToast } from './use-plan-change-toast';
import { useSidebar } from './use-sidebar';

const SIDEBAR_ID = 'dashboard-sidebar';

export default function DashboardPage() {
  const session = useSession();
  // The route guard renders the page only for a session; logout clears it before leaving.
  if (!session) return null;
  return (
    <QueryProvider>
      <UpgradeProvider>
        <Dashboard session={session} />
      </UpgradeProvider>
    </QueryProvider>
  );
}

function Dashboard({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { user } = session;
  const url = useDashboardUrl();
  const campaigns = useCampaigns();
  const sidebar = useSidebar(url.state?.drawer === true);
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  usePlanChangeToast(user.tier);
  // The guided first fight (docs/product.md#guided-first-fight): the help menu reopens it and focuses it.
  const guideChange = useGuideChange();
  const [guideFocus, setGuideFocus] = useState(0);
  const openGuide = () => {
    // The menu reopened while the last reopening is on its way: one PATCH is enough.
    if (guideChange.isPending) return;
    guideChange.mutate({ dismissed: false }, { onSuccess: () => setGuideFocus((count) => count + 1) });
  };

  const list = campaigns.data;
  // docs/product.md#campaigns: the first campaign is current when none (or an unknown one) is asked for.
  const current: Campaign | null = list
    ? (list.find((c) => c._id === url.campaignId) ?? list[0] ?? null)
    : null;
  const view = url.view;

  // Writes the corrections into the URL without a history entry.
  const { go } = url;
  const currentId = current?._id ?? null;
  const loaded = list !== undefined;
  const badView = url.rawView !== null && !isViewId(url.rawView);
  const missingView = url.rawView === null && currentId !== null;
  useEffect(() => {
    if (!loaded) return;
    if (currentId !== url.campaignId || badView || missingView) {
      go({ campaign: currentId, view }, { replace: true });
    }
  }, [loaded, currentId, url.campaignId, badView, missingView, view, go]);

  // Focus lost on the way (the element clicked was replaced): put it back where the user was.
  const refocus = url.state?.refocus;
  useEffect(() => {
    if (!refocus) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(refocus)?.focus();
  }, [refocus, url.state]);

  // The drawer: focus moves into it, Escape closes it and focus returns to the toggle.
  const { drawerOpen, closeDrawer } = sidebar;
  useEffect(() => {
    if (!drawerOpen) return;
    if (!document.getElementById(SIDEBAR_ID)?.contains(document.activeElement)) closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return; // A dialog above the drawer closes first.
      closeDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, closeDrawer]);
  const wasOpen = useRef(drawerOpen);
  useEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || document.getElementById(SIDEBAR_ID)?.contains(active);
    if (wasOpen.current && !drawerOpen && lost) toggleRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);

  function onCreated(campaign: Campaign, copyError?: unknown) {
    // The list was refetched already; make sure it holds the new one before it becomes current.
    queryClient.setQueryData<Campaign[]>(campaignKeys.list(user._id), (old) =>
      old && !old.some((c) => c._id === campaign._id)
        ? [...old, campaign]
        : old?.map((c) => (c._id === campaign._id ? campaign : c)),
    );
    setFormOpen(false);
    toast.success(t('campaigns.created', { name: campaign.name }));
    go(
      { campaign: campaign._id, view: DEFAULT_VIEW },
      {
        refocus: sidebar.mobile ? 'main' : campaignButtonId(campaign),
        ...(copyError ? { notice: { message: errorMessage(copyError) } } : {}),
      },
    );
  }

  function onCreateFailed(error: unknown) {
    setFormOpen(false);
    go({}, { replace: true, notice: { message: errorMessage(error), upgrade: isCampaignLimitError(error) } });
  }

  const viewTitle = t(`dashboard.views.${view}`);
  const title = view === 'profile' || current ? viewTitle : loaded ? t('dashboard.title') : viewTitle;
  const notice = typeof url.state?.notice === 'string' ? url.state.notice : null;
  // Ctrl+K and the top bar's button search the campaign whose view is open.
  const search = useSearchPalette(current && isCampaignView(view) ? current._id : null);

  let content;
  if (view === 'profile')
    content = (
      <ErrorBoundary>
        <Suspense fallback={<ViewLoading />}>
          <ProfileView />
        </Suspense>
      </ErrorBoundary>
    );
  else if (campaigns.isPending) content = <ViewLoading />;
  else if (campaigns.isError)
    content = (
      <div className="mx-auto flex max-w-lg flex-col items-start gap-3">
        <Alert tone="error">{t('campaigns.loadError')}</Alert>
        <Button
          variant="secondary"
          onClick={() => void campaigns.refetch()}
          loading={campaigns.isFetching}
          icon={<RotateCw aria-hidden="true" className="size-4" />}
        >
          {t('campaigns.retry')}
        </Button>
      </div>
    );
  else if (!current)
    content = (
      <EmptyCampaigns onCreate={() => setFormOpen(true)} onCreated={onCreated} onFailed={onCreateFailed} />
    );
  else if (isCampaignView(view))
    content = <CampaignViewArea view={view} campaign={current} tier={user.tier} />;

  // The window's height, less the demo banner's when there is one (decision 045).
  return (
    <div className="grid h-[calc(100dvh-var(--qk-demo-banner,0px))] grid-cols-1 grid-rows-[auto_minmax(0,1fr)] bg-canvas md:grid-cols-[auto_minmax(0,1fr)]">
      <PageTitle title={title} />
      <a
        href="#main"
        onClick={(event) => {
          // Focus the view without touching the URL (a #fragment would be a history entry).
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-control focus:bg-surface focus:px-4 focus:py-2"
      >
        {t('common.skipToContent')}
      </a>
      <TopBar
        sidebarId={SIDEBAR_ID}
        mobile={sidebar.mobile}
        sidebarExpanded={sidebar.expanded}
        onToggleSidebar={sidebar.toggle}
        toggleRef={toggleRef}
        title={title}
        campaignName={view !== 'profile' && current ? current.name : null}
        email={user.email}
        tier={user.tier}
        inert={drawerOpen}
        onSearch={search.available ? search.open : undefined}
        onOpenGuide={openGuide}
      />
      <Sidebar
        id={SIDEBAR_ID}
        mobile={sidebar.mobile}
        rail={sidebar.rail}
        drawerOpen={drawerOpen}
        onCloseDrawer={closeDrawer}
        closeRef={closeRef}
        current={current}
        view={view}
        tier={user.tier}
        email={user.email}
        onSelectCampaign={(campaign) =>
          // In the drawer, the user goes on to pick one of its views: the drawer stays open.
          go({ campaign: campaign._id }, { refocus: campaignButtonId(campaign), drawer: sidebar.mobile })
        }
        onCreateCampaign={() => setFormOpen(true)}
      />
      <main
        id="main"
        tabIndex={-1}
        inert={drawerOpen}
        className="min-h-0 overflow-y-auto px-4 py-6 focus:outline-none sm:px-6 lg:px-8 md:col-start-2 md:row-start-2"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-4">
          <CheckoutReturnNotice />
          {notice ? (
            <Alert tone="error">
              <p>{notice}</p>
              {url.state?.noticeUpgrade ? <SeePlansButton className="mt-1" /> : null}
            </Alert>
          ) : null}
          <GuidePanel
            onGo={(target) => (target === 'newCampaign' ? setFormOpen(true) : go({ view: target }))}
            canGo={(target) => target === 'newCampaign' || current !== null}
            focusRequest={guideFocus}
            onClosed={() => document.getElementById(HELP_BUTTON_ID)?.focus()}
          />
          {content}
        </div>
      </main>
      {/* Outside <main>: the drawer's `inert` must never reach the toasts. */}
      <Toaster />
      {search.palette}
      {formOpen ? (
        <CampaignFormModal
          defaultSourceId={currentId}
          onClose={() => setFormOpen(false)}
          onCreated={onCreated}
          onFailed={onCreateFailed}
        />
      ) : null}
    </div>
  );
}

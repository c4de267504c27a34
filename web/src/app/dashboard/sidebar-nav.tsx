// The sidebar's navigation lists, built from data: a campaign's views and the account section are
// lists of items, each a link to a view or a button that opens a dialog. In the icon rail (the
// collapsed sidebar) an item shows its icon alone, named by aria-label and title.
import type { Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { confirmDiscardChanges } from '@/lib/unsaved-changes';
import type { Campaign } from '@/lib/campaigns';
import { CAMPAIGN_VIEWS, dashboardSearch, type DashboardLocationState, type ViewId } from './dashboard-url';
import { VIEW_ICONS } from './dashboard-views';

export type NavItem =
  | { kind: 'view'; view: ViewId; campaignId: string | null; active: boolean }
  | {
      kind: 'action';
      id: string;
      label: string;
      icon: LucideIcon;
      onClick: () => void;
      /** Focus comes back here when the dialog it opens closes. */
      buttonRef?: Ref<HTMLButtonElement>;
      /** Drawn in gold (the upgrade). */
      emphasis?: boolean;
    };

/** How the items show: `rail` is the icon rail; on a phone (`mobile`) a choice closes the drawer. */
export interface NavPlacement {
  rail: boolean;
  mobile: boolean;
  onNavigate: () => void;
}

const itemBase =
  'flex items-center gap-2.5 rounded-control text-sm transition-colors ' +
  'aria-[current=page]:bg-brand-soft aria-[current=page]:font-semibold aria-[current=page]:text-brand';
const itemSize = (rail: boolean) => (rail ? 'size-11 justify-center' : 'min-h-10 px-2.5 py-2');

/** A link to a view: the element ids let focus come back after the navigation (see useRefocus). */
function ViewLink({
  item,
  rail,
  mobile,
  onNavigate,
}: NavPlacement & { item: Extract<NavItem, { kind: 'view' }> }) {
  const { t } = useTranslation();
  const Icon = VIEW_ICONS[item.view];
  const id = `nav-${item.view}`;
  const label = t(`dashboard.views.${item.view}`);
  const state: DashboardLocationState = { refocus: mobile ? 'main' : id };
  return (
    <Link
      id={id}
      to={{ search: dashboardSearch(item.campaignId, item.view) }}
      state={state}
      onClick={(event) => {
        if (!confirmDiscardChanges()) return event.preventDefault();
        onNavigate();
      }}
      aria-current={item.active ? 'page' : undefined}
      aria-label={rail ? label : undefined}
      title={rail ? label : undefined}
      className={`${itemBase} text-ink hover:bg-surface-muted ${itemSize(rail)}`}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {rail ? null : <span className="truncate">{label}</span>}
    </Link>
  );
}

function ActionButton({
  item: { label, icon: Icon, onClick, buttonRef, emphasis },
  rail,
}: {
  item: Extract<NavItem, { kind: 'action' }>;
  rail: boolean;
}) {
  const tone = emphasis ? 'font-semibold text-gold' : 'text-ink';
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={rail ? label : undefined}
      title={rail ? label : undefined}
      className={`${itemBase} w-full ${tone} hover:bg-surface-muted ${itemSize(rail)}`}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {rail ? null : <span className="truncate">{label}</span>}
    </button>
  );
}

export function NavList({
  items,
  label,
  className,
  ...placement
}: NavPlacement & { items: readonly NavItem[]; label?: string; className: string }) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item) => (
        <li key={item.kind === 'view' ? item.view : item.id}>
          {item.kind === 'view' ? (
            <ViewLink item={item} {...placement} />
          ) : (
            <ActionButton item={item} rail={placement.rail} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** A campaign's views, under its name in the list (or alone in the rail). */
export function CampaignViews({
  campaign,
  view,
  ...placement
}: NavPlacement & { campaign: Campaign; view: ViewId }) {
  const { t } = useTranslation();
  const items = CAMPAIGN_VIEWS.map((id): NavItem => ({
    kind: 'view',
    view: id,
    campaignId: campaign._id,
    active: view === id,
  }));
  return (
    <NavList
      items={items}
      label={t('dashboard.campaignViews', { name: campaign.name })}
      className="flex flex-col gap-0.5"
      {...placement}
    />
  );
}

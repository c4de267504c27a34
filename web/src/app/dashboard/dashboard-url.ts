// The dashboard's place lives in the query string, `?campaign=<id>&view=<view>` (docs/decisions/012 contract
// 3), so a reload or the back button returns to it. Views are switched by this setting, not by path
// (docs/product.md#dashboard).
import { confirmDiscardChanges } from '@/lib/unsaved-changes';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The views of a campaign, in the sidebar's order. */
export const CAMPAIGN_VIEWS = [
  'rules',
  'units',
  'characteristics',
  'races',
  'classes',
  'statuses',
  'combat',
  'encounters',
] as const;
export type CampaignViewId = (typeof CAMPAIGN_VIEWS)[number];
/** Views of the account, shown whether or not a campaign exists. */
export type AccountViewId = 'profile';
export type ViewId = CampaignViewId | AccountViewId;

export const DEFAULT_VIEW: ViewId = 'rules';

export function isViewId(value: string | null): value is ViewId {
  return value === 'profile' || (CAMPAIGN_VIEWS as readonly (string | null)[]).includes(value);
}

export function isCampaignView(view: ViewId): view is CampaignViewId {
  return view !== 'profile';
}

/** What a navigation inside the dashboard hands to the next render (see useRefocus). */
export interface DashboardLocationState {
  /** A message from the page that sent the user here (the login page's failed checkout). */
  notice?: unknown;
  /** Adds the link to the plans under the notice (a campaign limit). */
  noticeUpgrade?: boolean | undefined;
  /** The id of the element to focus after the navigation, when focus was lost on the way. */
  refocus?: string | undefined;
  /** The mobile drawer stays open across the navigation (a campaign chosen in it). */
  drawer?: boolean | undefined;
}

interface GoOptions {
  /** Replace the history entry instead of adding one (a correction, not a user's choice). */
  replace?: boolean;
  refocus?: string;
  drawer?: boolean;
  /** An error to show at the top of the next view. */
  notice?: { message: string; upgrade?: boolean };
}

/** `?campaign=…&view=…`, always in that order (the id is left out when there is none). */
export function dashboardSearch(campaign: string | null, view: ViewId): string {
  const params = new URLSearchParams();
  if (campaign) params.set('campaign', campaign);
  params.set('view', view);
  return `?${params.toString()}`;
}

export function useDashboardUrl() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const rawView = params.get('view');
  const campaignId = params.get('campaign');
  const state = (location.state ?? null) as DashboardLocationState | null;

  /**
   * Moves to another campaign and/or view. A user's choice pushes a history entry; a correction
   * (the first campaign, an unknown id or view) replaces the entry and keeps the page's notice.
   */
  const go = useCallback(
    (next: { campaign?: string | null; view?: ViewId }, options: GoOptions = {}) => {
      // A user's move away from unsaved edits asks first; corrections (replace) never do.
      if (!options.replace && !confirmDiscardChanges()) return;
      const view = next.view ?? (isViewId(rawView) ? rawView : DEFAULT_VIEW);
      const campaign = next.campaign === undefined ? campaignId : next.campaign;
      const fresh = options.refocus !== undefined || options.notice !== undefined || options.drawer;
      const nextState: DashboardLocationState | null = fresh
        ? {
            refocus: options.refocus,
            drawer: options.drawer,
            notice: options.notice?.message,
            noticeUpgrade: options.notice?.upgrade,
          }
        : options.replace
          ? state
          : null;
      void navigate(
        { pathname: location.pathname, search: dashboardSearch(campaign, view) },
        { replace: options.replace ?? false, state: nextState },
      );
    },
    [navigate, location.pathname, rawView, campaignId, state],
  );

  return {
    campaignId,
    /** The view asked for; an unknown or missing one reads as the default. */
    view: isViewId(rawView) ? rawView : DEFAULT_VIEW,
    /** The `view` parameter as written (null when absent). */
    rawView,
    state,
    go,
  };
}

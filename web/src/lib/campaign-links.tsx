// The names a campaign's `[[links]]` resolve against (docs/decisions/063), given once per campaign view
// to whatever renders or edits its markdown: the rendered notes (links and missing links), the
// editor's completion of names, the "Linked from" panels. The catalog is rebuilt only when a name
// changes (a blow in combat changes a unit, not its name), so rendered texts are not rendered again
// for nothing. Also here: the units view's "create this unit" request a missing link sends.
import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  linkResolver,
  rulesHeadings,
  type LinkCatalog,
  type LinkTarget,
  type RulesHeading,
  type WikiLink,
} from '@questkeeper/core/links/links';
import type { Campaign } from './campaigns';
import { useGoToPlace, type Place } from './campaign-places';
import { useUnits } from './units';
import { confirmDiscardChanges } from './unsaved-changes';

export interface CampaignLinks {
  campaignId: string;
  catalog: LinkCatalog;
  resolve: (link: Pick<WikiLink, 'target' | 'heading'>) => LinkTarget | null;
  /** Opens a place of this campaign (asking first when unsaved edits would be lost). */
  goTo: (place: Place) => boolean;
  /** Opens the units view's create form with `name` filled in (a missing link's offer). */
  createUnit: (name: string) => boolean;
}

const CampaignLinksContext = createContext<CampaignLinks | null>(null);

/** The current campaign's links; null outside a campaign (links then stay text, no completion). */
export function useCampaignLinks(): CampaignLinks | null {
  return use(CampaignLinksContext);
}

/** The query parameter that asks the units view to open its create form with a name. */
export const CREATE_UNIT_PARAM = 'create';

/** `?campaign=…&view=units&create=<name>`. */
export function createUnitSearch(campaignId: string, name: string): string {
  const params = new URLSearchParams();
  params.set('campaign', campaignId);
  params.set('view', 'units');
  params.set(CREATE_UNIT_PARAM, name);
  return `?${params.toString()}`;
}

/** The name a missing link asked the units view to create (null when none). */
export function useCreateUnitRequest(): string | null {
  const [params] = useSearchParams();
  return params.get(CREATE_UNIT_PARAM);
}

/**
 * Drops the place (`item`, `heading`, `line`) and the create request from the URL once the view has
 * opened what they named and the user closed it, without a history entry.
 */
export function useClearPlace(): () => void {
  const [params, setParams] = useSearchParams();
  return useCallback(() => {
    const keys = ['item', 'heading', 'line', CREATE_UNIT_PARAM];
    if (!keys.some((key) => params.has(key))) return;
    const next = new URLSearchParams(params);
    for (const key of keys) next.delete(key);
    setParams(next, { replace: true });
  }, [params, setParams]);
}

const NO_UNITS: readonly { _id: string; name: string }[] = [];

/** Rules headings of the last rules text asked about: the catalog and the read view share them. */
let lastHeadings: { text: string; headings: RulesHeading[] } | null = null;
export function headingsOf(text: string): RulesHeading[] {
  if (lastHeadings?.text !== text) lastHeadings = { text, headings: rulesHeadings(text) };
  return lastHeadings.headings;
}

/** The links of `campaign` for everything under it (the dashboard's campaign view). */
export function CampaignLinksProvider({ campaign, children }: { campaign: Campaign; children: ReactNode }) {
  const units = useUnits(campaign._id).data ?? NO_UNITS;
  const headings = useMemo(() => headingsOf(campaign.rules), [campaign.rules]);
  // The names only, as one string: the catalog is rebuilt when it changes, not on every new array.
  const key = JSON.stringify([
    units.map(({ _id, name }) => [_id, name]),
    campaign.races.map(({ _id, name }) => [_id, name]),
    campaign.classes.map(({ _id, name }) => [_id, name]),
    campaign.statuses.map(({ _id, name }) => [_id, name]),
    campaign.characteristics.map(({ name }) => name),
    headings,
  ]);
  const catalog = useMemo(() => catalogOf(key), [key]);
  const resolve = useMemo(() => linkResolver(catalog), [catalog]);

  const goToPlace = useGoToPlace();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const campaignId = campaign._id;
  const goTo = useCallback((place: Place) => goToPlace(campaignId, place), [goToPlace, campaignId]);
  const createUnit = useCallback(
    (name: string) => {
      if (!confirmDiscardChanges()) return false;
      void navigate({ pathname, search: createUnitSearch(campaignId, name) });
      return true;
    },
    [navigate, pathname, campaignId],
  );

  const value = useMemo(
    () => ({ campaignId, catalog, resolve, goTo, createUnit }),
    [campaignId, catalog, resolve, goTo, createUnit],
  );
  return <CampaignLinksContext value={value}>{children}</CampaignLinksContext>;
}

type Pair = [string, string];

function catalogOf(key: string): LinkCatalog {
  const [units, races, classes, statuses, characteristics, headings] = JSON.parse(key) as [
    Pair[],
    Pair[],
    Pair[],
    Pair[],
    string[],
    RulesHeading[],
  ];
  const named = (pairs: Pair[]) => pairs.map(([_id, name]) => ({ _id, name }));
  return {
    units: named(units),
    races: named(races),
    classes: named(classes),
    statuses: named(statuses),
    characteristics: characteristics.map((name) => ({ name })),
    headings,
  };
}

/** A provider with a ready catalog, for component tests and stories. */
export function StaticCampaignLinks({ value, children }: { value: CampaignLinks; children: ReactNode }) {
  return <CampaignLinksContext value={value}>{children}</CampaignLinksContext>;
}

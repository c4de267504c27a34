// Places inside a campaign that a link or a search result opens (docs/decisions/063): a unit's notes,
// a list entry, an encounter, a rules heading or line. A place is the dashboard's query string plus
// `item` (the thing's id, a characteristic's name), `heading` (a rules heading's slug) or `line` (a
// rules line, 1-based), so a reload or the back button returns to it. Views read these with
// `usePlace` and open what they name.
import type { LinkTarget } from '@questkeeper/core/links/links';
import type { SearchResult } from '@questkeeper/core/search/campaign-search';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { confirmDiscardChanges } from './unsaved-changes';

export type Place =
  | { view: 'units' | 'races' | 'classes' | 'statuses' | 'characteristics' | 'encounters'; item: string }
  | { view: 'rules'; heading?: string; line?: number };

const LIST_VIEW = {
  unit: 'units',
  race: 'races',
  class: 'classes',
  status: 'statuses',
  characteristic: 'characteristics',
  encounter: 'encounters',
} as const;

/** `?campaign=…&view=…&item=…` (or `&heading=…`, `&line=…`). */
export function placeSearch(campaignId: string, place: Place): string {
  const params = new URLSearchParams();
  params.set('campaign', campaignId);
  params.set('view', place.view);
  if ('item' in place) params.set('item', place.item);
  else if (place.heading !== undefined) params.set('heading', place.heading);
  else if (place.line !== undefined) params.set('line', String(place.line));
  return `?${params.toString()}`;
}

/** Where a resolved link leads. */
export function placeOfTarget(target: Pick<LinkTarget, 'kind' | 'id'>): Place {
  if (target.kind === 'heading') return { view: 'rules', heading: target.id };
  return { view: LIST_VIEW[target.kind], item: target.id };
}

/** Where a search result lives. */
export function placeOfResult(result: Pick<SearchResult, 'kind' | 'id'>): Place {
  if (result.kind === 'heading') return { view: 'rules', heading: result.id };
  if (result.kind === 'rules') return { view: 'rules', line: Number(result.id) };
  return { view: LIST_VIEW[result.kind], item: result.id };
}

/** The place the URL names in the current view (all null when it names none). */
export function usePlace(): { item: string | null; heading: string | null; line: number | null } {
  const [params] = useSearchParams();
  const line = Number(params.get('line'));
  return {
    item: params.get('item'),
    heading: params.get('heading'),
    line: Number.isInteger(line) && line > 0 ? line : null,
  };
}

/** Opens a place of a campaign (asking first when unsaved edits would be lost); false when the user stayed. */
export function useGoToPlace(): (campaignId: string, place: Place) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (campaignId: string, place: Place) => {
      if (!confirmDiscardChanges()) return false;
      void navigate({ pathname: location.pathname, search: placeSearch(campaignId, place) });
      return true;
    },
    [navigate, location.pathname],
  );
}

// The campaign search on the wire (docs/product.md#campaign-search, docs/decisions/063): GET /api/search
// with the campaign in `X-Campaign-Id`. One query per typed text, the previous answer kept on screen
// while the next one is on its way (no debounce: the server answers in well under the 100 ms a
// keystroke may take to paint its results, and a superseded request is cancelled).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_LIMIT_DEFAULT } from '@questkeeper/core/limits';
import type { searchResponse } from '@questkeeper/core/schemas/links';
import type { SearchResult } from '@questkeeper/core/search/campaign-search';
import { apiRequest } from '@/lib/api-client';
import { useUserId } from '@/lib/query-client';
import { campaignHeader } from '@/lib/units';

export type { SearchResult };

/** An answer and the query it answers (a kept answer says which older query it was). */
export interface SearchAnswer {
  query: string;
  results: SearchResult[];
}

export const searchKeys = {
  all: ['search'] as const,
  query: (userId: string, campaignId: string, query: string, limit: number) =>
    ['search', userId, campaignId, query, limit] as const,
};

export function getSearch(campaignId: string, query: string, limit: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ q: query, limit: String(limit) });
  return apiRequest<{ response: typeof searchResponse }>('GET', `/api/search?${params.toString()}`, {
    headers: campaignHeader(campaignId),
    ...(signal ? { signal } : {}),
  });
}

/**
 * The results of `query` (already trimmed and checked with core's `searchQueryProblem`); null asks
 * nothing. While a new query is on its way the last answer stays (`isPlaceholderData`).
 */
export function useCampaignSearch(campaignId: string, query: string | null, limit = SEARCH_LIMIT_DEFAULT) {
  const userId = useUserId();
  return useQuery({
    queryKey: searchKeys.query(userId, campaignId, query ?? '', limit),
    queryFn: async ({ signal }): Promise<SearchAnswer> => ({
      query: query ?? '',
      results: await getSearch(campaignId, query ?? '', limit, signal),
    }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    // Texts change under the palette only by the user's own edits elsewhere: a reopened palette
    // shows what it had and asks again in the background.
    staleTime: 0,
    gcTime: 60_000,
  });
}

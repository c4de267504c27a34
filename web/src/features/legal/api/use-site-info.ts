// The installation's public facts (operator details, support address, demo modes) that the legal
// pages show; docs/product.md#screens: they come from the server's configuration, never the bundle.
import { useQuery } from '@tanstack/react-query';
import type { SiteInfo, siteInfo } from '@questkeeper/core/schemas/site';
import { apiRequest } from '@/lib/api-client';

export function getSiteInfo(signal: AbortSignal) {
  return apiRequest<{ response: typeof siteInfo }>('GET', '/api/site', { signal });
}

export function useSiteInfo() {
  return useQuery({
    queryKey: ['site'],
    queryFn: ({ signal }) => getSiteInfo(signal),
    // The server caches it for five minutes too; it only changes with a restart.
    staleTime: 5 * 60_000,
  });
}

export type SiteValueState =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; value: string };

/** One field of the site info, in the shape SiteValue renders. */
export function siteValue(
  query: ReturnType<typeof useSiteInfo>,
  pick: (info: SiteInfo) => string,
): SiteValueState {
  if (query.data) return { status: 'success', value: pick(query.data) };
  return query.isError ? { status: 'error' } : { status: 'pending' };
}

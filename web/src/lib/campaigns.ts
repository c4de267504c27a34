// Campaign server state, shared by the dashboard's features (sidebar, rules, lists): one query of
// the user's campaigns and the mutations that keep it in step. Every call goes through the API
// client, so the server's tier rules and messages apply (errors are ApiError).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignTemplate, UpdateCampaignBody } from '@questkeeper/core/schemas/campaigns';
import type { Tier } from '@questkeeper/core/tiers';
import { apiRequest } from './api-client';
import { useSession } from './session';

export type { Campaign, UpdateCampaignBody };

/** What every dashboard view of a campaign receives (issue #4 contract). */
export interface CampaignViewProps {
  campaign: Campaign;
  tier: Tier;
}

export const campaignKeys = {
  list: (userId: string) => ['campaigns', userId] as const,
  limit: (userId: string) => ['campaigns', userId, 'limit'] as const,
};

function useUserId(): string {
  return useSession()?.user._id ?? 'anonymous';
}

/** The user's campaigns, oldest first (the server's order). */
export function useCampaigns() {
  const userId = useUserId();
  return useQuery({
    queryKey: campaignKeys.list(userId),
    queryFn: ({ signal }) => apiRequest<Campaign[]>('GET', '/api/game-data', { signal }),
  });
}

/** `{ limit, count }` for the 'count / limit' counter; spec §9: the limit shows 1 until loaded. */
export function useCampaignLimit() {
  const userId = useUserId();
  return useQuery({
    queryKey: campaignKeys.limit(userId),
    queryFn: ({ signal }) =>
      apiRequest<{ limit: number; count: number }>('GET', '/api/game-data/campaigns/limit', { signal }),
  });
}

function useCampaignCache() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return {
    replace(campaign: Campaign) {
      queryClient.setQueryData<Campaign[]>(campaignKeys.list(userId), (list) =>
        list?.map((item) => (item._id === campaign._id ? campaign : item)),
      );
    },
    invalidate() {
      return queryClient.invalidateQueries({ queryKey: ['campaigns', userId] });
    },
    /** A renamed race, class, status or characteristic is renamed in the units too (decision 014). */
    invalidateUnits() {
      return queryClient.invalidateQueries({ queryKey: ['units', userId] });
    },
  };
}

export function useCreateCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: (body: { name: string; template: CampaignTemplate }) =>
      apiRequest<Campaign>('POST', '/api/game-data', { body }),
    onSettled: () => cache.invalidate(),
  });
}

/** A partial update (name, rules, lists, initiative); the cache takes the server's answer. */
export function useUpdateCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCampaignBody }) =>
      apiRequest<Campaign>('PUT', `/api/game-data/${encodeURIComponent(id)}`, { body: changes }),
    onSuccess: (campaign, { changes }) => {
      cache.replace(campaign);
      if (changes.characteristics || changes.races || changes.classes || changes.statuses) {
        void cache.invalidateUnits();
      }
    },
  });
}

export function useDeleteCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/game-data/${encodeURIComponent(id)}`),
    onSettled: () => cache.invalidate(),
  });
}

/** Overwrites the target's data (everything but its name) with the source's. */
export function useCopyCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: ({ targetId, sourceCampaignId }: { targetId: string; sourceCampaignId: string }) =>
      apiRequest<Campaign>('POST', `/api/game-data/${encodeURIComponent(targetId)}/copy`, {
        body: { sourceCampaignId },
      }),
    onSettled: () => cache.invalidate(),
  });
}

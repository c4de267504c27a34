// Campaign server state, shared by the dashboard's features (sidebar, rules, lists): one query of
// the user's campaigns and the mutations that keep it in step. Every call goes through the API
// client, so the server's tier rules and messages apply (errors are ApiError).
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  campaign,
  campaignLimit,
  copyCampaignBody,
  createCampaignBody,
  deletedCampaign,
  ListEditInput,
  listEditBody,
  listEditResponse,
  restoreCampaignBody,
  UpdateCampaignBody,
  updateCampaignBody,
} from '@questkeeper/core/schemas/campaigns';
import type { Tier } from '@questkeeper/core/tiers';
import { ApiError, apiRequest } from './api-client';
import { refetchAfterRename } from './link-renames';
import { useUserId } from './query-client';

export type { Campaign, ListEditInput, UpdateCampaignBody };

/** What every dashboard view of a campaign receives (docs/decisions/012 contract). */
export interface CampaignViewProps {
  campaign: Campaign;
  tier: Tier;
}

export const campaignKeys = {
  list: (userId: string) => ['campaigns', userId] as const,
  limit: (userId: string) => ['campaigns', userId, 'limit'] as const,
};

const campaignPath = (id: string) => `/api/game-data/${encodeURIComponent(id)}`;

// One typed fetcher per endpoint; the hooks below add the query cache.

export function getCampaigns(signal: AbortSignal) {
  return apiRequest<{ response: z.ZodArray<typeof campaign> }>('GET', '/api/game-data', { signal });
}

export function getCampaignLimit(signal: AbortSignal) {
  return apiRequest<{ response: typeof campaignLimit }>('GET', '/api/game-data/campaigns/limit', { signal });
}

export function createCampaign(body: z.input<typeof createCampaignBody>) {
  return apiRequest<{ body: typeof createCampaignBody; response: typeof campaign }>(
    'POST',
    '/api/game-data',
    {
      body,
    },
  );
}

export function updateCampaign(id: string, changes: z.input<typeof updateCampaignBody>) {
  return apiRequest<{ body: typeof updateCampaignBody; response: typeof campaign }>('PUT', campaignPath(id), {
    body: changes,
  });
}

/** One edit of one list entry (decision 036): applied to the list as it is on the server. */
export function editCampaignList(id: string, edit: ListEditInput) {
  return apiRequest<{ body: typeof listEditBody; response: typeof listEditResponse }>(
    'POST',
    `${campaignPath(id)}/lists`,
    { body: edit },
  );
}

/**
 * The campaign as it is now, carried by a 409 GAME_DATA_CONFLICT: a whole-document save sent with a
 * `version` that another tab or device has written since (decision 036). Null for any other error.
 */
export function conflictCampaign(error: unknown): Campaign | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'GAME_DATA_CONFLICT')
    return null;
  const body = error.body as { campaign?: Campaign } | undefined;
  return body?.campaign && typeof body.campaign.version === 'string' ? body.campaign : null;
}

/** Deletes the campaign; the answer holds the one-time token of its Undo (decision 052). */
export function deleteCampaign(id: string) {
  return apiRequest<{ response: typeof deletedCampaign }>('DELETE', campaignPath(id));
}

/** Undoes a delete: the campaign comes back exactly, with the same ids. */
export function restoreCampaign(id: string, undoToken: string) {
  return apiRequest<{ body: typeof restoreCampaignBody; response: typeof campaign }>(
    'POST',
    `${campaignPath(id)}/restore`,
    { body: { undoToken } },
  );
}

/** Overwrites the target's data (everything but its name) with the source's. */
export function copyCampaign(targetId: string, sourceCampaignId: string) {
  return apiRequest<{ body: typeof copyCampaignBody; response: typeof campaign }>(
    'POST',
    `${campaignPath(targetId)}/copy`,
    { body: { sourceCampaignId } },
  );
}

/** The user's campaigns, oldest first (the server's order). */
export function useCampaigns() {
  const userId = useUserId();
  return useQuery({
    queryKey: campaignKeys.list(userId),
    queryFn: ({ signal }) => getCampaigns(signal),
  });
}

/**
 * `{ limit, count }` for the 'count / limit' counter; docs/product.md#limits: the limit shows 1 until loaded.
 */
export function useCampaignLimit() {
  const userId = useUserId();
  return useQuery({
    queryKey: campaignKeys.limit(userId),
    queryFn: ({ signal }) => getCampaignLimit(signal),
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
    /**
     * A renamed entry's links were rewritten in every text of the campaign (docs/decisions/063): the
     * units' and encounters' notes are read again (the campaign's own texts came with the answer).
     */
    renamed() {
      return refetchAfterRename(queryClient, userId);
    },
  };
}

export function useCreateCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: createCampaign,
    onSettled: () => cache.invalidate(),
  });
}

/**
 * A partial update (name, rules, lists, initiative); the cache takes the server's answer. Send the
 * `version` the edit started from: on a 409 conflict the cache takes the campaign the answer carries,
 * so the view shows what is saved now while the editor keeps the user's draft.
 */
export function useUpdateCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: z.input<typeof updateCampaignBody> }) =>
      updateCampaign(id, changes),
    onSuccess: (campaign, { changes }) => {
      cache.replace(campaign);
      // Whole lists sent: a name may have changed (links rewritten, units following it).
      if (changes.characteristics || changes.races || changes.classes || changes.statuses) {
        void cache.renamed();
      }
    },
    onError: (error) => {
      const current = conflictCampaign(error);
      if (current) cache.replace(current);
    },
  });
}

/**
 * One list entry added, changed or deleted (decision 036). The cache takes the campaign the server
 * answers; units are read again after a rename or a lowered maximum (they follow it, decision 014).
 * An entry deleted meanwhile (404) reloads the campaigns, so the list shows what is there.
 */
export function useEditCampaignList() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: ListEditInput }) => editCampaignList(id, edit),
    onSuccess: ({ campaign }, { edit }) => {
      cache.replace(campaign);
      if (edit.op === 'update' && 'name' in edit.changes) void cache.renamed();
      else if (edit.op === 'update' && 'max' in edit.changes) void cache.invalidateUnits();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) void cache.invalidate();
    },
  });
}

export function useDeleteCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: deleteCampaign,
    onSettled: () => cache.invalidate(),
  });
}

export function useCopyCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: ({ targetId, sourceCampaignId }: { targetId: string; sourceCampaignId: string }) =>
      copyCampaign(targetId, sourceCampaignId),
    onSettled: () => cache.invalidate(),
  });
}

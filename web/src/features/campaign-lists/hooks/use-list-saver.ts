// Saves one whole list of a campaign through the API (useUpdateCampaign updates the cache with the
// server's answer). A refusal comes back as a value, so each form shows it beside itself.
import { useCallback } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateCampaign, type Campaign } from '@/lib/campaigns';
import type { ListKind } from '../list-access';
import { listChanges, type ListItem } from '../list-edits';

export interface SaveFailure {
  /** The server's localized message (or the generic one when it could not be reached). */
  message: string;
  /** The server's field errors, keyed by path (`races.2.name`). */
  fields: Readonly<Record<string, string>>;
}

export function useListSaver(campaign: Campaign, kind: ListKind) {
  const { mutateAsync, isPending } = useUpdateCampaign();
  const campaignId = campaign._id;
  const save = useCallback(
    async (list: readonly ListItem[]): Promise<SaveFailure | null> => {
      try {
        await mutateAsync({ id: campaignId, changes: listChanges(kind, list) });
        return null;
      } catch (error) {
        return { message: errorMessage(error), fields: error instanceof ApiError ? error.fields : {} };
      }
    },
    [mutateAsync, campaignId, kind],
  );
  return { save, saving: isPending };
}

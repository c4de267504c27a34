// Saves one edit of one list entry through the API (POST /api/game-data/{id}/lists, decision 036;
// useEditCampaignList updates the cache with the server's answer). A refusal comes back as a value,
// so each form shows it beside itself.
import { useCallback } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useEditCampaignList, type Campaign, type ListEditInput } from '@/lib/campaigns';
import type { ListKind } from '../lib/list-access';
import { itemIdOf } from '../lib/list-edits';

export interface SaveFailure {
  /** The server's localized message (or the generic one when it could not be reached). */
  message: string;
  /** The server's field errors, keyed by path (`item.name`, `changes.note`). */
  fields: Readonly<Record<string, string>>;
}

export type SaveOutcome =
  | { failure: SaveFailure }
  /** Where the added or changed entry is in the saved list (-1 after a delete). */
  | { failure: null; index: number };

export function useListSaver(campaign: Campaign, kind: ListKind) {
  const { mutateAsync, isPending } = useEditCampaignList();
  const campaignId = campaign._id;
  const save = useCallback(
    async (edit: ListEditInput): Promise<SaveOutcome> => {
      try {
        const { campaign: saved, itemId } = await mutateAsync({ id: campaignId, edit });
        const list: readonly { _id?: string; name: string }[] = saved[kind];
        return { failure: null, index: list.findIndex((item) => itemIdOf(item) === itemId) };
      } catch (error) {
        return {
          failure: { message: errorMessage(error), fields: error instanceof ApiError ? error.fields : {} },
        };
      }
    },
    [mutateAsync, campaignId, kind],
  );
  return { save, saving: isPending };
}

// Undoing a campaign's delete from its toast (decision 052): the campaign comes back, what was read of
// it is read afresh, and the dashboard goes back to it when another campaign is shown.
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/toast-store';
import { errorMessage } from '@/lib/api-client';
import { restoreCampaign, type Campaign } from '@/lib/campaigns';

/**
 * The Undo of a delete. Not a mutation hook's callbacks: the toast outlives this list when the sidebar
 * changes layout (rail, drawer), and callbacks of an unmounted hook never run; the latest
 * `currentId` and `onSelect` are read through a ref.
 */
export function useUndoDelete(currentId: string | null, onSelect: (campaign: Campaign) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const latest = useRef({ currentId, onSelect });
  useEffect(() => {
    latest.current = { currentId, onSelect };
  }, [currentId, onSelect]);
  return useCallback(
    async (campaign: Campaign, undoToken: string) => {
      try {
        const back = await restoreCampaign(campaign._id, undoToken);
        // With no campaign left the dashboard takes the one that comes back by itself; sending it
        // there too would be a navigation to the URL shown, which starts the page (and its toasts)
        // afresh. With another one current, Undo goes back to the restored campaign.
        const elsewhere = latest.current.currentId !== null;
        // What was read of the campaign before (units, fight, player view) is read afresh when shown;
        // the list is read now, so the dashboard finds the campaign it is sent to.
        queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(campaign._id) });
        await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
        toast.success(t('campaigns.restored', { name: back.name }));
        if (elsewhere) latest.current.onSelect(back);
      } catch (failure) {
        toast.error(t('campaigns.restoreFailed', { name: campaign.name, message: errorMessage(failure) }));
      }
    },
    [queryClient, t, toast],
  );
}

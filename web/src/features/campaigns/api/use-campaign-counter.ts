// The 'count / limit' of the sidebar (docs/product.md#campaign-form) and the limit check of the campaign
// form. docs/product.md#limits: the limit reads 1 until the server answered.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { campaignKeys, useCampaignLimit, useCampaigns } from '@/lib/campaigns';
import { useSession } from '@/lib/session';

export function useCampaignCounter() {
  const session = useSession();
  const campaigns = useCampaigns();
  const limitQuery = useCampaignLimit();
  const queryClient = useQueryClient();

  // A new plan (checkout in another tab, refreshed session) changes the limit: ask again.
  const tier = session?.user.tier;
  const userId = session?.user._id;
  const seenTier = useRef(tier);
  useEffect(() => {
    if (seenTier.current === tier || !userId) return;
    seenTier.current = tier;
    void queryClient.invalidateQueries({ queryKey: campaignKeys.limit(userId) });
  }, [tier, userId, queryClient]);

  const limitLoaded = limitQuery.data !== undefined;
  const limit = limitQuery.data?.limit ?? 1;
  const count = campaigns.data?.length ?? limitQuery.data?.count ?? 0;
  return {
    count,
    limit,
    /** Only a limit the server gave counts as reached (the default 1 would stop a Hero). */
    atLimit: limitLoaded && campaigns.data !== undefined && count >= limit,
  };
}

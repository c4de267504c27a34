// The demo table (docs/product.md#first-session): POST /api/game-data/demo in the page's language. The
// campaign list and its counter are asked again whatever the answer, as after an import — but only once
// the caller has opened the new campaign (`refresh`): a list refetched first would make the demo current
// by itself, unmounting the empty dashboard's button mid-way.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { campaign as campaignSchema } from '@questkeeper/core/schemas/campaigns';
import type { demoCampaignBody } from '@questkeeper/core/schemas/demo';
import { apiRequest } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useUserId } from '@/lib/query-client';

export function useDemoCampaign() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const mutation = useMutation({
    mutationFn: () =>
      apiRequest<{ body: typeof demoCampaignBody; response: typeof campaignSchema }>(
        'POST',
        '/api/game-data/demo',
        { body: { language: currentLanguage() } },
      ),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['campaigns', userId] });
  return { ...mutation, refresh };
}

// The import as a mutation: the campaign list and its counter are asked again whatever the answer
// (a refusal at the campaign limit may mean the list changed elsewhere).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '@/lib/query-client';
import { importCampaign } from './campaign-file';

export function useImportCampaign() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ data, name, archive }: { data: Record<string, unknown>; name: string; archive?: Blob }) =>
      importCampaign(data, name, archive),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['campaigns', userId] }),
  });
}

// The statuses view of a campaign (docs/decisions/012; docs/product.md#list-views, #validation, #limits): see
// components/list-view.tsx.
import type { CampaignViewProps } from '@/lib/campaigns';
import { ListView } from './components/list-view';

export default function StatusesView({ campaign, tier }: CampaignViewProps) {
  return <ListView kind="statuses" campaign={campaign} tier={tier} />;
}

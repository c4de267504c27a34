// The characteristics view of a campaign (docs/decisions/012; docs/product.md#list-views, #validation,
// #limits): see components/list-view.tsx.
import type { CampaignViewProps } from '@/lib/campaigns';
import { ListView } from './components/list-view';

export default function CharacteristicsView({ campaign, tier }: CampaignViewProps) {
  return <ListView kind="characteristics" campaign={campaign} tier={tier} />;
}

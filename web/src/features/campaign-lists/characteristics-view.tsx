// The characteristics view of a campaign (issue #4; spec §2, §5, §9): see components/list-view.tsx.
import type { CampaignViewProps } from '@/lib/campaigns';
import { ListView } from './components/list-view';

export default function CharacteristicsView({ campaign, tier }: CampaignViewProps) {
  return <ListView kind="characteristics" campaign={campaign} tier={tier} />;
}

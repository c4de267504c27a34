// The races view of a campaign (issue #4; spec §2, §5, §9): see components/list-view.tsx.
import type { CampaignViewProps } from '@/lib/campaigns';
import { ListView } from './components/list-view';

export default function RacesView({ campaign, tier }: CampaignViewProps) {
  return <ListView kind="races" campaign={campaign} tier={tier} />;
}

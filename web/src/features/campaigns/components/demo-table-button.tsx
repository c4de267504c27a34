// "Try a demo table" (docs/product.md#first-session): one click makes a small campaign ready to play in the
// user's language. A spinner and a disabled button while it is made; the dashboard opens it with a toast,
// or says why not (the campaign limit offers the plans).
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Campaign } from '@/lib/campaigns';
import { useDemoCampaign } from '../api/use-demo-campaign';

export function DemoTableButton({
  onCreated,
  onFailed,
  variant = 'secondary',
  className,
}: {
  onCreated: (campaign: Campaign) => void;
  onFailed: (error: unknown) => void;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const { t } = useTranslation();
  const demo = useDemoCampaign();
  return (
    <Button
      variant={variant}
      className={className}
      loading={demo.isPending}
      disabled={demo.isPending}
      icon={<Sparkles aria-hidden="true" className="size-4" />}
      onClick={() =>
        void demo.mutateAsync().then(
          (campaign) => {
            onCreated(campaign);
            demo.refresh();
          },
          (error: unknown) => {
            demo.refresh();
            onFailed(error);
          },
        )
      }
    >
      {demo.isPending ? t('campaigns.demo.creating') : t('campaigns.demo.button')}
    </Button>
  );
}

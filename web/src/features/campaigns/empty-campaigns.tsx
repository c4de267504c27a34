// What the dashboard shows before the first campaign exists (docs/product.md#campaigns: no current campaign):
// create one, or try the demo table (docs/product.md#first-session).
import { useTranslation } from 'react-i18next';
import { Castle, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Campaign } from '@/lib/campaigns';
import { DemoTableButton } from './components/demo-table-button';

export function EmptyCampaigns({
  onCreate,
  onCreated,
  onFailed,
}: {
  onCreate: () => void;
  onCreated: (campaign: Campaign) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center shadow-card">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand">
        <Castle aria-hidden="true" className="size-8" />
      </span>
      <h2 className="text-2xl font-semibold">{t('campaigns.empty.title')}</h2>
      <p className="text-ink-muted">{t('campaigns.empty.text')}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button onClick={onCreate} icon={<Plus aria-hidden="true" className="size-4" />}>
          {t('campaigns.create')}
        </Button>
        <DemoTableButton onCreated={onCreated} onFailed={onFailed} />
      </div>
      <p className="text-sm text-ink-muted">{t('campaigns.demo.hint')}</p>
    </div>
  );
}

// What the dashboard shows before the first campaign exists (docs/product.md#campaigns: no current campaign).
import { useTranslation } from 'react-i18next';
import { Castle, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function EmptyCampaigns({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center shadow-card">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand">
        <Castle aria-hidden="true" className="size-8" />
      </span>
      <h2 className="text-2xl font-semibold">{t('campaigns.empty.title')}</h2>
      <p className="text-ink-muted">{t('campaigns.empty.text')}</p>
      <Button onClick={onCreate} icon={<Plus aria-hidden="true" className="size-4" />}>
        {t('campaigns.create')}
      </Button>
    </div>
  );
}

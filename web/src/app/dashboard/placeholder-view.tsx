// Stands in for the views of later issues: combat (#6).
import { useTranslation } from 'react-i18next';
import { Hammer } from 'lucide-react';
import { Card } from '@/components/ui/card';

export function PlaceholderView({ view }: { view: 'combat' }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-3 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
        <Hammer aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-2xl font-semibold">{t(`dashboard.views.${view}`)}</h2>
      <p className="text-ink-muted">{t(`dashboard.comingSoon.${view}`)}</p>
    </Card>
  );
}

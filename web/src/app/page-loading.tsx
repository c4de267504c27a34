import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** Fills the page area while a page's code loads, so the footer does not jump. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60vh] items-center justify-center text-ink-muted" role="status">
      <Spinner className="size-6" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

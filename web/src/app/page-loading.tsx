import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** Fills the viewport below the header while a page's code loads, so the footer stays below the
 *  fold instead of jumping down when the page arrives (no layout shift). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center text-ink-muted" role="status">
      <Spinner className="size-6" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

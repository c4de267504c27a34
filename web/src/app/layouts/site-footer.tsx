import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';

export function SiteFooter() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <footer className="border-t border-line bg-surface-muted">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.legalLabel')} className="flex flex-wrap gap-x-5 gap-y-2">
          <Link
            className="underline-offset-4 hover:text-ink hover:underline"
            to={localePath(language, '/imprint')}
          >
            {t('footer.imprint')}
          </Link>
          <Link
            className="underline-offset-4 hover:text-ink hover:underline"
            to={localePath(language, '/terms-of-service')}
          >
            {t('footer.terms')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}

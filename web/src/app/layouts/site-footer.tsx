import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { useHydrated } from '@/lib/use-hydrated';

/** The year of the build, that prerendered pages show until their script renders today's (vite.config.ts `define`). */
const BUILD_YEAR = Number(import.meta.env.QK_BUILD_YEAR) || new Date().getFullYear();

export function SiteFooter() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const year = useHydrated() ? new Date().getFullYear() : BUILD_YEAR;
  return (
    <footer className="border-t border-line bg-surface-muted">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        {/* The island script of a public page puts this year in the text (decision 069). */}
        <p data-year={year}>{t('footer.copyright', { year })}</p>
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

import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';

/** Header, page, footer. The page is keyed by the location so that navigating to the URL already
 *  shown reloads the view (spec §2). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-control focus:bg-surface focus:px-4 focus:py-2"
      >
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children ?? <Outlet key={location.key} />}
      </main>
      <SiteFooter />
    </div>
  );
}

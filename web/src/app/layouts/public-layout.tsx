import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { useViewKey } from './use-view-key';

/** Header, page, footer. The page is keyed by useViewKey() so that navigating to the URL already
 *  shown reloads the view (docs/product.md#routes). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const viewKey = useViewKey();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={(event) => {
          // Focus the page without touching the URL (a #fragment navigation is a history entry).
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-control focus:bg-surface focus:px-4 focus:py-2"
      >
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children ?? <Outlet key={viewKey} />}
      </main>
      <SiteFooter />
    </div>
  );
}

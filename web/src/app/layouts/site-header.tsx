// docs/product.md#header-and-footer header: logo, title, mobile menu toggle; logged out: Pricing, Login and
// the FR/EN switch (which rewrites the language segment of the current URL); logged in: Dashboard.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Languages, LayoutDashboard, LogIn, Menu, X } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/logo';
import { currentLanguage } from '@/lib/i18n';
import { localePath, swapLanguage } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';

export function SiteHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const language = currentLanguage();
  const [open, setOpen] = useState(false);
  const other = language === 'fr' ? 'en' : 'fr';
  // The #fragment is unknown to the prerendered page: added once hydrated (decision 038).
  const hydrated = useHydrated();
  const switchTo = swapLanguage(location.pathname, other) + location.search + (hydrated ? location.hash : '');

  const links = session ? (
    <ButtonLink
      to={localePath(language, '/dashboard')}
      icon={<LayoutDashboard aria-hidden="true" className="size-4" />}
    >
      {t('nav.dashboard')}
    </ButtonLink>
  ) : (
    <>
      <ButtonLink variant="ghost" to={localePath(language, '/pricing')}>
        {t('nav.pricing')}
      </ButtonLink>
      <ButtonLink to={localePath(language, '/login')} icon={<LogIn aria-hidden="true" className="size-4" />}>
        {t('nav.login')}
      </ButtonLink>
      <ButtonLink
        variant="secondary"
        to={switchTo}
        hrefLang={other}
        lang={other}
        aria-label={t('nav.switchTo')}
        icon={<Languages aria-hidden="true" className="size-4" />}
      >
        {t('nav.switchShort')}
      </ButtonLink>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-canvas/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={localePath(language, '')}
          className="flex items-center gap-2 rounded-control"
          aria-label={t('nav.home')}
        >
          <Logo className="size-8" />
          <span className="font-display text-xl font-semibold text-ink">{t('common.appName')}</span>
        </Link>
        <nav aria-label={t('nav.mainLabel')} className="hidden items-center gap-2 md:flex">
          {links}
        </nav>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-surface-muted md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-disabled={hydrated ? undefined : true}
          aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
          // Both labels and both icons are in the markup: a public page's island script toggles them
          // without React (decision 069).
          data-label-open={t('nav.openMenu')}
          data-label-close={t('nav.closeMenu')}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="contents" data-icon="open" hidden={open}>
            <Menu aria-hidden="true" className="size-6" />
          </span>
          <span className="contents" data-icon="close" hidden={!open}>
            <X aria-hidden="true" className="size-6" />
          </span>
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label={t('nav.mainLabel')}
        hidden={!open}
        className="flex flex-col gap-2 border-t border-line bg-canvas px-4 py-3 md:hidden"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        {links}
      </nav>
    </header>
  );
}

// The player page's top bar (docs/decisions/028): the app's mark, the language switch (players may read in
// their own language, whatever the game master's) and the table-screen mode's toggle
// (hooks/use-table-screen.ts).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Maximize2, Minimize2 } from 'lucide-react';
import { Logo } from '@/components/logo';
import { LANGUAGES, type Language } from '@/lib/i18n';
import { swapLanguage } from '@/lib/paths';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

export function PlayerChrome({
  children,
  tableScreen,
}: {
  children: ReactNode;
  tableScreen?: { on: boolean; toggle: () => void };
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = i18n.language as Language;
  return (
    <div className="min-h-dvh bg-canvas text-ink">
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-2">
          <span className="flex min-w-0 items-center gap-2 font-display text-lg font-semibold">
            <Logo className="size-7 shrink-0" />
            <span className="truncate">{t('common.appName')}</span>
          </span>
          <div className="flex items-center gap-1">
            <nav aria-label={t('playerView.language')}>
              <ul className="flex items-center gap-1">
                {LANGUAGES.map((language) => (
                  <li key={language}>
                    <Link
                      replace
                      to={swapLanguage(location.pathname, language)}
                      lang={language}
                      hrefLang={language}
                      aria-current={language === current ? 'true' : undefined}
                      className={
                        'inline-flex h-10 items-center rounded-control px-2 text-sm font-medium ' +
                        (language === current
                          ? 'bg-brand-soft text-ink underline underline-offset-4'
                          : 'text-ink-muted hover:bg-surface-muted hover:text-ink')
                      }
                    >
                      {LANGUAGE_NAMES[language]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {tableScreen ? (
              <button
                type="button"
                aria-pressed={tableScreen.on}
                title={t('playerView.tableScreenHint')}
                onClick={tableScreen.toggle}
                className="inline-flex h-10 items-center gap-1.5 rounded-control border border-line px-2 text-sm font-medium text-ink hover:bg-surface-muted"
              >
                {tableScreen.on ? (
                  <Minimize2 aria-hidden="true" className="size-4" />
                ) : (
                  <Maximize2 aria-hidden="true" className="size-4" />
                )}
                <span className="sr-only sm:not-sr-only">{t('playerView.tableScreen')}</span>
              </button>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto flex max-w-6xl flex-col gap-4 px-3 py-4 sm:px-4">
        {children}
      </main>
    </div>
  );
}

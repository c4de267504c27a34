// The player page's top bar (issue #15): the app's mark, the language switch (players may read in
// their own language, whatever the game master's) and the table-screen mode: large type, full screen,
// for a TV at the table. Large type scales the root font size, which every rem-based style follows.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Maximize2, Minimize2 } from 'lucide-react';
import { Logo } from '@/components/logo';
import { LANGUAGES, type Language } from '@/lib/i18n';
import { swapLanguage } from '@/lib/paths';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };
const TABLE_FONT_SIZE = '160%';

/** Table-screen mode: on while toggled on; leaving full screen (Escape) leaves it too. */
export function useTableScreen() {
  const [on, setOn] = useState(false);

  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = TABLE_FONT_SIZE;
    const onChange = () => {
      if (!document.fullscreenElement) setOn(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      root.style.fontSize = before;
      document.removeEventListener('fullscreenchange', onChange);
    };
  }, [on]);

  const toggle = useCallback(() => {
    setOn((was) => {
      if (was) {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      } else {
        // Full screen may be refused (an iframe, an old browser): large type alone still helps.
        void document.documentElement.requestFullscreen?.().catch(() => undefined);
      }
      return !was;
    });
  }, []);

  return { on, toggle };
}

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

// The campaign search as the dashboard opens it (docs/product.md#campaign-search): Ctrl+K (⌘K) anywhere
// while a campaign's view is open, or the top bar's search button, opens the palette
// (./components/search-palette.tsx, loaded on first use). Closing it puts the focus back where it was;
// opening a result moves it to the view.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { isPaletteShortcut, usesCommandKey } from './lib/keys';

const SearchPalette = lazy(() => import('./components/search-palette'));

/**
 * The palette of `campaignId` (null: no campaign view is open, nothing opens): `open` for the top
 * bar's button, and the `palette` element to render once in the page.
 */
export function useSearchPalette(campaignId: string | null) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef(false);

  const show = useCallback(() => {
    if (!campaignId) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    shown.current = true;
    setOpen(true);
  }, [campaignId]);

  const close = useCallback((focus: 'opener' | 'main') => {
    if (!shown.current) return;
    shown.current = false;
    // The dialog leaves the page first: until then everything else is inert and cannot take the focus.
    flushSync(() => setOpen(false));
    const target = focus === 'opener' && opener.current?.isConnected ? opener.current : null;
    opener.current = null;
    (target ?? document.getElementById('main'))?.focus();
  }, []);

  useEffect(() => {
    if (!campaignId) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isPaletteShortcut(event)) return;
      // Another dialog (a form, a confirmation) keeps the keyboard; the palette does not stack on it.
      const dialog = document.querySelector('dialog[open]');
      if (dialog && !dialog.hasAttribute('data-search-palette')) return;
      event.preventDefault();
      if (dialog) return; // Already open: its field has the focus.
      show();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [campaignId, show]);

  const palette =
    open && campaignId ? (
      <Suspense fallback={null}>
        <SearchPalette campaignId={campaignId} onClose={close} />
      </Suspense>
    ) : null;
  return { available: campaignId !== null, open: show, palette };
}

/**
 * The top bar's search button: its word and, on a wide screen, the shortcut (both in its name, so
 * a speech user says what is shown); an icon with the word for assistive technology on a phone.
 */
export function SearchButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const shortcut = usesCommandKey() ? '⌘K' : 'Ctrl K';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      title={`${t('search.palette.open')} (${shortcut})`}
      className="inline-flex size-11 shrink-0 items-center justify-center gap-2 rounded-control text-ink hover:bg-surface-muted sm:h-9 sm:w-auto sm:border sm:border-line sm:bg-surface sm:px-3 sm:text-sm"
    >
      <Search aria-hidden="true" className="size-5 text-ink-muted sm:size-4" />
      <span className="max-sm:sr-only">{t('search.palette.button')}</span>
      <kbd className="hidden rounded border border-line bg-surface-muted px-1.5 font-sans text-xs text-ink-muted lg:inline">
        {shortcut}
      </kbd>
    </button>
  );
}

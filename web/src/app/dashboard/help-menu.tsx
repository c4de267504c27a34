// The top bar's help menu (docs/product.md#guided-first-fight): a menu button whose one item reopens the
// guided first fight's checklist. The menu itself is the shared anchored popover (focus into it, arrow
// keys, Escape or Tab away close it and focus returns to the button).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleHelp, ListChecks } from 'lucide-react';
import { AnchoredPopover } from '@/components/ui/anchored-popover';

export const HELP_BUTTON_ID = 'help-menu-button';

export function HelpMenu({ onOpenGuide }: { onOpenGuide: () => void }) {
  const { t } = useTranslation();
  /** The button while the menu is open. */
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        id={HELP_BUTTON_ID}
        type="button"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={t('dashboard.help.menu')}
        title={t('dashboard.help.menu')}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setAnchor(event.currentTarget);
          }
        }}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-ink hover:bg-surface-muted"
      >
        <CircleHelp aria-hidden="true" className="size-5" />
      </button>
      {anchor ? (
        <AnchoredPopover
          anchor={anchor}
          role="menu"
          label={t('dashboard.help.menu')}
          onClose={() => setAnchor(null)}
          className="p-1"
        >
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setAnchor(null);
              onOpenGuide();
            }}
            className="flex w-full items-center gap-2 rounded-control px-3 py-2 text-left text-sm font-medium text-ink hover:bg-surface-muted focus-visible:bg-surface-muted"
          >
            <ListChecks aria-hidden="true" className="size-4 shrink-0 text-brand" />
            <span>{t('dashboard.help.guide')}</span>
          </button>
        </AnchoredPopover>
      ) : null}
    </>
  );
}

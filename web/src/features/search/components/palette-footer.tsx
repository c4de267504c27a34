// The palette's footer: what was just added to the fight (or why it was not), the keys of the palette
// — arrows, Enter, Shift+Enter while a fight is in setup, Escape — hidden on a phone where there is no
// keyboard, and "Add … to the allies / enemies" for the active unit as a real button, shown when the
// keyboard reaches it (the rows carry the same action for the pointer).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex h-5 min-w-5 items-center justify-center rounded border border-line bg-surface-muted px-1 font-sans text-[0.7rem] font-medium text-ink">
      {children}
    </kbd>
  );
}

interface PaletteFooterProps {
  /** What the last add did, in words. */
  notice: string;
  /** Why the last add failed. */
  error: string | null;
  /** A fight is in setup: Shift+Enter is one of the keys. */
  canAdd: boolean;
  /** The active unit's add, when it may join. */
  action: { label: string; busy: boolean; onClick: () => void } | null;
}

export function PaletteFooter({ notice, error, canAdd, action }: PaletteFooterProps) {
  const { t } = useTranslation();
  const hints: { keys: ReactNode; label: string }[] = [
    {
      keys: (
        <>
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd>
        </>
      ),
      label: t('search.palette.keys.move'),
    },
    { keys: <Kbd>{t('search.palette.keys.enter')}</Kbd>, label: t('search.palette.keys.open') },
    ...(canAdd
      ? [
          {
            keys: (
              <>
                <Kbd>{t('search.palette.keys.shift')}</Kbd>
                <Kbd>{t('search.palette.keys.enter')}</Kbd>
              </>
            ),
            label: t('search.palette.keys.add'),
          },
        ]
      : []),
    { keys: <Kbd>{t('search.palette.keys.esc')}</Kbd>, label: t('search.palette.keys.close') },
  ];
  return (
    // On a phone (no keys to show) the footer only takes room to say what an add did.
    <div
      className={
        'flex flex-col gap-2 border-t border-line px-4 py-2 text-xs text-ink-muted ' +
        (notice || error ? '' : 'max-sm:border-t-0 max-sm:py-0')
      }
    >
      <p role="status" className={notice ? 'text-sm font-medium text-success' : 'sr-only'}>
        {notice}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ul
          aria-label={t('search.palette.keys.label')}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 max-sm:hidden"
        >
          {hints.map((hint) => (
            <li key={hint.label} className="inline-flex items-center gap-1">
              <span className="inline-flex gap-0.5">{hint.keys}</span>
              <span>{hint.label}</span>
            </li>
          ))}
        </ul>
        {action ? (
          <Button
            variant="secondary"
            size="sm"
            loading={action.busy}
            onClick={action.onClick}
            className="sr-only focus:not-sr-only"
          >
            {action.label}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

// The campaign's files, beside rename in the sidebar (docs/decisions/024): a menu button with "Export (JSON)",
// "Backup with images (ZIP)" (docs/decisions/077) and "Rules as markdown". A menu of the WAI-ARIA pattern: Enter, Space or the arrows open it on an
// item, the arrows, Home and End move, Escape closes it back to the button, Tab leaves it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EllipsisVertical, FileArchive, FileJson, FileText, type LucideIcon } from 'lucide-react';
import { useToast } from '@/components/toast/toast-store';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { ARCHIVE_MAX_BYTES, downloadCampaignFile, type CampaignFileKind } from '../api/campaign-file';

const ITEMS: {
  kind: CampaignFileKind;
  icon: LucideIcon;
  label: 'exportJson' | 'exportArchive' | 'rulesMarkdown';
}[] = [
  { kind: 'json', icon: FileJson, label: 'exportJson' },
  { kind: 'archive', icon: FileArchive, label: 'exportArchive' },
  { kind: 'markdown', icon: FileText, label: 'rulesMarkdown' },
];

/** Focuses the menu's item at `index`, wrapping around (-1 is the last). */
function focusMenuItem(menu: HTMLElement | null, index: number) {
  const list = Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  list[(index + list.length) % list.length]?.focus();
}

export function CampaignFileMenu({ campaign, className }: { campaign: Campaign; className: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const label = t('campaigns.file.menu', { name: campaign.name });

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => focusMenuItem(menu.current, index);

  // Opening moves the focus into the menu (first or last item, as the key asked).
  const [openAt, setOpenAt] = useState<'first' | 'last'>('first');
  useEffect(() => {
    if (open) focusMenuItem(menu.current, openAt === 'first' ? 0 : -1);
  }, [open, openAt]);

  // A click anywhere else closes it, leaving the focus where that click put it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function openMenu(at: 'first' | 'last') {
    if (busy) return;
    setOpenAt(at);
    setOpen(true);
  }

  async function download(kind: CampaignFileKind) {
    close();
    setBusy(true);
    try {
      const size = await downloadCampaignFile(campaign, kind);
      // A backup whose pictures pass the import's limit is saved all the same, and says so: it cannot
      // come back through an import as it is (decision 077).
      if (kind === 'archive' && size > ARCHIVE_MAX_BYTES) {
        const numbers = new Intl.NumberFormat(i18n.language);
        const megabytes = (bytes: number) => numbers.format(Math.ceil(bytes / (1024 * 1024)));
        toast.info(
          t('campaigns.file.archiveTooLarge', {
            name: campaign.name,
            size: megabytes(size),
            limit: megabytes(ARCHIVE_MAX_BYTES),
          }),
          { duration: 30_000 },
        );
      }
    } catch (failure) {
      toast.error(t('campaigns.file.failed', { name: campaign.name, reason: errorMessage(failure) }));
    } finally {
      setBusy(false);
    }
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(index + 1),
      ArrowUp: () => focusItem(index - 1),
      Home: () => focusItem(0),
      End: () => focusItem(-1),
      // Escape closes the menu only (not the drawer around the sidebar).
      Escape: () => {
        event.stopPropagation();
        close();
      },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        // Not `disabled`: the focus stays on the button while the file downloads.
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => (open ? setOpen(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {busy ? <Spinner /> : <EllipsisVertical aria-hidden="true" className="size-4" />}
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-full z-30 mt-1 flex w-56 flex-col rounded-card border border-line bg-surface p-1 shadow-card"
        >
          {ITEMS.map(({ kind, icon: Icon, label: key }) => (
            <li key={kind} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => void download(kind)}
                className="flex min-h-10 w-full items-center gap-2 rounded-control px-3 py-2 text-left text-sm text-ink hover:bg-surface-muted focus-visible:bg-surface-muted"
              >
                <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                {t(`campaigns.file.${key}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// A modal dialog on the native <dialog> element: showModal() gives the focus trap, inert
// background, Escape to close and top-layer stacking without a library.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';

interface ModalProps {
  open: boolean;
  title: string;
  /** Called on Escape, the close button or a click on the backdrop (unless `busy`). */
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** While true, the dialog cannot be dismissed (a save is in flight). */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Fills the viewport (the editor's fullscreen). */
  fullscreen?: boolean;
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' };

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  busy = false,
  size = 'md',
  fullscreen = false,
}: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs while the dialog is still closed (nothing can take focus there), and
      // showModal() then focuses the first button, the close one: a field marked data-autofocus
      // takes the focus instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current && !busy) onClose();
      }}
      className={
        'm-auto w-[calc(100%-1.5rem)] rounded-card border border-line bg-surface p-0 text-ink shadow-card backdrop:bg-black/50 ' +
        (fullscreen ? 'h-[calc(100dvh-1.5rem)] max-w-none' : `max-h-[calc(100dvh-1.5rem)] ${widths[size]}`)
      }
    >
      <div className={`flex flex-col ${fullscreen ? 'h-full' : 'max-h-[calc(100dvh-1.5rem)]'}`}>
        <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label={t('common.close')}
            className="inline-flex size-9 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>
        ) : null}
      </div>
    </dialog>
  );
}

// A toolbar button that opens a small panel (heading levels, table size). A disclosure rather than an
// ARIA menu: the panel holds plain buttons and inputs reachable with Tab (arrow keys move between
// its buttons too). Escape, a click outside or Tab away closes it; so does a choice
// (docs/product.md#behaviour).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { toolButtonClasses, type ToolbarItemProps } from './tool-button';

interface ToolbarMenuProps {
  label: string;
  icon: ReactNode;
  item: ToolbarItemProps;
  /** Width of the panel in px: it opens leftwards when it would leave the viewport. */
  panelWidth: number;
  children: (close: () => void) => ReactNode;
}

export function ToolbarMenu({ label, icon, item, panelWidth, children }: ToolbarMenuProps) {
  const [open, setOpen] = useState(false);
  const [alignRight, setAlignRight] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const first = panelRef.current?.querySelector<HTMLElement>('input, button');
    first?.focus();
    if (first instanceof HTMLInputElement) first.select();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const toggle = () => {
    const left = buttonRef.current?.getBoundingClientRect().left ?? 0;
    setAlignRight(left + panelWidth > window.innerWidth - 8);
    setOpen((value) => !value);
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Only the menu closes: not the fullscreen mode nor a dialog around the editor.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(panelRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const index = buttons.indexOf(event.target as HTMLElement);
    if (index === -1) return;
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    buttons[(index + step + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        {...item}
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onMouseDown={(event) => event.preventDefault()}
        onClick={toggle}
        className={`${toolButtonClasses} w-auto gap-0.5 px-1.5`}
      >
        {icon}
        <ChevronDown aria-hidden="true" className="size-3.5" />
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={label}
          onKeyDown={onPanelKeyDown}
          style={{ width: panelWidth }}
          className={
            'absolute top-full z-20 mt-1 rounded-control border border-line bg-surface p-2 text-ink shadow-card ' +
            (alignRight ? 'right-0' : 'left-0')
          }
        >
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

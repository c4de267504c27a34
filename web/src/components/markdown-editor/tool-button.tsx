import type { ReactNode } from 'react';

/** What the toolbar gives each of its items for the roving focus (one Tab stop, arrows inside). */
export interface ToolbarItemProps {
  'data-toolbar-item': '';
  tabIndex: 0 | -1;
  onFocus: () => void;
}

export const toolButtonClasses =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-control text-ink-muted transition-colors ' +
  'hover:bg-surface hover:text-ink aria-expanded:bg-surface aria-expanded:text-ink';

interface ToolButtonProps {
  label: string;
  icon: ReactNode;
  item: ToolbarItemProps;
  onClick: () => void;
}

/** An icon button of the editor toolbar; its label is both its accessible name and its tooltip. */
export function ToolButton({ label, icon, item, onClick }: ToolButtonProps) {
  return (
    <button
      {...item}
      type="button"
      aria-label={label}
      title={label}
      // Keeps the focus, hence the selection, in the text area when clicked with a pointer.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={toolButtonClasses}
    >
      {icon}
    </button>
  );
}

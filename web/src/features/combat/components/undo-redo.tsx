// Undo and Redo of the fight's steps (decision 021), as buttons and as Ctrl+Z,
// Ctrl+Shift+Z and Ctrl+Y (Cmd on a Mac) — except while typing in a field, where those keys belong
// to the field.
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redo2, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLatest } from '@/lib/use-latest';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

// Memoised: most answers leave both buttons as they were.
export const UndoRedo = memo(function UndoRedo({
  canUndo,
  canRedo,
  onUndo,
  onRedo,
}: {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const { t } = useTranslation();
  const latest = useLatest({ canUndo, canRedo, onUndo, onRedo });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || typing(event.target)) return;
      // A dialog (End combat?) owns the keyboard while it is open.
      if (document.querySelector('[role="dialog"], dialog[open]')) return;
      const key = event.key.toLowerCase();
      const now = latest.current;
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        if (now.canUndo) now.onUndo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        if (now.canRedo) now.onRedo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);

  return (
    <div className="flex shrink-0 gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={!canUndo}
        onClick={onUndo}
        aria-keyshortcuts="Control+Z"
        icon={<Undo2 aria-hidden="true" className="size-4" />}
      >
        {t('combat.undo')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={!canRedo}
        onClick={onRedo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        icon={<Redo2 aria-hidden="true" className="size-4" />}
      >
        {t('combat.redo')}
      </Button>
    </div>
  );
});

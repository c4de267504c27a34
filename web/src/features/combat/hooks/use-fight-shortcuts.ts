// Keyboard shortcuts of the fight: N next turn, A the amount, X attack, H heal, U spends a counter of
// the unit whose turn it is (docs/decisions/062), a digit
// starts the amount for the target (then Enter attacks: two keystrokes), ? lists them all in a
// dialog (components/fight-shortcuts.tsx, with the keys of the unit cards, fight-group.tsx). Never
// while typing in a field (those keys are the field's), never with Ctrl, Alt or Cmd (the browser's,
// and Undo/Redo's: undo-redo.tsx), never while a dialog is open.
import { useEffect } from 'react';
import { useLatest } from '@/lib/use-latest';

export interface FightKeys {
  onNextTurn: () => void;
  onFocusAmount: (typed?: string) => void;
  onAttack: () => void;
  onHeal: () => void;
  onHelp: () => void;
  /** The first counter with something left of the unit whose turn it is. */
  onSpendCounter: () => void;
}

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Whether a key press over the fight may be a shortcut: not while typing in a field, not with Ctrl,
 * Alt or Cmd, not while a dialog is open, not already handled. Every fight key listener asks this.
 */
export function isFightShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.isComposing || isTyping(event.target)) return false;
  return !document.querySelector('dialog[open], [role="dialog"]');
}

export function useFightShortcuts(keys: FightKeys, enabled: boolean) {
  const latest = useLatest({ keys, enabled });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { keys: now, enabled: on } = latest.current;
      if (!on || !isFightShortcut(event)) return;
      const key = event.key;
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (key === '?') run(now.onHelp);
      else if (/^[0-9]$/.test(key)) run(() => now.onFocusAmount(key));
      else if (event.shiftKey) return;
      else if (key === 'n' || key === 'N') run(now.onNextTurn);
      else if (key === 'a' || key === 'A') run(() => now.onFocusAmount());
      else if (key === 'x' || key === 'X') run(now.onAttack);
      else if (key === 'h' || key === 'H') run(now.onHeal);
      else if (key === 'u' || key === 'U') run(now.onSpendCounter);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);
}

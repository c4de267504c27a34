// Keyboard shortcuts of the fight (issue #16): N next turn, A the amount, X attack, H heal, a digit
// starts the amount for the target (then Enter attacks: two keystrokes), ? lists them all in a
// dialog. Never while typing in a field (those keys are the field's), never with Ctrl, Alt or Cmd
// (the browser's, and Undo/Redo's: undo-redo.tsx), never while a dialog is open.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { useLatest } from '@/lib/use-latest';

export interface FightKeys {
  onNextTurn: () => void;
  onFocusAmount: (typed?: string) => void;
  onAttack: () => void;
  onHeal: () => void;
  onHelp: () => void;
}

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useFightShortcuts(keys: FightKeys, enabled: boolean) {
  const latest = useLatest({ keys, enabled });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { keys: now, enabled: on } = latest.current;
      if (!on || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.isComposing || isTyping(event.target)) return;
      if (document.querySelector('dialog[open], [role="dialog"]')) return;
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
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);
}

const SHORTCUTS = [
  { keys: ['N'], label: 'combat.fast.shortcuts.nextTurn' },
  { keys: ['Ctrl', 'Z'], label: 'combat.fast.shortcuts.undo' },
  { keys: ['Ctrl', 'Shift', 'Z'], alt: ['Ctrl', 'Y'], label: 'combat.fast.shortcuts.redo' },
  { keys: ['A'], label: 'combat.fast.shortcuts.amount' },
  { keys: ['0–9'], label: 'combat.fast.shortcuts.digit' },
  { keys: ['X'], label: 'combat.fast.shortcuts.attack' },
  { keys: ['H'], label: 'combat.fast.shortcuts.heal' },
  { keys: ['Shift', 'Click'], label: 'combat.fast.shortcuts.several' },
  { keys: ['?'], label: 'combat.fast.shortcuts.help' },
] as const;

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {keys.map((key, index) => (
        <span key={key} className="inline-flex items-center gap-1">
          {index > 0 ? <span aria-hidden="true">+</span> : null}
          <kbd className="rounded border border-line bg-surface-muted px-1.5 py-0.5 font-mono text-sm">
            {key}
          </kbd>
        </span>
      ))}
    </span>
  );
}

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // Closed, it builds nothing: the fight view renders it on every blow.
  if (!open) return null;
  return (
    <Modal open={open} title={t('combat.fast.shortcuts.title')} onClose={onClose}>
      <p className="mb-3 text-sm text-ink-muted">{t('combat.fast.shortcuts.intro')}</p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {t('combat.fast.shortcuts.key')}
            </th>
            <th scope="col" className="py-1.5 font-medium">
              {t('combat.fast.shortcuts.does')}
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((item) => (
            <tr key={item.label} className="border-b border-line last:border-b-0">
              <td className="py-1.5 pr-3 whitespace-nowrap">
                <Keys keys={item.keys} />
                {'alt' in item ? (
                  <>
                    {' / '}
                    <Keys keys={item.alt} />
                  </>
                ) : null}
              </td>
              <td className="py-1.5">{t(item.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}

// Keyboard shortcuts of the fight (issue #16): N next turn, A the amount, X attack, H heal, a digit
// starts the amount for the target (then Enter attacks: two keystrokes), ? lists them all in a
// dialog (with the keys of the unit cards, fight-group.tsx). Never while typing in a field (those keys are the field's), never with Ctrl, Alt or Cmd
// (the browser's, and Undo/Redo's: undo-redo.tsx), never while a dialog is open.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
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
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);
}

// Every key's name is said in the page's language ("Shift + Click" is "Maj + clic" in French, issue
// #29); letters, digits, Ctrl and Alt are the same in both. A row lists one or more combinations.
type KeyName = 'shift' | 'click' | 'up' | 'down' | 'home' | 'end';
type Key = KeyName | { text: string };
type Combo = readonly Key[];

const letter = (text: string): Key => ({ text });
const CTRL = letter('Ctrl');
const ALT = letter('Alt');
/** What a named key shows (an arrow) where it is not a word; screen readers hear the word. */
const GLYPHS: Partial<Record<KeyName, string>> = { up: '↑', down: '↓' };

type Does =
  | 'nextTurn'
  | 'undo'
  | 'redo'
  | 'amount'
  | 'digit'
  | 'sign'
  | 'attack'
  | 'heal'
  | 'walk'
  | 'ends'
  | 'reorder'
  | 'several'
  | 'help';

const SHORTCUTS: readonly { combos: readonly Combo[]; label: `combat.fast.shortcuts.${Does}` }[] = [
  { combos: [[letter('N')]], label: 'combat.fast.shortcuts.nextTurn' },
  { combos: [[CTRL, letter('Z')]], label: 'combat.fast.shortcuts.undo' },
  {
    combos: [
      [CTRL, 'shift', letter('Z')],
      [CTRL, letter('Y')],
    ],
    label: 'combat.fast.shortcuts.redo',
  },
  { combos: [[letter('A')]], label: 'combat.fast.shortcuts.amount' },
  { combos: [[letter('0–9')]], label: 'combat.fast.shortcuts.digit' },
  { combos: [[letter('+')], [letter('-')]], label: 'combat.fast.shortcuts.sign' },
  { combos: [[letter('X')]], label: 'combat.fast.shortcuts.attack' },
  { combos: [[letter('H')]], label: 'combat.fast.shortcuts.heal' },
  { combos: [['up'], ['down'], [letter('K')], [letter('J')]], label: 'combat.fast.shortcuts.walk' },
  { combos: [['home'], ['end']], label: 'combat.fast.shortcuts.ends' },
  {
    combos: [
      [ALT, 'up'],
      [ALT, 'down'],
    ],
    label: 'combat.fast.shortcuts.reorder',
  },
  { combos: [['shift', 'click']], label: 'combat.fast.shortcuts.several' },
  { combos: [[letter('?')]], label: 'combat.fast.shortcuts.help' },
];

function KeyCap({ name }: { name: Key }) {
  const { t } = useTranslation();
  const text = typeof name === 'string' ? t(`combat.fast.shortcuts.keyNames.${name}`) : name.text;
  const glyph = typeof name === 'string' ? GLYPHS[name] : undefined;
  return (
    <kbd className="rounded border border-line bg-surface-muted px-1.5 py-0.5 font-mono text-sm">
      {glyph ? (
        <>
          <span aria-hidden="true">{glyph}</span>
          <span className="sr-only">{text}</span>
        </>
      ) : (
        text
      )}
    </kbd>
  );
}

/** One combination ("Ctrl + Z"), never split over two lines. */
function Keys({ keys }: { keys: Combo }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      {keys.map((key, index) => (
        <span key={index} className="inline-flex items-center gap-1">
          {index > 0 ? <span aria-hidden="true">+</span> : null}
          <KeyCap name={key} />
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
    <Modal open={open} title={t('combat.fast.shortcuts.title')} size="lg" onClose={onClose}>
      <p className="mb-3 text-sm text-ink-muted">{t('combat.fast.shortcuts.intro')}</p>
      {/* The keys' column takes what its longest key needs; combinations wrap between them. */}
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
            <tr key={item.label} className="border-b border-line align-top last:border-b-0">
              <td className="py-1.5 pr-3">
                <span className="flex max-w-48 flex-wrap items-center gap-x-1.5 gap-y-1">
                  {item.combos.map((combo, index) => (
                    <span key={index} className="inline-flex items-center gap-1.5">
                      {index > 0 ? (
                        <span className="text-ink-muted">{t('combat.fast.shortcuts.or')}</span>
                      ) : null}
                      <Keys keys={combo} />
                    </span>
                  ))}
                </span>
              </td>
              <td className="py-1.5 break-words">{t(item.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* In the scrolling part: on a short screen, Tab scrolls the list down to it. */}
      <div className="mt-3 flex justify-end">
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t('combat.fast.shortcuts.close')}
        </Button>
      </div>
    </Modal>
  );
}

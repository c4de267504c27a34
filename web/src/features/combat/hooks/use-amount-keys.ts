// The amount's keys with no field focused: `+` and `-` start the amount as a digit does
// (fight-shortcuts.tsx), so "+5" typed over the fight heals; Enter applies what the amount says, or
// says what is missing ("Pick a target first"). Same guards as the other shortcuts: never while
// typing in a field, with Ctrl, Alt or Cmd, or while a dialog is open; Enter only when nothing has
// focus (on a button or a card, Enter is that control's own).
import { useEffect } from 'react';
import { useLatest } from '@/lib/use-latest';
import { isFightShortcut } from './use-fight-shortcuts';

/** What Enter lacked: a target, or an amount. */
export type Missing = 'target' | 'amount';

export interface AmountKeys {
  /** `+` or `-`: the amount field, starting with that sign. */
  onSign: (typed: string) => void;
  onEnter: () => void;
}

export function useAmountKeys(keys: AmountKeys, enabled: boolean) {
  const latest = useLatest({ keys, enabled });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { keys: now, enabled: on } = latest.current;
      if (!on || !isFightShortcut(event)) return;
      if (event.key === '+' || event.key === '-') {
        event.preventDefault();
        now.onSign(event.key);
      } else if (event.key === 'Enter' && !event.shiftKey && nothingFocused()) {
        event.preventDefault();
        now.onEnter();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);
}

function nothingFocused(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

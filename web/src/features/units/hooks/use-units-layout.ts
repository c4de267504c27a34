// Cards or a compact table (campaigns with many units), remembered per browser: the
// choice is about the screen and the game master, not the campaign or the account.
import { useCallback, useState } from 'react';

export type UnitsLayout = 'cards' | 'table';

export const UNITS_LAYOUT_KEY = 'questkeeper.unitsLayout';

function stored(): UnitsLayout {
  try {
    return localStorage.getItem(UNITS_LAYOUT_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards'; // Storage blocked: the default, every time.
  }
}

export function useUnitsLayout(): [UnitsLayout, (layout: UnitsLayout) => void] {
  const [layout, setLayout] = useState(stored);
  const choose = useCallback((next: UnitsLayout) => {
    setLayout(next);
    try {
      localStorage.setItem(UNITS_LAYOUT_KEY, next);
    } catch {
      // Not remembered; the choice still holds for this visit.
    }
  }, []);
  return [layout, choose];
}

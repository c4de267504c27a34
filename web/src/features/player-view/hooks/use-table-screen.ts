// The player page's table-screen mode: large type, full screen, for a TV at the table. Large type
// scales the root font size, which every rem-based style follows.
import { useCallback, useEffect, useState } from 'react';

const TABLE_FONT_SIZE = '160%';

/** Table-screen mode: on while toggled on; leaving full screen (Escape) leaves it too. */
export function useTableScreen() {
  const [on, setOn] = useState(false);

  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = TABLE_FONT_SIZE;
    const onChange = () => {
      if (!document.fullscreenElement) setOn(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      root.style.fontSize = before;
      document.removeEventListener('fullscreenchange', onChange);
    };
  }, [on]);

  const toggle = useCallback(() => {
    setOn((was) => {
      if (was) {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      } else {
        // Full screen may be refused (an iframe, an old browser): large type alone still helps.
        void document.documentElement.requestFullscreen?.().catch(() => undefined);
      }
      return !was;
    });
  }, []);

  return { on, toggle };
}

// After a demo page changed (or left) a subscription: the signed-in session learns the new tier, and
// a pop-up closes itself so the window that opened it (polling for it to close, use-checkout-window.ts)
// takes over.
import { useEffect, useState } from 'react';
import { refreshSession } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { openedAsPopup } from '../api/use-demo-session';

/** Long enough to read "All set", short enough not to wait for it. */
export const CLOSE_DELAY_MS = 2000;

export function useFinish() {
  const [finished, setFinished] = useState<{ closing: boolean } | null>(null);

  useEffect(() => {
    if (!finished?.closing) return;
    const timer = window.setTimeout(() => window.close(), CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [finished]);

  function finish() {
    // This tab's copy of the session (the "Back to Questkeeper" link stays in this app).
    if (getSession()) refreshSession().catch(() => undefined);
    setFinished({ closing: openedAsPopup() });
  }

  return { finished, finish };
}

// Loads the demo session of the page's URL. An unknown id (404) is its own state, not an error: the
// page says the link does not exist rather than offering to try again.
import { useCallback, useEffect, useState } from 'react';
import type { DemoSession } from '@questkeeper/core/schemas/payments';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fetchDemoSession, type DemoKind } from './demo-payments-api';

export type DemoSessionLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; session: DemoSession };

export function useDemoSession(kind: DemoKind, id: string) {
  const [load, setLoad] = useState<DemoSessionLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchDemoSession(kind, id, controller.signal).then(
      (session) => setLoad({ status: 'ready', session }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (failure instanceof ApiError && failure.status === 404) setLoad({ status: 'missing' });
        else setLoad({ status: 'error', message: errorMessage(failure) });
      },
    );
    return () => controller.abort();
  }, [kind, id, attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { load, retry };
}

/** True when this page was opened by another window of the app (the upgrade modal, pricing). */
export function openedAsPopup(): boolean {
  try {
    return Boolean(window.opener) && !(window.opener as Window).closed;
  } catch {
    return false; // An opener on another origin may refuse even this.
  }
}

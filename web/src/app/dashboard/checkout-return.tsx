// Back from a provider's hosted checkout (Stripe's success_url / cancel_url):
// /{lang}/dashboard?checkout=success&plan=…|cancelled. The plan changes when the provider's webhook
// lands, which may be a moment after the browser returns: on success the session user is refreshed
// every 2 s for up to 30 s until the tier reaches the plan paid for (or, without a plan in the URL,
// until it changes). In a pop-up (the upgrade modal and the pricing page
// open the checkout in one and wait for it to close) the window closes itself once there is nothing
// left to wait for; in a tab, a notice says what happened. Either way the query value is dropped,
// keeping the dashboard's own parameters (decision 018).
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { PAID_PLANS, tierAtLeast, type PaidPlan, type Tier } from '@questkeeper/core/tiers';
import { refreshSession } from '@/lib/api-client';
import { getSession, useSession } from '@/lib/session';

export const ACTIVATION_POLL_MS = 2000;
export const ACTIVATION_TIMEOUT_MS = 30_000;

type Phase = 'activating' | 'active' | 'slow' | 'cancelled';

function openedAsPopup(): boolean {
  try {
    return Boolean(window.opener) && !(window.opener as Window).closed;
  } catch {
    return false;
  }
}

type CheckoutParams = { checkout: 'success' | 'cancelled' | null; plan: PaidPlan | null };

/** The `checkout` and `plan` query values as the page was entered with (read once). */
function useCheckoutParams(): CheckoutParams {
  const location = useLocation();
  const [value] = useState<CheckoutParams>(() => {
    const params = new URLSearchParams(location.search);
    const raw = params.get('checkout');
    const plan = PAID_PLANS.find((candidate) => candidate === params.get('plan')) ?? null;
    return { checkout: raw === 'success' || raw === 'cancelled' ? raw : null, plan };
  });
  return value;
}

/** Whether the tier shows the checkout's result: the plan paid for (or higher), else any change. */
function activated(tier: Tier, before: Tier | undefined, plan: PaidPlan | null): boolean {
  return plan ? tierAtLeast(tier, plan) : tier !== before;
}

export function CheckoutReturnNotice() {
  const { t } = useTranslation();
  const { checkout, plan } = useCheckoutParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [phase, setPhase] = useState<Phase | null>(
    checkout === 'success' ? 'activating' : checkout === 'cancelled' ? 'cancelled' : null,
  );
  const [popup] = useState(openedAsPopup);
  const tierBefore = useRef(getSession()?.user.tier);
  const tier = session?.user.tier;

  // Drop `checkout` from the URL at once (a reload must not show the notice again), keeping the rest.
  const dropped = useRef(false);
  useEffect(() => {
    if (!checkout || dropped.current) return;
    dropped.current = true;
    const params = new URLSearchParams(location.search);
    if (!params.has('checkout')) return;
    params.delete('checkout');
    params.delete('plan');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: location.state as unknown },
    );
  }, [checkout, location, navigate]);

  // Success: ask for the user again until the webhook has moved the tier (or give up after 30 s).
  useEffect(() => {
    if (phase !== 'activating') return;
    const refresh = () => refreshSession().catch(() => undefined);
    void refresh();
    const poll = window.setInterval(() => void refresh(), ACTIVATION_POLL_MS);
    const timeout = window.setTimeout(() => setPhase('slow'), ACTIVATION_TIMEOUT_MS);
    return () => {
      window.clearInterval(poll);
      window.clearTimeout(timeout);
    };
  }, [phase]);
  useEffect(() => {
    if (phase === 'activating' && tier && activated(tier, tierBefore.current, plan)) setPhase('active');
  }, [phase, tier, plan]);

  // A pop-up has done its part once nothing is left to wait for: its opener takes over.
  useEffect(() => {
    if (popup && phase && phase !== 'activating') window.close();
  }, [popup, phase]);

  if (!phase) return null;
  const message =
    phase === 'activating'
      ? t('dashboard.checkoutReturn.activating')
      : phase === 'active'
        ? t('dashboard.checkoutReturn.active', { plan: tier ?? '' })
        : phase === 'slow'
          ? t('dashboard.checkoutReturn.slow')
          : t('dashboard.checkoutReturn.cancelled');
  return (
    <Alert tone={phase === 'active' ? 'success' : 'info'}>
      <div className="flex items-start gap-3">
        <p className="flex-1">
          {phase === 'activating' ? <Spinner className="mr-2 inline size-4 align-[-2px]" /> : null}
          {message}
        </p>
        {phase === 'activating' ? null : (
          <button
            type="button"
            onClick={() => setPhase(null)}
            aria-label={t('dashboard.checkoutReturn.dismiss')}
            className="-m-1 rounded-control p-1 hover:bg-surface-muted"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </Alert>
  );
}

// Checkout, shared by the pricing page, the login page's preselected plan and (docs/decisions/012) the
// upgrade modal.
import type { checkoutBody, redirectUrl } from '@questkeeper/core/schemas/payments';
import { PAID_PLANS, type PaidPlan } from '@questkeeper/core/tiers';
import { apiRequest } from './api-client';
import type { Language } from './i18n';

export async function createCheckoutSession(plan: PaidPlan, language: Language): Promise<string> {
  const { url } = await apiRequest<{ body: typeof checkoutBody; response: typeof redirectUrl }>(
    'POST',
    '/api/stripe/create-checkout-session',
    { body: { plan, language } },
  );
  return url;
}

/** Opens a checkout URL in a new tab; where pop-ups are blocked, the current tab goes there. */
export function openInNewTab(url: string): Window | null {
  const opened = window.open(url, '_blank');
  if (!opened) window.location.assign(url);
  return opened;
}

export function isPaidPlan(value: string | null | undefined): value is PaidPlan {
  return PAID_PLANS.some((plan) => plan === value);
}

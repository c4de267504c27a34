// The calls behind the demo provider's pages (docs/decisions/018-demo-payment-pages.md). No bearer
// token is needed: the session id in the URL is the capability (the API client adds the token of a
// signed-in visitor anyway; the server ignores it here).
import type { z } from 'zod';
import type {
  demoCheckoutBody,
  demoResult,
  DemoSession,
  demoSession,
  demoSwitchBody,
} from '@questkeeper/core/schemas/payments';
import type { PaidPlan } from '@questkeeper/core/tiers';
import { apiRequest } from '@/lib/api-client';

export type DemoKind = DemoSession['kind'];

const path = (kind: DemoKind, id: string, action = '') =>
  `/api/stripe/demo/${kind}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export function fetchDemoSession(kind: DemoKind, id: string, signal?: AbortSignal) {
  return apiRequest<{ response: typeof demoSession }>('GET', path(kind, id), signal ? { signal } : {});
}

/** Pays the demo checkout; a 400 carries one localized message per invalid address field. */
export function payDemoCheckout(id: string, address: z.input<typeof demoCheckoutBody>) {
  return apiRequest<{ body: typeof demoCheckoutBody; response: typeof demoResult }>(
    'POST',
    path('checkout', id, 'confirm'),
    { body: address },
  );
}

export function cancelDemoCheckout(id: string) {
  return apiRequest<{ response: typeof demoResult }>('POST', path('checkout', id, 'cancel'));
}

export function switchDemoPlan(id: string, plan: PaidPlan) {
  return apiRequest<{ body: typeof demoSwitchBody; response: typeof demoResult }>(
    'POST',
    path('portal', id, 'switch'),
    { body: { plan } },
  );
}

export function cancelDemoSubscription(id: string) {
  return apiRequest<{ response: typeof demoResult }>('POST', path('portal', id, 'cancel'));
}

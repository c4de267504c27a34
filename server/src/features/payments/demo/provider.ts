// The built-in demo payment provider (no STRIPE_* variables): checkout and portal "hosted pages"
// are pages of the web app (/{lang}/demo-checkout/:id, /{lang}/demo-portal/:id) that call
// routes.ts. A session row is the capability its URL carries: random, single use, one hour.
// What a click on those pages does is in flows.ts (docs/decisions/018-demo-payment-pages.md).
import { routes } from '@questkeeper/core/routes';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from '../provider';
import * as repo from '../repository';

export const DEMO_SESSION_TTL_MS = 60 * 60 * 1000;

export function createDemoProvider(deps: { db: Db; publicUrl: string }): PaymentProvider {
  const { db, publicUrl } = deps;
  const expiresAt = () => new Date(Date.now() + DEMO_SESSION_TTL_MS);

  return {
    name: 'demo',

    async createCheckout(request) {
      const id = await repo.insertDemoSession(db, {
        userId: request.userId,
        kind: 'checkout',
        plan: request.plan,
        language: request.language,
        expiresAt: expiresAt(),
      });
      return { url: `${publicUrl}${routes.demoCheckout.getHref(request.language, id)}` };
    },

    async createPortal(request) {
      const id = await repo.insertDemoSession(db, {
        userId: request.userId,
        kind: 'portal',
        plan: null,
        language: request.language,
        expiresAt: expiresAt(),
      });
      return { url: `${publicUrl}${routes.demoPortal.getHref(request.language, id)}` };
    },

    // The demo keeps the address typed on its checkout page in the subscription row.
    async billingAddress(subscription) {
      return subscription?.billingAddress ?? null;
    },

    // A demo subscription exists only in the user's subscriptions row, which the account deletion
    // removes: there is no one else to tell.
    async cancelSubscription() {},

    // No parseWebhook: the demo has no webhooks, its pages' calls apply changes directly (POST /api/stripe/webhook → 404).
  };
}

// The built-in demo payment provider (no STRIPE_* variables): checkout and portal "hosted pages"
// are pages of this app (demo-routes.ts). A session row is the capability its URL carries: random,
// single use, one hour. What a click on those pages does is in demo-flows.ts.
import type { Db } from '../../db/client';
import { DEMO_BASE } from './demo-pages';
import type { PaymentProvider } from './provider';
import * as repo from './repository';

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
      return { url: `${publicUrl}${DEMO_BASE}/checkout/${id}` };
    },

    async createPortal(request) {
      const id = await repo.insertDemoSession(db, {
        userId: request.userId,
        kind: 'portal',
        plan: null,
        language: request.language,
        expiresAt: expiresAt(),
      });
      return { url: `${publicUrl}${DEMO_BASE}/portal/${id}` };
    },

    // The demo keeps the address posted on its checkout page in the subscription row.
    async billingAddress(subscription) {
      return subscription?.billingAddress ?? null;
    },

    // No parseWebhook: the demo has no webhooks, its pages apply changes directly (POST /api/stripe/webhook → 404).
  };
}

import { z } from 'zod';
import { PAID_PLANS } from '../tiers';
import { billingAddress } from './auth';
import { languageSchema, tierSchema } from './common';

export const checkoutBody = z.object({ plan: z.enum(PAID_PLANS), language: languageSchema.optional() });
export type CheckoutBody = z.infer<typeof checkoutBody>;
export const portalBody = z.object({ language: languageSchema.optional() });
export const redirectUrl = z.object({ url: z.string() });

// The demo provider's pages (no STRIPE_* variables; docs/decisions/018-demo-payment-pages.md): web
// pages that read and act on a demo session through these calls. The session id in the path is the
// capability, so they take no bearer token.

/**
 * `live`: the page may act. `expired`: older than its hour. `used`: already acted on, or nothing
 * left to do (the account already has the plan of a checkout, or is back on Novice for a portal).
 */
export const DEMO_SESSION_STATES = ['live', 'expired', 'used'] as const;
export type DemoSessionState = (typeof DEMO_SESSION_STATES)[number];

export const demoSession = z.object({
  kind: z.enum(['checkout', 'portal']),
  /** The plan a checkout subscribes to; null for a portal. */
  plan: z.enum(PAID_PLANS).nullable(),
  language: languageSchema,
  /** The account's tier now. */
  tier: tierSchema,
  state: z.enum(DEMO_SESSION_STATES),
});
export type DemoSession = z.infer<typeof demoSession>;

/** What an action on a demo page did: subscribed or switched, changed nothing, or back to Novice. */
export const demoResult = z.object({
  outcome: z.enum(['confirmed', 'cancelled', 'downgraded']),
  tier: tierSchema,
});
export type DemoResult = z.infer<typeof demoResult>;

/** The billing address typed on the demo checkout page (field errors name its fields). */
export const demoCheckoutBody = billingAddress;
export type DemoCheckoutBody = z.input<typeof demoCheckoutBody>;
export const demoSwitchBody = z.object({ plan: z.enum(PAID_PLANS) });

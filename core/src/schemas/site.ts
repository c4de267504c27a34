import { z } from 'zod';

/** Public facts about this installation that the web app shows (imprint, terms, demo labels). */
export const siteInfo = z.object({
  operator: z.object({
    company: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    registration: z.string(),
    host: z.string(),
  }),
  supportEmail: z.string(),
  /** 'demo' when no Stripe keys are configured: checkout pages are the built-in demo. */
  payments: z.enum(['demo', 'stripe']),
  /** 'demo' when no SMTP server is configured: forgot-password answers with the token. */
  mail: z.enum(['demo', 'smtp']),
  /**
   * true when the operator opened demo mode to a network (DEMO_MODE=true) and mail or payments run
   * in demo: every page then says that they are simulated and anyone can reset any password.
   */
  demoBanner: z.boolean(),
});
export type SiteInfo = z.infer<typeof siteInfo>;

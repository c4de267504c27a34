// What the demo payment pages do. A click plays the part of the provider: it becomes a
// SubscriptionChange applied by the same `apply` a Stripe webhook goes through, in the transaction
// that uses up the session, so a session changes a tier at most once.
import { billingAddress } from '@questkeeper/core/schemas/auth';
import { idSchema } from '@questkeeper/core/schemas/common';
import { fieldErrors } from '@questkeeper/core/validation';
import type { Language } from '@questkeeper/core/i18n';
import { PAID_PLANS, TIERS, type Tier } from '@questkeeper/core/tiers';
import type { Db, Tx } from '../../db/client';
import * as authRepo from '../auth/repository';
import { sampleAddress, type AddressForm, type DemoPage } from './demo-pages';
import type { SubscriptionChange } from './provider';
import * as repo from './repository';

/** Form fields as posted (application/x-www-form-urlencoded). */
export type FormFields = Record<string, string>;

type Apply = (tx: Tx, change: SubscriptionChange) => Promise<unknown>;

const rank = (tier: Tier) => TIERS.indexOf(tier);
const expired = (language: Language, status: 404 | 410 = 410): DemoPage => ({
  page: 'expired',
  status,
  language,
});

export type DemoFlows = ReturnType<typeof createDemoFlows>;

export function createDemoFlows(deps: { db: Db; apply: Apply }) {
  const { db, apply } = deps;

  /** The live session behind an id of a URL, or the page that says it is not (never a 500). */
  async function live(
    id: string,
    kind: repo.DemoSessionKind,
    fallback: Language,
  ): Promise<{ session: repo.DemoSessionRow; tier: Tier } | { page: DemoPage }> {
    if (!idSchema.safeParse(id).success) return { page: expired(fallback, 404) };
    const session = await repo.findDemoSession(db, id);
    if (!session || session.kind !== kind) return { page: expired(fallback, 404) };
    if (session.completedAt || session.expiresAt.getTime() <= Date.now())
      return { page: expired(session.language) };
    const user = await authRepo.findUserById(db, session.userId);
    if (!user) return { page: expired(session.language) };
    return { session, tier: user.tier };
  }

  /** Consumes the session and locks its user, inside `tx`; undefined when it was used meanwhile. */
  async function consume(tx: Tx, id: string, kind: repo.DemoSessionKind) {
    const session = await repo.consumeDemoSession(tx, id, kind);
    const user = session ? await authRepo.lockUser(tx, session.userId) : undefined;
    return session && user ? { session, tier: user.tier } : undefined;
  }

  const demoIds = (session: repo.DemoSessionRow) => ({
    customerId: `demo_cus_${session.userId}`,
    eventId: `demo:${session.id}`,
  });

  return {
    async checkoutPage(id: string, fallback: Language): Promise<DemoPage> {
      const found = await live(id, 'checkout', fallback);
      if ('page' in found) return found.page;
      const { session, tier } = found;
      // A checkout for a plan the user already has (or exceeds) would be a downgrade: not offered.
      if (!session.plan || rank(tier) >= rank(session.plan)) return expired(session.language);
      const { language } = session;
      return {
        page: 'checkout',
        status: 200,
        language,
        sessionId: id,
        plan: session.plan,
        values: sampleAddress(language),
      };
    },

    async confirmCheckout(id: string, form: FormFields, fallback: Language): Promise<DemoPage> {
      const found = await live(id, 'checkout', fallback);
      if ('page' in found) return found.page;
      const { session } = found;
      const values = addressForm(form);
      const parsed = billingAddress.safeParse({
        ...values,
        line2: values.line2.trim() === '' ? null : values.line2,
      });
      if (!parsed.success || !session.plan) {
        return {
          page: 'checkout',
          status: 400,
          language: session.language,
          sessionId: id,
          plan: session.plan ?? 'Adventurer',
          values,
          fields: parsed.success ? {} : fieldErrors(parsed.error.issues, session.language),
        };
      }
      return db.transaction(async (tx) => {
        const used = await consume(tx, id, 'checkout');
        const plan = used?.session.plan;
        if (!used || !plan || rank(used.tier) >= rank(plan)) return expired(session.language);
        await apply(tx, {
          ...demoIds(used.session),
          userId: used.session.userId,
          provider: 'demo',
          plan,
          status: 'active',
          subscriptionId: `demo_sub_${used.session.id}`,
          billingAddress: parsed.data,
          eventType: 'demo.checkout.completed',
        });
        return { page: 'done', language: session.language, message: 'doneConfirmed', plan };
      });
    },

    async cancelCheckout(id: string, fallback: Language): Promise<DemoPage> {
      const found = await live(id, 'checkout', fallback);
      if ('page' in found) return found.page;
      const used = await db.transaction((tx) => consume(tx, id, 'checkout'));
      if (!used) return expired(found.session.language);
      return { page: 'done', language: used.session.language, message: 'doneCancelled' };
    },

    async portalPage(id: string, fallback: Language): Promise<DemoPage> {
      const found = await live(id, 'portal', fallback);
      if ('page' in found) return found.page;
      const { session, tier } = found;
      // Nothing to manage once the account is back on Novice (cancelled from another window).
      if (tier === 'Novice') return expired(session.language);
      return { page: 'portal', status: 200, language: session.language, sessionId: id, plan: tier };
    },

    async switchPlan(id: string, form: FormFields, fallback: Language): Promise<DemoPage> {
      const found = await live(id, 'portal', fallback);
      if ('page' in found) return found.page;
      const { session } = found;
      const plan = PAID_PLANS.find((p) => p === form.plan);
      if (!plan) {
        if (found.tier === 'Novice') return expired(session.language);
        return { page: 'portal', status: 400, language: session.language, sessionId: id, plan: found.tier };
      }
      return db.transaction(async (tx) => {
        const used = await consume(tx, id, 'portal');
        if (!used || used.tier === 'Novice') return expired(session.language);
        if (used.tier === plan) return { page: 'done', language: session.language, message: 'doneCancelled' };
        await apply(tx, {
          ...demoIds(used.session),
          userId: used.session.userId,
          provider: 'demo',
          plan,
          status: 'active',
          eventType: 'demo.portal.switched',
        });
        return { page: 'done', language: session.language, message: 'doneConfirmed', plan };
      });
    },

    async cancelSubscription(id: string, fallback: Language): Promise<DemoPage> {
      const found = await live(id, 'portal', fallback);
      if ('page' in found) return found.page;
      const { session } = found;
      return db.transaction(async (tx) => {
        const used = await consume(tx, id, 'portal');
        if (!used || used.tier === 'Novice') return expired(session.language);
        await apply(tx, {
          ...demoIds(used.session),
          userId: used.session.userId,
          provider: 'demo',
          plan: used.tier,
          status: 'canceled',
          eventType: 'demo.portal.cancelled',
        });
        return { page: 'done', language: session.language, message: 'doneDowngraded' };
      });
    },
  };
}

function addressForm(form: FormFields): AddressForm {
  const field = (name: keyof AddressForm) => form[name] ?? '';
  return {
    line1: field('line1'),
    line2: field('line2'),
    city: field('city'),
    postal_code: field('postal_code'),
    country: field('country'),
  };
}

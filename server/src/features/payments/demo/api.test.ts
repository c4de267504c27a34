// The calls behind the demo provider's web pages (decision 018): reading a session, paying or
// cancelling a checkout, switching or cancelling in the portal. The session id is the capability:
// single use, one hour, checked whoever calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { demoPaymentSessions, subscriptions } from '../../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../../test/support/harness';
import {
  ADDRESS,
  confirmCheckout,
  demoApi,
  openCheckout,
  openPortal,
  postDemo,
  tierOf,
} from '../../../../test/support/payment-steps';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const EXPIRED_EN = 'This demo payment link has expired or was already used.';
const subscriptionOf = async (userId: string) =>
  (await ctx.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe('demo checkout session', () => {
  it('reads as live, with its plan, language and the tier now; never cached, never referred', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Hero', 'fr');
    const response = await get(demoApi('checkout', id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'checkout',
      plan: 'Hero',
      language: 'fr',
      tier: 'Novice',
      state: 'live',
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('defaults to the user language when none is asked for', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const { id } = await openCheckout(ctx.app, user.token, 'Hero');
    expect((await get(demoApi('checkout', id))).json()).toMatchObject({ language: 'fr' });
  });

  it('refuses an invalid address with localized field errors (400) and keeps the session usable', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const { id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    const bad = await postDemo(
      ctx.app,
      demoApi('checkout', id, 'confirm'),
      { ...ADDRESS, line1: '  ', country: 'France' },
      { 'accept-language': 'fr' },
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Certains champs ne sont pas valides.',
      fields: {
        line1: 'Ce champ est obligatoire.',
        country: "Cette valeur n'est pas valide.",
      },
    });
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
    expect((await get(demoApi('checkout', id))).json()).toMatchObject({ state: 'live' });

    const good = await confirmCheckout(ctx.app, id);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ outcome: 'confirmed', tier: 'Adventurer' });
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
  });

  it('refuses a missing address and a body that is not JSON, changing nothing', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    const missing = await postDemo(ctx.app, demoApi('checkout', id, 'confirm'), {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorOf(missing).fields ?? {}).sort()).toEqual([
      'city',
      'country',
      'line1',
      'postal_code',
    ]);
    const form = await ctx.app.inject({
      method: 'POST',
      url: demoApi('checkout', id, 'confirm'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(ADDRESS).toString(),
    });
    expect(form.statusCode).toBe(415);
    expect(errorOf(form).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
  });

  it('stores the address as typed (trimmed, country upper-cased, empty line 2 as none)', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    const attack = '<script>alert("x")</script>';
    await confirmCheckout(ctx.app, id, { ...ADDRESS, line1: ` ${attack} `, line2: '  ' });
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/billing-info',
      headers: bearer(user.token),
    });
    expect(info.json().address).toEqual({
      line1: attack,
      line2: null,
      city: 'Lyon',
      postal_code: '69001',
      country: 'FR',
    });
  });

  it('is single use: a second confirm answers 410 and changes nothing; the read says used', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    expect((await confirmCheckout(ctx.app, id)).statusCode).toBe(200);
    const before = await subscriptionOf(user._id);

    const again = await confirmCheckout(ctx.app, id, { ...ADDRESS, city: 'Elsewhere' });
    expect(again.statusCode).toBe(410);
    expect(errorOf(again)).toEqual({ code: 'DEMO_LINK_EXPIRED', message: EXPIRED_EN });
    expect((await postDemo(ctx.app, demoApi('checkout', id, 'cancel'))).statusCode).toBe(410);
    expect((await get(demoApi('checkout', id))).json()).toMatchObject({ state: 'used', tier: 'Adventurer' });
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
    expect((await subscriptionOf(user._id))?.billingAddress).toEqual(before?.billingAddress);
  });

  it('lets exactly one of two parallel confirms of one session through (a double click)', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Hero');
    const codes = (await Promise.all([1, 2].map(() => confirmCheckout(ctx.app, id))))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 410]);
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
  });

  it('cancel changes nothing and uses the session up', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    const cancelled = await postDemo(ctx.app, demoApi('checkout', id, 'cancel'));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ outcome: 'cancelled', tier: 'Novice' });
    expect((await confirmCheckout(ctx.app, id)).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
    expect(await subscriptionOf(user._id)).toBeUndefined();
  });

  it('never downgrades: a lower-plan checkout is not offered once a higher one is paid', async () => {
    const user = await registerUser(ctx.app);
    const hero = await openCheckout(ctx.app, user.token, 'Hero');
    const adventurer = await openCheckout(ctx.app, user.token, 'Adventurer');
    await confirmCheckout(ctx.app, hero.id);
    expect((await get(demoApi('checkout', adventurer.id))).json()).toMatchObject({
      state: 'used',
      plan: 'Adventurer',
      tier: 'Hero',
    });
    expect((await confirmCheckout(ctx.app, adventurer.id)).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
  });

  it('expires after one hour', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    await ctx.app.database.db
      .update(demoPaymentSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(demoPaymentSessions.id, id));
    expect((await get(demoApi('checkout', id))).json()).toMatchObject({ state: 'expired' });
    const late = await confirmCheckout(ctx.app, id);
    expect(late.statusCode).toBe(410);
    expect(errorOf(late).code).toBe('DEMO_LINK_EXPIRED');
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
  });

  it.each([
    ['a malformed id', 'not-a-uuid'],
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
  ])('answers %s with a localized 404, never a 500', async (_case, id) => {
    for (const [method, url] of [
      ['GET', demoApi('checkout', id)],
      ['POST', demoApi('checkout', id, 'cancel')],
      ['GET', demoApi('portal', id)],
      ['POST', demoApi('portal', id, 'cancel')],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: { 'accept-language': 'fr' } });
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'Introuvable.' });
    }
    const confirm = await postDemo(ctx.app, demoApi('checkout', id, 'confirm'), ADDRESS);
    expect(confirm.statusCode).toBe(404);
  });

  it('answers an id too long to route and an unknown call with the JSON 404', async () => {
    for (const url of [`/api/stripe/demo/checkout/${'a'.repeat(300)}`, '/api/stripe/demo/nothing-here']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('demo session as a capability', () => {
  it("changes only its own user's tier, whoever calls", async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, owner.token, 'Hero');
    // A bearer token changes nothing: the session decides whose subscription it is.
    const done = await postDemo(ctx.app, demoApi('checkout', id, 'confirm'), ADDRESS, bearer(other.token));
    expect(done.statusCode).toBe(200);
    expect(await tierOf(ctx.app, owner._id)).toBe('Hero');
    expect(await tierOf(ctx.app, other._id)).toBe('Novice');
    expect(await subscriptionOf(other._id)).toBeUndefined();
    // A checkout id is not a portal id.
    expect((await get(demoApi('portal', id))).statusCode).toBe(404);
  });

  it('a portal session cannot be used as a checkout', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const { id } = await openPortal(ctx.app, user.token);
    expect((await get(demoApi('checkout', id))).statusCode).toBe(404);
    expect((await confirmCheckout(ctx.app, id)).statusCode).toBe(404);
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
  });
});

describe('demo portal session', () => {
  it('reads the current plan, and is used up once the user is back on Novice', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const first = await openPortal(ctx.app, user.token, 'fr');
    const second = await openPortal(ctx.app, user.token);
    expect((await get(demoApi('portal', first.id))).json()).toEqual({
      kind: 'portal',
      plan: null,
      language: 'fr',
      tier: 'Hero',
      state: 'live',
    });

    const cancelled = await postDemo(ctx.app, demoApi('portal', first.id, 'cancel'));
    expect(cancelled.json()).toEqual({ outcome: 'downgraded', tier: 'Novice' });
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
    // The other window has nothing left to manage.
    expect((await get(demoApi('portal', second.id))).json()).toMatchObject({ state: 'used', tier: 'Novice' });
    const late = await postDemo(ctx.app, demoApi('portal', second.id, 'switch'), { plan: 'Adventurer' });
    expect(late.statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
  });

  it('switching to the plan already held changes nothing and uses the session up', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const { id } = await openPortal(ctx.app, user.token);
    const same = await postDemo(ctx.app, demoApi('portal', id, 'switch'), { plan: 'Adventurer' });
    expect(same.json()).toEqual({ outcome: 'cancelled', tier: 'Adventurer' });
    expect((await postDemo(ctx.app, demoApi('portal', id, 'cancel'))).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
  });

  it('expires after one hour', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const { id } = await openPortal(ctx.app, user.token);
    await ctx.app.database.db
      .update(demoPaymentSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(demoPaymentSessions.id, id));
    expect((await get(demoApi('portal', id))).json()).toMatchObject({ state: 'expired' });
    expect((await postDemo(ctx.app, demoApi('portal', id, 'cancel'))).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
  });
});

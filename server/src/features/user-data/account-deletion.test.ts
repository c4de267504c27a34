// DELETE /api/auth/account and GET /api/auth/export (decision 024): the password decides,
// the subscription is cancelled at the provider, and afterwards no table holds a row naming the user
// — checked table by table over the whole schema, so a table added later is covered by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExport } from '@questkeeper/core/schemas/game-data-export';
import { subscriptions } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';
import { confirmCheckout, openCheckout } from '../../../test/support/payment-steps';
import { STRIPE_ENV, startStripeFake, type StripeFake } from '../../../test/support/stripe-fake';
import {
  ALL_TABLES,
  fullHeroCampaign,
  rowCounts,
  userDataClient,
} from '../../../test/support/user-data-fixtures';

/** Rows of every table whose values mention the user's id or email, as `table: row` strings. */
async function rowsNaming(ctx: TestContext, id: string, email: string): Promise<string[]> {
  const found: string[] = [];
  for (const [name, table] of ALL_TABLES) {
    for (const row of await ctx.app.database.db.select().from(table)) {
      const text = JSON.stringify(row).toLowerCase();
      if (text.includes(id) || text.includes(email.toLowerCase())) found.push(`${name}: ${text}`);
    }
  }
  return found;
}

describe('account deletion (demo payments)', () => {
  let ctx: TestContext;
  let client: ReturnType<typeof userDataClient>;
  beforeAll(async () => {
    ctx = await createTestApp();
    client = userDataClient(ctx.app);
  });
  afterAll(async () => ctx?.close());

  /** A paid user with everything an account can hold: campaign, units, fight, log, mail, contact. */
  async function busyUser(language: 'en' | 'fr' = 'en') {
    const user = await registerUser(ctx.app, { language });
    const checkout = await openCheckout(ctx.app, user.token, 'Hero');
    expect((await confirmCheckout(ctx.app, checkout.id)).statusCode).toBe(200);
    await fullHeroCampaign(ctx.app, user.token);
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact/send',
      headers: bearer(user.token),
      payload: { subject: 'Hello', message: 'A question' },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    await ctx.app.services.mailer.flush();
    return user;
  }

  it('refuses a wrong password in the user’s language and changes nothing', async () => {
    const user = await busyUser('fr');
    const before = await rowCounts(ctx.app);
    const response = await client.deleteAccount(user.token, 'Wrong!pass1');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Le mot de passe actuel est incorrect.',
      fields: { password: 'Le mot de passe actuel est incorrect.' },
    });
    expect(await rowCounts(ctx.app)).toEqual(before);
    expect((await campaignClient(ctx.app).list(user.token)).statusCode).toBe(200);
  });

  it('leaves no row naming the user in any table, only the confirmation mail', async () => {
    const user = await busyUser();
    const other = await busyUser();
    expect((await rowsNaming(ctx, user._id, user.email)).length).toBeGreaterThan(10);

    const response = await client.deleteAccount(user.token, user.password);
    expect(response.statusCode, response.body).toBe(204);
    await ctx.app.services.mailer.flush();

    const left = await rowsNaming(ctx, user._id, user.email);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^mailOutbox: .*your questkeeper account has been deleted/);
    // Sessions are gone at once (the session cache included).
    expect((await campaignClient(ctx.app).list(user.token)).statusCode).toBe(401);
    // Nobody else lost anything.
    expect(await campaignClient(ctx.app).campaigns(other.token)).toHaveLength(1);
    expect((await rowsNaming(ctx, other._id, other.email)).length).toBeGreaterThan(10);
  });

  it('lets the email register again, as a new Novice with nothing', async () => {
    const user = await busyUser();
    expect((await client.deleteAccount(user.token, user.password)).statusCode).toBe(204);
    const again = await registerUser(ctx.app, { email: user.email });
    expect(again.tier).toBe('Novice');
    expect(again._id).not.toBe(user._id);
    expect(await campaignClient(ctx.app).campaigns(again.token)).toEqual([]);
  });

  it('downloads everything the account holds as an attachment', async () => {
    const user = await busyUser();
    const response = await client.exportAccount(user.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="questkeeper-account-\d{4}-\d\d-\d\d\.json"/,
    );
    const data = accountExport.parse(response.json());
    expect(data.account).toMatchObject({ email: user.email, language: 'en', tier: 'Hero' });
    expect(data.account.billing).toMatchObject({ provider: 'demo', plan: 'Hero', status: 'active' });
    expect(data.campaigns).toHaveLength(1);
    expect(data.campaigns[0]?.units).toHaveLength(3);
    // Each campaign of the download imports on its own.
    const imported = await client.import(user.token, data.campaigns[0]);
    expect(imported.statusCode, imported.body).toBe(201);
  });
});

describe('account deletion (Stripe)', () => {
  let fake: StripeFake;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = await startStripeFake();
    ctx = await createTestApp({ env: STRIPE_ENV, stripeConnection: fake.connection });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  async function stripeUser(customer: string) {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    await ctx.app.database.db.insert(subscriptions).values({
      userId: user._id,
      provider: 'stripe',
      customerId: customer,
      subscriptionId: `sub_${customer}`,
      plan: 'Hero',
      status: 'active',
    });
    fake.setSubscription({
      id: `sub_${customer}`,
      customer,
      status: 'active',
      price: STRIPE_ENV.STRIPE_PRICE_HERO,
    });
    return user;
  }

  it('cancels the subscription at Stripe at once, then deletes the account', async () => {
    const user = await stripeUser('cus_a');
    const response = await userDataClient(ctx.app).deleteAccount(user.token, user.password);
    expect(response.statusCode, response.body).toBe(204);
    expect(fake.calls('DELETE', '/v1/subscriptions/sub_cus_a')).toHaveLength(1);
    expect(await rowsNaming(ctx, user._id, user.email)).toHaveLength(1);
  });

  it('deletes nothing while Stripe cannot be reached (503), so nobody is billed without an account', async () => {
    const user = await stripeUser('cus_b');
    // The confirmation mail of an earlier deletion is queued off the request path: let it land first.
    await ctx.app.services.mailer.flush();
    const before = await rowCounts(ctx.app);
    fake.outage = 'error';
    try {
      const response = await userDataClient(ctx.app).deleteAccount(user.token, user.password);
      expect(response.statusCode).toBe(503);
      expect(errorOf(response).code).toBe('PAYMENT_UNAVAILABLE');
    } finally {
      fake.outage = 'none';
    }
    expect(await rowCounts(ctx.app)).toEqual(before);
  });
});

describe('account deletion rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => ctx?.close());

  it('counts password attempts per account like login, then answers 429', async () => {
    const user = await registerUser(ctx.app);
    const client = userDataClient(ctx.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1)
      codes.push((await client.deleteAccount(user.token, 'Wrong!pass1')).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes[10]).toBe(429);
    // Even the right password waits now: the account is still there.
    expect((await client.deleteAccount(user.token, user.password)).statusCode).toBe(429);
    expect((await campaignClient(ctx.app).list(user.token)).statusCode).toBe(200);
  });
});

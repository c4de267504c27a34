import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/harness';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('GET /api/site', () => {
  it('answers the configured operator details and demo modes to anonymous visitors', async () => {
    ctx = await createTestApp({
      env: { OPERATOR_COMPANY: 'Dragon Forge SARL', OPERATOR_HOST: 'Cave Hosting, Lyon' },
    });
    const response = await ctx.app.inject({ url: '/api/site' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.operator).toMatchObject({ company: 'Dragon Forge SARL', host: 'Cave Hosting, Lyon' });
    expect(body.operator.email).toContain('sample value');
    expect(body).toMatchObject({ payments: 'demo', mail: 'demo' });
  });

  it('reports SMTP mail when SMTP_URL is set', async () => {
    ctx = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    const body = (await ctx.app.inject({ url: '/api/site' })).json();
    expect(body.mail).toBe('smtp');
  });

  // Decision 045: a demo opened to a network says so on every page; a local one, or a real one, not.
  it('asks for the demo banner only when DEMO_MODE=true and mail or payments run in demo', async () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ADVENTURER: 'price_a',
      STRIPE_PRICE_HERO: 'price_h',
    };
    const cases: [Record<string, string>, boolean][] = [
      [{}, false],
      [{ DEMO_MODE: 'true', ...stripe }, true],
      [{ DEMO_MODE: 'true', SMTP_URL: 'smtp://127.0.0.1:2525', ...stripe }, false],
    ];
    for (const [env, banner] of cases) {
      ctx = await createTestApp({ env });
      expect((await ctx.app.inject({ url: '/api/site' })).json().demoBanner, JSON.stringify(env)).toBe(
        banner,
      );
      await ctx.close();
      ctx = undefined;
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { demoPaymentSessions, subscriptions } from '../../db/schema';
import { bearer, createTestApp, registerUser, type TestContext } from '../../test/harness';
import { ADDRESS, openCheckout, openPortal, postForm, tierOf } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const EXPIRED_EN = 'This demo payment link has expired or was already used.';

describe('demo checkout page', () => {
  it('is a labelled demo page with a CSP, no inline script or style, and labelled sample inputs', async () => {
    const user = await registerUser(ctx.app);
    const { path, id } = await openCheckout(ctx.app, user.token, 'Hero');
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Demo payment — no card is charged');
    expect(page.body).toContain('Subscribe to Hero');
    expect(page.body).toContain('20 € per month');
    expect(page.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(page.body).toMatch(/<link rel="stylesheet" href="\/api\/stripe\/demo\/demo\.css"/);
    for (const name of ['line1', 'line2', 'city', 'postal_code', 'country']) {
      expect(page.body).toContain(`<label for="${name}">`);
      expect(page.body).toMatch(new RegExp(`<input\\s+id="${name}"\\s+name="${name}"`));
    }
    expect(page.body).toContain('value="1 Sample Street (sample)"');
    expect(page.body).toContain(`action="/api/stripe/demo/checkout/${id}/confirm"`);
    expect(page.body).toContain(`formaction="/api/stripe/demo/checkout/${id}/cancel"`);
  });

  it('serves its stylesheet as CSS', async () => {
    const css = await get('/api/stripe/demo/demo.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.badge');
    expect(css.body).toContain('@media (max-width: 480px)');
  });

  it('speaks the language asked for at checkout (fr)', async () => {
    const user = await registerUser(ctx.app);
    const { path } = await openCheckout(ctx.app, user.token, 'Adventurer', 'fr');
    const page = await get(path, { 'accept-language': 'en' });
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain(
      "Paiement de démonstration — aucune carte n'est débitée".replace("'", '&#39;'),
    );
    expect(page.body).toContain('S&#39;abonner à Adventurer');
    expect(page.body).toContain('10 € par mois');
    const done = await postForm(ctx.app, `${path}/confirm`, ADDRESS);
    expect(done.body).toContain('Votre compte est maintenant en Adventurer.');
  });

  it('defaults to the user language when none is asked for', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const { path } = await openCheckout(ctx.app, user.token, 'Hero');
    expect((await get(path)).body).toContain('<html lang="fr">');
  });

  it('re-renders the form with localized field errors (400) and keeps the session usable', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const { path } = await openCheckout(ctx.app, user.token, 'Adventurer');
    const bad = await postForm(ctx.app, `${path}/confirm`, { ...ADDRESS, line1: '  ', country: 'France' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.body).toContain('Certains champs ne sont pas valides.');
    expect(bad.body).toContain('<p class="field-error" id="line1-error">Ce champ est obligatoire.</p>');
    expect(bad.body).toContain(
      '<p class="field-error" id="country-error">Cette valeur n&#39;est pas valide.</p>',
    );
    expect(bad.body).toContain('value="France"');
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');

    const good = await postForm(ctx.app, `${path}/confirm`, ADDRESS);
    expect(good.statusCode).toBe(200);
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
  });

  it('escapes what the user typed', async () => {
    const user = await registerUser(ctx.app);
    const { path } = await openCheckout(ctx.app, user.token, 'Adventurer');
    const attack = '<script>alert("x")</script>';
    const page = await postForm(ctx.app, `${path}/confirm`, {
      ...ADDRESS,
      line1: attack,
      city: '"><img src=x>',
      country: '',
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"');
    expect(page.body).toContain('value="&quot;&gt;&lt;img src=x&gt;"');

    // Stored as typed (it is data, not markup), and served as JSON by billing-info.
    await postForm(ctx.app, `${path}/confirm`, { ...ADDRESS, line1: attack });
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/billing-info',
      headers: bearer(user.token),
    });
    expect(info.json().address.line1).toBe(attack);
  });

  it('is single use: a second confirm shows the expired page and changes nothing', async () => {
    const user = await registerUser(ctx.app);
    const { path } = await openCheckout(ctx.app, user.token, 'Adventurer');
    expect((await postForm(ctx.app, `${path}/confirm`, ADDRESS)).statusCode).toBe(200);
    const [before] = await ctx.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user._id));

    const again = await postForm(ctx.app, `${path}/confirm`, { ...ADDRESS, city: 'Elsewhere' });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain(EXPIRED_EN);
    expect((await get(path)).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
    const [after] = await ctx.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user._id));
    expect(after?.billingAddress).toEqual(before?.billingAddress);
  });

  it('lets exactly one of two parallel confirms of one session through', async () => {
    const user = await registerUser(ctx.app);
    const { path } = await openCheckout(ctx.app, user.token, 'Hero');
    const codes = (await Promise.all([1, 2].map(() => postForm(ctx.app, `${path}/confirm`, ADDRESS))))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 410]);
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
  });

  it('cancel changes nothing and uses the session up', async () => {
    const user = await registerUser(ctx.app);
    const { path } = await openCheckout(ctx.app, user.token, 'Adventurer');
    const cancelled = await postForm(ctx.app, `${path}/cancel`, ADDRESS);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('Nothing was changed.');
    expect((await postForm(ctx.app, `${path}/confirm`, ADDRESS)).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
  });

  it('never downgrades: a lower-plan checkout confirmed after a higher one is refused', async () => {
    const user = await registerUser(ctx.app);
    const hero = await openCheckout(ctx.app, user.token, 'Hero');
    const adventurer = await openCheckout(ctx.app, user.token, 'Adventurer');
    await postForm(ctx.app, `${hero.path}/confirm`, ADDRESS);
    expect((await get(adventurer.path)).statusCode).toBe(410);
    expect((await postForm(ctx.app, `${adventurer.path}/confirm`, ADDRESS)).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
  });

  it('expires after one hour', async () => {
    const user = await registerUser(ctx.app);
    const { path, id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    await ctx.app.database.db
      .update(demoPaymentSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(demoPaymentSessions.id, id));
    const page = await get(path);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(EXPIRED_EN);
    expect((await postForm(ctx.app, `${path}/confirm`, ADDRESS)).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
  });

  it.each([
    ['a malformed id', '/api/stripe/demo/checkout/not-a-uuid'],
    ['an unknown id', '/api/stripe/demo/checkout/00000000-0000-4000-8000-000000000000'],
    ['a wrong method', '/api/stripe/demo/checkout/00000000-0000-4000-8000-000000000000/confirm'],
    ['an unknown page', '/api/stripe/demo/nothing-here'],
  ])('answers %s with the expired page (404), in the browser language', async (_case, url) => {
    const page = await get(url, { 'accept-language': 'fr' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Ce lien de paiement de démonstration a expiré');
    const posted = await postForm(ctx.app, `${url.replace(/\/confirm$/, '')}/confirm`, ADDRESS);
    expect(posted.statusCode).toBe(404);
  });

  it('answers an id too long to route (over 100 characters) with the JSON 404, never a 500', async () => {
    // Fastify's router refuses it before any hook; app.ts maps such framework errors to NOT_FOUND.
    const page = await get(`/api/stripe/demo/checkout/${'a'.repeat(300)}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('demo session as a capability', () => {
  it("changes only its own user's tier, whoever opens the URL", async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const { path, id } = await openCheckout(ctx.app, owner.token, 'Hero');
    // A bearer token on the page changes nothing: the session decides whose subscription it is.
    const done = await ctx.app.inject({
      method: 'POST',
      url: `${path}/confirm`,
      headers: { ...bearer(other.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(ADDRESS).toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(await tierOf(ctx.app, owner._id)).toBe('Hero');
    expect(await tierOf(ctx.app, other._id)).toBe('Novice');
    const [otherSubscription] = await ctx.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, other._id));
    expect(otherSubscription).toBeUndefined();
    // A checkout id is not a portal id.
    expect((await get(`/api/stripe/demo/portal/${id}`)).statusCode).toBe(404);
  });

  it('a portal session cannot be used as a checkout', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const { id } = await openPortal(ctx.app, user.token);
    const response = await postForm(ctx.app, `/api/stripe/demo/checkout/${id}/confirm`, ADDRESS);
    expect(response.statusCode).toBe(404);
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
  });
});

describe('demo portal page', () => {
  it('shows the current plan in the session language, and expires once the user is Novice', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const first = await openPortal(ctx.app, user.token, 'fr');
    const second = await openPortal(ctx.app, user.token);
    const page = await get(first.path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Formule actuelle : Hero');
    expect(page.body).toContain('Passer à Adventurer');
    expect(page.body).toContain('Résilier l&#39;abonnement');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");

    expect((await postForm(ctx.app, `${first.path}/cancel`)).body).toContain('le compte est revenu à Novice');
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
    // The other window has nothing left to manage.
    expect((await get(second.path)).statusCode).toBe(410);
    expect((await postForm(ctx.app, `${second.path}/switch`, { plan: 'Adventurer' })).statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
  });
});

// Shared helpers for the journeys: fresh accounts through the API, and the axe scan.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const STRONG_PASSWORD = 'Dragon#Keep3r';

export function uniqueEmail(prefix = 'gm'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

export interface ApiUser {
  _id: string;
  email: string;
  language: 'en' | 'fr';
  tier: 'Novice' | 'Adventurer' | 'Hero';
  token: string;
}

/**
 * Registers an account through the API (faster than the form when the form is not under test). Its
 * guided first fight starts closed, as for a game master who closed it once: a journey about something
 * else reads the page without the guide's card (first-session.spec.ts registers through the form and
 * keeps it; `guide: 'open'` keeps it here too).
 */
export async function registerViaApi(
  request: APIRequestContext,
  options: { language?: 'en' | 'fr'; email?: string; password?: string; guide?: 'open' | 'closed' } = {},
): Promise<ApiUser & { password: string }> {
  const password = options.password ?? STRONG_PASSWORD;
  const response = await request.post('/api/auth/register', {
    data: { email: options.email ?? uniqueEmail(), password, language: options.language ?? 'en' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = { ...((await response.json()) as ApiUser), password };
  if (options.guide !== 'open') {
    const closed = await request.patch('/api/me/guide', {
      headers: { authorization: `Bearer ${user.token}` },
      data: { dismissed: true },
    });
    expect(closed.status(), await closed.text()).toBe(200);
  }
  return user;
}

/** Signs the browser in as `user` by seeding the stored session, as a returning visitor would be. */
export async function seedSession(page: Page, user: ApiUser): Promise<void> {
  const { token, ...rest } = user;
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('qk-e2e-seeded')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('qk-e2e-seeded', '1');
      }
    },
    ['questkeeper.session', JSON.stringify({ token, user: rest })] as const,
  );
}

/**
 * axe's experimental rules are off by default; they are turned on so that every rule axe has can
 * fail a scan (label-content-name-mismatch, WCAG 2.5.3, is one of them). The list is
 * `axe.getRules(['experimental'])` of axe-core 4.12.
 */
const EXPERIMENTAL_AXE_RULES = [
  'css-orientation-lock',
  'focus-order-semantics',
  'hidden-content',
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

/**
 * Spec quality bar: no serious or critical axe violations on the page as it is now — any rule, the
 * experimental ones included, none excluded.
 */
/** The colour scheme the page sees is the one under test (the dark tokens are a media query). */
export async function expectColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const dark = await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
  expect(dark ? 'dark' : 'light').toBe(scheme);
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A colour scheme just switched (emulateMedia) starts the colour transitions of links and buttons:
  // axe would read a colour halfway between the two schemes. Wait for the finite ones to end
  // (a spinner's infinite animation never does; a paused one would not either, hence the cap).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXPERIMENTAL_AXE_RULES.map((id) => [id, { enabled: true }])) })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** The session id at the end of a demo page URL (/{lang}/demo-checkout/:id, /{lang}/demo-portal/:id). */
export function demoSessionId(url: string): string {
  return new URL(url).pathname.split('/').pop() ?? '';
}

/** Sample billing address, as typed on the demo checkout page. */
export const DEMO_ADDRESS = {
  line1: '12 Dragon Lane',
  line2: null,
  city: 'Lyon',
  postal_code: '69001',
  country: 'fr',
};

/**
 * Moves an account to a paid plan through the built-in demo checkout, as another device would: the
 * call the demo checkout page makes when "Pay (demo)" is pressed.
 */
export async function upgradeViaDemo(
  request: APIRequestContext,
  user: ApiUser,
  plan: 'Adventurer' | 'Hero',
): Promise<void> {
  const created = await request.post('/api/stripe/create-checkout-session', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { plan, language: user.language },
  });
  expect(created.status()).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const confirmed = await request.post(`/api/stripe/demo/checkout/${demoSessionId(url)}/confirm`, {
    data: DEMO_ADDRESS,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** The register form's words, as a new game master reads them. */
const REGISTER_FORM = {
  en: {
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    terms: 'I am 18 or older and accept the terms of service (opens in a new tab)',
    register: 'Create account',
  },
  fr: {
    email: 'E-mail',
    password: 'Mot de passe',
    confirm: 'Confirmez le mot de passe',
    terms: "J'ai 18 ans ou plus et j'accepte les conditions d'utilisation (s'ouvre dans un nouvel onglet)",
    register: 'Créer le compte',
  },
} as const;

/** Fills the open register form (`/{lang}/login?mode=register`) with a new address and sends it. */
export async function fillRegisterForm(page: Page, lang: 'en' | 'fr', emailPrefix: string): Promise<void> {
  const words = REGISTER_FORM[lang];
  await page.getByLabel(words.email, { exact: true }).fill(uniqueEmail(emailPrefix));
  await page.getByLabel(words.password, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel(words.confirm, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('checkbox', { name: words.terms }).check();
  await page.getByRole('button', { name: words.register, exact: true }).click();
}

// Shared steps of the payments tests: open a demo session through the API and act on it through the
// calls its pages make.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { users } from '../../src/db/schema';
import { bearer } from './harness';

export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

export const ADDRESS = {
  line1: '12 Dragon Lane',
  line2: '',
  city: 'Lyon',
  postal_code: '69001',
  country: 'fr',
};

export async function openCheckout(app: App, token: string, plan: string, language?: 'en' | 'fr') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    headers: bearer(token),
    payload: language ? { plan, language } : { plan },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  return { url, path: new URL(url).pathname, id: UUID.exec(url)?.[0] ?? '' };
}

export async function openPortal(app: App, token: string, language?: 'en' | 'fr') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/stripe/create-customer-portal-session',
    headers: bearer(token),
    payload: language ? { language } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  return { url, path: new URL(url).pathname, id: UUID.exec(url)?.[0] ?? '' };
}

/** The API path behind a demo page (no bearer token: the session id is the capability). */
export const demoApi = (kind: 'checkout' | 'portal', id: string, action = '') =>
  `/api/stripe/demo/${kind}/${id}${action ? `/${action}` : ''}`;

/** Calls a demo page's API the way the page does (JSON, no bearer token unless `headers` add one). */
export function postDemo(app: App, url: string, payload?: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** Pays a demo checkout with an address (the sample one by default). */
export function confirmCheckout(app: App, id: string, address: Record<string, string> = ADDRESS) {
  return postDemo(app, demoApi('checkout', id, 'confirm'), address);
}

export async function tierOf(app: App, userId: string) {
  const [row] = await app.database.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
  return row?.tier;
}

// Shared steps of the payments tests: open a demo session through the API and click its pages.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app';
import { users } from '../../db/schema';
import { bearer } from '../../test/harness';

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

/** Posts an HTML form the way a browser does (no bearer token: the URL is the capability). */
export function postForm(app: App, path: string, fields: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function tierOf(app: App, userId: string) {
  const [row] = await app.database.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
  return row?.tier;
}

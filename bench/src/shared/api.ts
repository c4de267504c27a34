// The API calls the browser benchmarks make to set up their data as a user would: one request helper,
// and a Hero account made through register and the demo checkout (the same two requests as
// upgradeViaDemo in e2e/support/helpers.ts).

export async function call<T>(
  origin: string,
  method: string,
  path: string,
  options: {
    token?: string;
    campaignId?: string;
    json?: unknown;
    form?: Record<string, string>;
    expect: number;
  },
): Promise<T> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.campaignId) headers['x-campaign-id'] = options.campaignId;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${origin}${path}`, { method, headers, body });
  const text = await response.text();
  if (response.status !== options.expect) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? JSON.parse(text) : text) as T;
}

export interface HeroAccount {
  token: string;
  userId: string;
  /** The value of localStorage 'questkeeper.session': `{ token, user }`. */
  session: string;
}

/** Registers a fresh user (email `bench-<bench>-…@example.test`) and takes it to Hero. */
export async function createHero(origin: string, bench: string): Promise<HeroAccount> {
  const email = `bench-${bench}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const registered = await call<{ token: string; _id: string } & Record<string, unknown>>(
    origin,
    'POST',
    '/api/auth/register',
    { json: { email, password: 'Dragon#Keep3r', language: 'en' }, expect: 201 },
  );
  const { token, ...user } = registered;
  const checkout = await call<{ url: string }>(origin, 'POST', '/api/stripe/create-checkout-session', {
    token,
    json: { plan: 'Hero', language: 'en' },
    expect: 200,
  });
  // The call the demo checkout page (/en/demo-checkout/:id) makes for "Pay (demo)" (decision 018).
  const sessionId = new URL(checkout.url).pathname.split('/').pop() ?? '';
  await call<unknown>(origin, 'POST', `/api/stripe/demo/checkout/${sessionId}/confirm`, {
    json: { line1: '12 Dragon Lane', line2: null, city: 'Lyon', postal_code: '69001', country: 'fr' },
    expect: 200,
  });
  return { token, userId: user._id, session: JSON.stringify({ token, user: { ...user, tier: 'Hero' } }) };
}

// The account the editor benchmark reads and types as, made through the API as a user would: register,
// reach Hero through the demo checkout (the same two requests as upgradeViaDemo in
// e2e/support/helpers.ts), create a campaign, then save the 600,000-character rulebook as its rules.

export interface BenchAccount {
  /** The value of localStorage 'questkeeper.session': `{ token, user }`. */
  session: string;
  campaignId: string;
}

async function call<T>(
  origin: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: Record<string, string>; expect: number },
): Promise<T> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
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

export async function createAccount(origin: string, rules: string): Promise<BenchAccount> {
  const email = `bench-editor-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
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
  await call<string>(origin, 'POST', `${new URL(checkout.url).pathname}/confirm`, {
    form: { line1: '12 Dragon Lane', line2: '', city: 'Lyon', postal_code: '69001', country: 'fr' },
    expect: 200,
  });

  const campaign = await call<{ _id: string }>(origin, 'POST', '/api/game-data', {
    token,
    json: { name: 'The Sunken Crown', template: 'default' },
    expect: 201,
  });
  const saved = await call<{ rules: string }>(origin, 'PUT', `/api/game-data/${campaign._id}`, {
    token,
    json: { rules },
    expect: 200,
  });
  if (saved.rules !== rules) throw new Error('the saved rules differ from the rulebook sent');
  return {
    session: JSON.stringify({ token, user: { ...user, tier: 'Hero' } }),
    campaignId: campaign._id,
  };
}

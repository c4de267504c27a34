// Test support: a local HTTP server that plays the few Stripe API calls the provider makes, so the
// real SDK runs end to end without a network. It records every request (form fields flattened the
// way the SDK encodes them, e.g. `line_items[0][price]`, and the Idempotency-Key) and serves
// subscription states a test sets, as Stripe's current state.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeConnection } from '../../src/features/payments/stripe/config';

/** The STRIPE_* variables of the tests that run the Stripe provider against this fake. */
export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_questkeeper',
  STRIPE_WEBHOOK_SECRET: 'whsec_questkeeper_test',
  STRIPE_PRICE_ADVENTURER: 'price_adventurer',
  STRIPE_PRICE_HERO: 'price_hero',
};

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface FakeAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  state: string | null;
}

interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  address: FakeAddress | null;
}

export interface SubscriptionState {
  id: string;
  customer: string;
  status: string;
  price: string;
  metadata?: Record<string, string>;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
  /** Unix seconds; defaults to 30 days from now. */
  currentPeriodEnd?: number;
}

export interface StripeFake {
  connection: StripeConnection;
  requests: RecordedRequest[];
  customers: Map<string, FakeCustomer>;
  /** Sets (or replaces) what GET /v1/subscriptions/:id answers from now on. */
  setSubscription(state: SubscriptionState): void;
  setCustomerAddress(customerId: string, address: FakeAddress | null): void;
  /** `error`: every call answers 500 api_error; `network`: every connection is cut. */
  outage: 'none' | 'error' | 'network';
  /** Requests whose method and path match (path given as a prefix). */
  calls(method: string, pathPrefix: string): RecordedRequest[];
  close(): Promise<void>;
}

const itemIdOf = (subscriptionId: string) => `si_${subscriptionId.replace(/^sub_/, '')}`;

function subscriptionObject(state: SubscriptionState) {
  return {
    id: state.id,
    object: 'subscription',
    customer: state.customer,
    status: state.status,
    metadata: state.metadata ?? {},
    cancel_at_period_end: state.cancelAtPeriodEnd ?? false,
    cancel_at: state.cancelAt ?? null,
    items: {
      object: 'list',
      url: `/v1/subscription_items?subscription=${state.id}`,
      has_more: false,
      data: [
        {
          id: itemIdOf(state.id),
          object: 'subscription_item',
          subscription: state.id,
          quantity: 1,
          price: { id: state.price, object: 'price' },
          current_period_end: state.currentPeriodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86_400,
        },
      ],
    },
  };
}

export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, FakeCustomer>();
  const subscriptions = new Map<string, SubscriptionState>();
  // Stripe answers a repeated Idempotency-Key with the first response.
  const idempotent = new Map<string, unknown>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${++counter}`;

  const missing = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });

  function route(request: RecordedRequest): { status: number; body: unknown } {
    const { method, path, body, query } = request;
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: FakeCustomer = {
        id: nextId('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: { userId: body['metadata[userId]'] ?? '' },
        address: null,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'GET' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(match[1] ?? '');
      return customer ? { status: 200, body: customer } : missing('customer');
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: body.mode,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return {
        status: 200,
        body: { id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/${id}` },
      };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = [...subscriptions.values()]
        .filter((state) => !query.customer || state.customer === query.customer)
        .map(subscriptionObject);
      return { status: 200, body: { object: 'list', url: '/v1/subscriptions', has_more: false, data } };
    }
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const state = subscriptions.get(match[1] ?? '');
      return state ? { status: 200, body: subscriptionObject(state) } : missing('subscription');
    }
    // Immediate cancellation (account deletion): Stripe answers the subscription, now canceled.
    if (method === 'DELETE' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const state = subscriptions.get(match[1] ?? '');
      if (!state) return missing('subscription');
      const canceled = { ...state, status: 'canceled' };
      subscriptions.set(canceled.id, canceled);
      return { status: 200, body: subscriptionObject(canceled) };
    }
    return missing(`route ${method} ${path}`);
  }

  const fake: StripeFake = {
    connection: { host: '127.0.0.1', port: 0, protocol: 'http', maxNetworkRetries: 0 },
    requests,
    customers,
    outage: 'none',
    setSubscription(state) {
      subscriptions.set(state.id, state);
    },
    setCustomerAddress(customerId, address) {
      const customer = customers.get(customerId);
      if (!customer) throw new Error(`no fake customer ${customerId}`);
      customer.address = address;
    },
    calls: (method, pathPrefix) =>
      requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The SDK keeps connections alive; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };

  const server = http.createServer((req, res) => {
    if (fake.outage === 'network') {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.fake');
      const key = req.headers['idempotency-key'];
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        idempotencyKey: typeof key === 'string' ? key : undefined,
      };
      requests.push(recorded);
      let answer: { status: number; body: unknown };
      if (fake.outage === 'error') {
        answer = { status: 500, body: { error: { type: 'api_error', message: 'fake outage' } } };
      } else if (recorded.idempotencyKey && idempotent.has(`${recorded.path} ${recorded.idempotencyKey}`)) {
        answer = { status: 200, body: idempotent.get(`${recorded.path} ${recorded.idempotencyKey}`) };
      } else {
        answer = route(recorded);
        if (recorded.idempotencyKey && answer.status === 200) {
          idempotent.set(`${recorded.path} ${recorded.idempotencyKey}`, answer.body);
        }
      }
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_fake${requests.length}`,
        'stripe-should-retry': 'false',
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.connection.port = (server.address() as AddressInfo).port;
  return fake;
}

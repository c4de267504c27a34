// The demo provider's checkout and portal pages with a fake API: what they show, what they send,
// busy buttons, field errors, links that are gone, and a pop-up that closes itself. The journeys in
// e2e/tests/demo-billing.spec.ts run the same against the real server.
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DemoResult, DemoSession } from '@questkeeper/core/schemas/payments';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import DemoCheckoutPage from './demo-checkout-page';
import DemoPortalPage from './demo-portal-page';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

afterEach(() => {
  api.mockReset();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

const ID = '00000000-0000-4000-8000-000000000001';
const CHECKOUT: DemoSession = {
  kind: 'checkout',
  plan: 'Adventurer',
  language: 'en',
  tier: 'Novice',
  state: 'live',
};
const PORTAL: DemoSession = { kind: 'portal', plan: null, language: 'en', tier: 'Adventurer', state: 'live' };

/** Answers the session read with `session`; every other call with `answer`. */
function fakeApi(session: DemoSession | Error, answer: (path: string, body: unknown) => Promise<unknown>) {
  api.mockImplementation((method, path, options) =>
    method === 'GET'
      ? session instanceof Error
        ? Promise.reject(session)
        : Promise.resolve(session)
      : (answer(path, options?.body) as Promise<never>),
  );
}

/** Rendered inside an awaited act(): the page suspends on its texts' chunk first. */
async function renderPage(kind: 'checkout' | 'portal') {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[`/en/demo-${kind}/${ID}`]}>
        <Suspense fallback={<p>suspended</p>}>
          <Routes>
            <Route path="/:lang/demo-checkout/:id" element={<DemoCheckoutPage />} />
            <Route path="/:lang/demo-portal/:id" element={<DemoPortalPage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
  });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('demo checkout page', () => {
  it('is labelled demo, shows the plan and its price, and pays with the prefilled sample address', async () => {
    const paid = deferred<DemoResult>();
    fakeApi(CHECKOUT, () => paid.promise);
    await renderPage('checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribe to Adventurer' })).toBeTruthy();
    const banner = screen.getByRole('complementary', { name: 'Demo payment — no card is charged' });
    expect(banner.textContent).toContain('no real payment is made and no card is asked for');
    expect(screen.getByText('10 € per month')).toBeTruthy();
    expect(input('Address line 1').value).toBe('1 Sample Street (sample)');
    expect(input('City').value).toBe('Sampleton');
    expect(input('Country (2 letters)').value).toBe('GB');

    const user = userEvent.setup();
    await user.clear(input('City'));
    await user.type(input('City'), 'Lyon');
    await user.click(button('Pay (demo)'));
    expect(api).toHaveBeenCalledWith('POST', `/api/stripe/demo/checkout/${ID}/confirm`, {
      body: {
        line1: '1 Sample Street (sample)',
        line2: null,
        city: 'Lyon',
        postal_code: '00000',
        country: 'GB',
      },
    });
    // Busy: neither button can be pressed again while the payment is on its way.
    expect(button(/Pay \(demo\)/).disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
    await user.click(button(/Pay \(demo\)/));
    expect(api.mock.calls.filter(([method]) => method === 'POST')).toHaveLength(1);

    paid.resolve({ outcome: 'confirmed', tier: 'Adventurer' });
    expect((await screen.findByRole('status')).textContent).toBe('Your account is now on Adventurer.');
    expect(screen.getByRole('heading', { level: 1, name: 'All set' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Questkeeper' }).getAttribute('href')).toBe(
      '/en/dashboard?view=profile',
    );
  });

  it('shows the server field errors beside their fields and keeps the form usable', async () => {
    fakeApi(CHECKOUT, () =>
      Promise.reject(
        new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
          line1: 'This field is required.',
          country: 'This value is not valid.',
        }),
      ),
    );
    await renderPage('checkout');
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Address line 1'));
    await user.click(button('Pay (demo)'));
    expect((await screen.findByRole('alert')).textContent).toBe('Some fields are not valid.');
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('This value is not valid.')).toBeTruthy();
    expect(input('Address line 1').getAttribute('aria-invalid')).toBe('true');
    expect(input('City').getAttribute('aria-invalid')).toBeNull();
    expect(button('Pay (demo)').disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(input('Address line 1')));
  });

  it('cancels: nothing changed, nothing charged', async () => {
    fakeApi(CHECKOUT, () => Promise.resolve({ outcome: 'cancelled', tier: 'Novice' }));
    await renderPage('checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api).toHaveBeenCalledWith('POST', `/api/stripe/demo/checkout/${ID}/cancel`);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Nothing was changed and nothing was charged.',
    );
  });

  it.each(['expired', 'used'] as const)(
    'says a %s link is no longer valid, without a form',
    async (state) => {
      fakeApi({ ...CHECKOUT, state }, () => Promise.reject(new Error('no call expected')));
      await renderPage('checkout');
      expect(await screen.findByRole('heading', { level: 1, name: 'Link no longer valid' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Pay (demo)' })).toBeNull();
      expect(screen.getByRole('complementary', { name: 'Demo payment — no card is charged' })).toBeTruthy();
    },
  );

  it('says an unknown link does not exist', async () => {
    fakeApi(new ApiError(404, 'NOT_FOUND', 'Not found.'), () => Promise.reject(new Error('no call')));
    await renderPage('checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown payment link' })).toBeTruthy();
  });

  it('turns into the expired state when the session was used meanwhile (410)', async () => {
    fakeApi(CHECKOUT, () =>
      Promise.reject(new ApiError(410, 'DEMO_LINK_EXPIRED', 'This demo payment link has expired.')),
    );
    await renderPage('checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay (demo)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Link no longer valid' })).toBeTruthy();
  });

  it('offers a retry when the session cannot be loaded', async () => {
    fakeApi(new ApiError(0, 'NETWORK', 'An error occurred. Please try again.'), () =>
      Promise.reject(new Error()),
    );
    await renderPage('checkout');
    expect(
      await screen.findByRole('heading', { name: 'The demo payment could not be loaded.' }),
    ).toBeTruthy();
    fakeApi(CHECKOUT, () => Promise.reject(new Error()));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribe to Adventurer' })).toBeTruthy();
  });

  it('opened as a pop-up, says it closes and closes itself once paid', async () => {
    Object.defineProperty(window, 'opener', { value: { closed: false }, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    fakeApi(CHECKOUT, () => Promise.resolve({ outcome: 'confirmed', tier: 'Adventurer' }));
    await renderPage('checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay (demo)' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your account is now on Adventurer. This window closes by itself…',
    );
    expect(screen.queryByRole('link', { name: 'Back to Questkeeper' })).toBeNull();
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1), { timeout: 4000 });
  });
});

describe('demo portal page', () => {
  it('shows the current plan and switches to the other one', async () => {
    fakeApi(PORTAL, () => Promise.resolve({ outcome: 'confirmed', tier: 'Hero' }));
    await renderPage('portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage your subscription' })).toBeTruthy();
    expect(screen.getByText('Current plan: Adventurer')).toBeTruthy();
    expect(screen.getByText('Hero: 20 € per month')).toBeTruthy();
    await userEvent.click(button('Switch to Hero'));
    expect(api).toHaveBeenCalledWith('POST', `/api/stripe/demo/portal/${ID}/switch`, {
      body: { plan: 'Hero' },
    });
    expect((await screen.findByRole('status')).textContent).toBe('Your account is now on Hero.');
    expect(screen.getByRole('link', { name: 'Back to Questkeeper' }).getAttribute('href')).toBe(
      '/en/dashboard?view=profile',
    );
  });

  it('cancels the subscription only after a confirmation', async () => {
    fakeApi({ ...PORTAL, tier: 'Hero' }, () => Promise.resolve({ outcome: 'downgraded', tier: 'Novice' }));
    await renderPage('portal');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog.textContent).toContain('Nothing is deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Hero' }));
    expect(api.mock.calls.filter(([method]) => method === 'POST')).toHaveLength(0);

    await user.click(button('Cancel subscription'));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel your subscription?' })).getByRole('button', {
        name: 'Cancel subscription',
      }),
    );
    expect(api).toHaveBeenCalledWith('POST', `/api/stripe/demo/portal/${ID}/cancel`);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your subscription is cancelled; the account is back on Novice.',
    );
  });

  it('has nothing to manage once the account is back on Novice', async () => {
    fakeApi({ ...PORTAL, tier: 'Novice', state: 'used' }, () => Promise.reject(new Error('no call')));
    await renderPage('portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link no longer valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Switch to/ })).toBeNull();
  });
});

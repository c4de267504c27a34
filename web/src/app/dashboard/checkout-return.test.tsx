// Back from a hosted checkout on /{lang}/dashboard?checkout=…: the notice, the wait for the webhook's
// tier, the query value dropped (the dashboard's own kept), and a pop-up that closes itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import type * as ApiClient from '@/lib/api-client';
import { refreshSession } from '@/lib/api-client';
import { clearSession, signIn } from '@/lib/session';
import { CheckoutReturnNotice } from './checkout-return';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  refreshSession: vi.fn(),
}));
const api = vi.mocked(refreshSession);

afterEach(() => {
  api.mockReset();
  vi.restoreAllMocks();
  clearSession();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

const USER: AuthUser = { _id: 'u1', email: 'gm@example.test', language: 'en', tier: 'Novice', token: 'tok' };

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

function renderAt(url: string, user: AuthUser = USER) {
  signIn(user);
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/:lang/dashboard"
          element={
            <>
              <CheckoutReturnNotice />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('checkout return notice', () => {
  it('waits for the new plan after a successful checkout, then says it is active', async () => {
    let calls = 0;
    // The webhook lands between the first and the second refresh.
    api.mockImplementation(() => {
      signIn({ ...USER, tier: ++calls >= 2 ? 'Adventurer' : 'Novice' });
      return Promise.resolve();
    });
    renderAt('/en/dashboard?campaign=c1&view=units&checkout=success');
    expect(screen.getByRole('status').textContent).toBe('Thanks! Your plan is being activated…');
    await waitFor(() => expect(where()).toBe('/en/dashboard?campaign=c1&view=units'));
    expect(api).toHaveBeenCalled();
    expect(
      (await screen.findByText('Your plan is active: Adventurer.', {}, { timeout: 5000 })).textContent,
    ).toBeTruthy();
    const polls = api.mock.calls.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(api.mock.calls.length).toBe(polls); // Done: no more polling.
  });

  it('knows the plan is active when the tier already reached it before the notice looked', async () => {
    // The app's own start-up refresh brought the new tier first: nothing changes afterwards.
    api.mockResolvedValue(undefined);
    renderAt('/en/dashboard?view=profile&checkout=success&plan=Hero', { ...USER, tier: 'Hero' });
    expect(await screen.findByText('Your plan is active: Hero.')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/en/dashboard?view=profile'));
  });

  it('says a cancelled checkout charged nothing, drops the query value, and can be dismissed', async () => {
    renderAt('/en/dashboard?view=profile&checkout=cancelled');
    expect(screen.getByRole('status').textContent).toBe('Checkout cancelled, nothing was charged.');
    await waitFor(() => expect(where()).toBe('/en/dashboard?view=profile'));
    expect(api).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('ignores other values and shows nothing', () => {
    renderAt('/en/dashboard?checkout=maybe');
    expect(screen.queryByRole('status')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('closes itself when it is the checkout pop-up', async () => {
    Object.defineProperty(window, 'opener', { value: { closed: false }, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderAt('/en/dashboard?checkout=cancelled');
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
  });
});

// The profile view with a fake API: the password form's enablement, success and errors, the blocks
// each plan sees, billing info, the portal's failure and the language save. The journeys in
// e2e/tests/profile.spec.ts run the same against the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Tier } from '@questkeeper/core/tiers';
import { toast } from '@/components/toast/toast-store';
import { Toaster } from '@/components/toast/toaster';
import type * as ApiClient from '@/lib/api-client';
import type * as I18n from '@/lib/i18n';
import { ApiError, apiRequest } from '@/lib/api-client';
import { applyLanguage, i18next } from '@/lib/i18n';
import { clearSession, getSession, signIn } from '@/lib/session';
import ProfileView from './profile-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/i18n', async (original) => ({
  ...(await original<typeof I18n>()),
  applyLanguage: vi.fn(() => Promise.resolve()),
}));
const openUpgrade = vi.fn();
vi.mock('@/components/upgrade/upgrade-context', () => ({ useUpgrade: vi.fn(() => openUpgrade) }));

const api = vi.mocked(apiRequest);
afterEach(() => {
  api.mockReset();
  openUpgrade.mockReset();
  vi.mocked(applyLanguage).mockClear();
  clearSession();
  toast.clear();
});

/** The dashboard's toasts, where the profile's confirmations show. */
const toasts = () => screen.getByRole('region', { name: 'Recent notifications' });

const STRONG = 'Dragon#Keep3r';
const NEWER = 'Wyvern!Nest42';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderProfile(tier: Tier = 'Novice', language: 'en' | 'fr' = 'en') {
  signIn({ _id: 'u1', email: 'gm@example.test', language, tier, token: 'tok' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/${language}/dashboard?campaign=c1&view=profile`]}>
        <Routes>
          <Route
            path="/:lang/dashboard"
            element={
              <>
                <ProfileView />
                <Where />
                <Toaster />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const passwordCard = () => screen.getByRole('region', { name: 'Change password' });
const submit = () =>
  within(passwordCard()).getByRole('button', { name: 'Change password' }) as HTMLButtonElement;
const field = (label: string) => within(passwordCard()).getByLabelText(label) as HTMLInputElement;

/** Pastes (typing every letter is slow in jsdom on a busy machine; the form sees the same events). */
async function typeInto(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillPasswords(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  if (current) await typeInto(user, field('Current password'), current);
  if (next) await typeInto(user, field('New password'), next);
  if (confirm) await typeInto(user, field('Confirm new password'), confirm);
  return user;
}

describe('password change', { timeout: 40_000 }, () => {
  it('enables submit only with the current password, a strong new one and a matching confirmation', async () => {
    renderProfile();
    expect(submit().disabled).toBe(true);
    const user = userEvent.setup();

    await typeInto(user, field('New password'), 'weakpass');
    await typeInto(user, field('Confirm new password'), 'weakpass');
    await typeInto(user, field('Current password'), STRONG);
    expect(submit().disabled).toBe(true); // rules fail

    await user.clear(field('New password'));
    await typeInto(user, field('New password'), NEWER);
    expect(submit().disabled).toBe(true); // confirmation differs
    expect(within(passwordCard()).getByText('Passwords do not match')).toBeTruthy();

    await user.clear(field('Confirm new password'));
    await typeInto(user, field('Confirm new password'), NEWER);
    expect(submit().disabled).toBe(false);

    await user.clear(field('Current password'));
    expect(submit().disabled).toBe(true); // current password missing
  });

  it('sends the form, says so and clears it on success', async () => {
    let finish: (value: unknown) => void = () => undefined;
    api.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    renderProfile();
    const user = await fillPasswords(STRONG, NEWER, NEWER);
    await user.click(submit());

    expect(api).toHaveBeenCalledWith('POST', '/api/auth/change-password', {
      body: { currentPassword: STRONG, newPassword: NEWER, confirmPassword: NEWER },
    });
    const busy = within(passwordCard()).getByRole('button', {
      name: 'Changing password…',
    }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);

    finish({ message: 'Password changed successfully!' });
    expect(await within(toasts()).findByText('Password changed successfully!')).toBeTruthy();
    // A toast, not a box in the card.
    expect(within(passwordCard()).queryByText('Password changed successfully!')).toBeNull();
    expect(field('Current password').value).toBe('');
    expect(field('New password').value).toBe('');
    expect(field('Confirm new password').value).toBe('');
    expect(submit().disabled).toBe(true);
    // The clicked button went disabled: focus waits in the form instead of the page's top.
    await waitFor(() => expect(document.activeElement).toBe(passwordCard().querySelector('form')));
  });

  it('shows the server refusal of the current password beside it, and keeps what was typed', async () => {
    api.mockRejectedValueOnce(
      new ApiError(400, 'WRONG_PASSWORD', 'The current password is not correct.', {
        currentPassword: 'The current password is not correct.',
      }),
    );
    renderProfile();
    const user = await fillPasswords('Not#Mine1', NEWER, NEWER);
    await user.click(submit());

    expect(await within(passwordCard()).findByText('The current password is not correct.')).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Current password')));
    expect(field('New password').value).toBe(NEWER);
    expect(screen.queryByText('Password changed successfully!')).toBeNull();

    // Retyping the current password clears its error.
    await typeInto(user, field('Current password'), 'x');
    expect(within(passwordCard()).queryByText('The current password is not correct.')).toBeNull();
  });

  it('shows any other server message, and the generic error when the server is out of reach', async () => {
    api.mockRejectedValueOnce(
      new ApiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait 30 seconds.'),
    );
    renderProfile();
    const user = await fillPasswords(STRONG, NEWER, NEWER);
    await user.click(submit());
    expect((await within(passwordCard()).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait 30 seconds.',
    );

    api.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'whatever the client said'));
    await user.click(submit());
    await waitFor(() =>
      expect(within(passwordCard()).getByRole('alert').textContent).toBe(
        'An error occurred. Please try again.',
      ),
    );
  });
});

describe('blocks by plan', { timeout: 20_000 }, () => {
  it('shows Novice the email as read-only and the upgrade block, without billing', async () => {
    renderProfile('Novice');
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('gm@example.test')).toBeTruthy();
    expect(within(account).getByText('Your email is how you sign in; it cannot be changed.')).toBeTruthy();
    expect(within(account).queryByRole('textbox')).toBeNull();

    const offer = screen.getByRole('region', { name: 'Go further with a paid plan' });
    expect(within(offer).getByText('Up to 5 campaigns instead of 1')).toBeTruthy();
    expect(within(offer).getByText('Up to 200 units per campaign instead of 10')).toBeTruthy();
    await userEvent.click(within(offer).getByRole('button', { name: 'Upgrade plan' }));
    expect(openUpgrade).toHaveBeenCalledTimes(1);

    expect(screen.queryByRole('region', { name: 'Subscription and billing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
    expect(api).not.toHaveBeenCalled(); // no billing info for a free account
  });

  it('shows Adventurer the billing block, its address and an upgrade to Hero', async () => {
    api.mockResolvedValueOnce({
      email: 'gm@example.test',
      address: { line1: '12 Dragon Lane', line2: null, city: 'Lyon', postal_code: '69001', country: 'FR' },
      subscription: null,
    });
    renderProfile('Adventurer');
    expect(screen.queryByRole('region', { name: 'Go further with a paid plan' })).toBeNull();
    const billing = screen.getByRole('region', { name: 'Subscription and billing' });
    expect(within(billing).getByText('Loading billing information…')).toBeTruthy();
    expect(await within(billing).findByText('12 Dragon Lane')).toBeTruthy();
    expect(within(billing).getByText('69001 Lyon')).toBeTruthy();
    expect(within(billing).getByText('France')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('GET', '/api/auth/billing-info', expect.anything());

    expect(within(billing).queryByText('Current plan')).toBeNull();
    await userEvent.click(within(billing).getByRole('button', { name: 'Upgrade plan' }));
    expect(openUpgrade).toHaveBeenCalledTimes(1);
  });

  it("shows Hero 'Current plan' instead of an upgrade, and says when no address is on file", async () => {
    api.mockResolvedValueOnce({ email: 'gm@example.test', address: null, subscription: null });
    renderProfile('Hero');
    const billing = screen.getByRole('region', { name: 'Subscription and billing' });
    expect(within(billing).getByText('Current plan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade plan' })).toBeNull();
    expect(await within(billing).findByText(/No billing address on file yet/)).toBeTruthy();
  });

  it('offers a retry when the billing info cannot be loaded', async () => {
    api.mockRejectedValueOnce(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Unavailable'));
    renderProfile('Hero');
    const billing = screen.getByRole('region', { name: 'Subscription and billing' });
    expect(await within(billing).findByText('Billing information could not be loaded.')).toBeTruthy();
    api.mockResolvedValueOnce({ email: 'billing@example.test', address: null, subscription: null });
    await userEvent.click(within(billing).getByRole('button', { name: 'Try again' }));
    expect(await within(billing).findByText('billing@example.test')).toBeTruthy();
  });

  it('tells a paying user when the customer portal cannot be opened', async () => {
    api.mockImplementation((method, path) =>
      path === '/api/auth/billing-info'
        ? Promise.resolve({ email: 'gm@example.test', address: null, subscription: null })
        : Promise.reject(new ApiError(503, 'PAYMENT_UNAVAILABLE', 'Payments are unavailable right now.')),
    );
    renderProfile('Adventurer');
    const billing = screen.getByRole('region', { name: 'Subscription and billing' });
    await userEvent.click(within(billing).getByRole('button', { name: 'Manage subscription' }));
    expect(api).toHaveBeenCalledWith('POST', '/api/stripe/create-customer-portal-session', {
      body: { language: 'en' },
    });
    expect((await within(billing).findByRole('alert')).textContent).toBe(
      'Payments are unavailable right now.',
    );
    const manage = within(billing).getByRole('button', { name: 'Manage subscription' }) as HTMLButtonElement;
    expect(manage.disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(manage));
  });
});

describe('language', { timeout: 20_000 }, () => {
  const languageCard = () => screen.getByRole('region', { name: 'Language' });

  it('saves the choice, updates the stored user and moves to the new prefix keeping the query', async () => {
    api.mockResolvedValueOnce({
      _id: 'u1',
      email: 'gm@example.test',
      language: 'fr',
      tier: 'Novice',
      token: 'tok',
    });
    renderProfile('Novice');
    const save = within(languageCard()).getByRole('button', { name: 'Save language' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    expect((within(languageCard()).getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await userEvent.click(within(languageCard()).getByRole('radio', { name: /Français/ }));
    await userEvent.click(save);

    expect(api).toHaveBeenCalledWith('PUT', '/api/auth/language', { body: { language: 'fr' } });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/fr/dashboard?campaign=c1&view=profile'),
    );
    expect(applyLanguage).toHaveBeenCalledWith('fr');
    expect(getSession()).toEqual({
      token: 'tok',
      user: { _id: 'u1', email: 'gm@example.test', language: 'fr', tier: 'Novice' },
    });
    expect(await within(toasts()).findByText('Language saved.')).toBeTruthy();
    expect(within(toasts()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(languageCard()).queryByText('Language saved.')).toBeNull();
    // The texts switching (a new `t`) does not say it again.
    await act(() => i18next.changeLanguage('fr'));
    await act(() => i18next.changeLanguage('en'));
    expect(within(toasts()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps the language and says why when saving fails', async () => {
    api.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'offline'));
    renderProfile('Hero');
    await userEvent.click(within(languageCard()).getByRole('radio', { name: /Français/ }));
    await userEvent.click(within(languageCard()).getByRole('button', { name: 'Save language' }));
    expect((await within(languageCard()).findByRole('alert')).textContent).toBe(
      'An error occurred. Please try again.',
    );
    expect(screen.getByTestId('where').textContent).toBe('/en/dashboard?campaign=c1&view=profile');
    expect(getSession()?.user.language).toBe('en');
    expect(applyLanguage).not.toHaveBeenCalled();
  });
});

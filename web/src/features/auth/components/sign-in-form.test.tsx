// The sign-in form against a fake server answering a throttled sign-in (decision 035): the
// server's localized 429, which says how long to wait, is what the person reads, and the form keeps
// what was typed so they can try again once the wait is over.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { SignInForm } from './sign-in-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in form', () => {
  it('shows the server’s message and wait when sign-ins are throttled', async () => {
    const message = 'Too many failed sign-in attempts. Try again in 2 minutes.';
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'SIGN_IN_THROTTLED', message }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '120' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const onSignedIn = vi.fn();
    function Form() {
      return (
        <SignInForm
          mode="signIn"
          email="gm@example.test"
          onEmailChange={() => {}}
          onSignedIn={onSignedIn}
          onForgotPassword={() => {}}
        />
      );
    }
    renderWithProviders(<Form />, { route: '/en/login' });
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    await userEvent.type(password, 'Wrong!pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(password.value).toBe('Wrong!pass1');
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

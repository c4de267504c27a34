// The login island (decision 073) on the build's own rendering of /en/login: without React, it checks
// the email on leaving the field, sends the form, and shows the server's message where and as the
// app's form does, with the button busy in between and usable again after.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render, renderAuthExtras } from '@/prerender/entry-server';
import { splitHead } from '@/prerender/template';

const message = 'Too many failed sign-in attempts. Try again in 2 minutes.';
const calls: { url: string; body: unknown }[] = [];

beforeAll(async () => {
  const page = splitHead(await render('/en/login', 'en')).body;
  const extras = await renderAuthExtras('login', '/en/login', 'en');
  document.documentElement.lang = 'en';
  document.body.innerHTML =
    '<script type="application/json" id="qk-boot">{"entry":"/app.js","preload":[],"page":"login"}</script>' +
    `<div id="root" data-prerendered="/en/login">${page}</div>${extras}`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/site') return new Response('{}', { status: 500 });
      return new Response(JSON.stringify({ code: 'SIGN_IN_THROTTLED', message }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  await import('./auth-page');
});

afterAll(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('login island', () => {
  it('says an email is not valid once its field is left, as the app’s form does', async () => {
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.readOnly).toBe(false);
    await userEvent.type(email, 'not-an-email');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    await userEvent.tab();
    const error = screen.getByText('Enter a valid email address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(error.id);
    expect(email.classList.contains('border-danger')).toBe(true);
    await userEvent.clear(email);
    await userEvent.type(email, 'gm@example.test');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    expect(email.hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows and hides the password', async () => {
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    await userEvent.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(password.type).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide Password' }));
    expect(password.type).toBe('password');
  });

  it('shows the server’s message above the button, and keeps what was typed', async () => {
    const submit = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong!pass1');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.nextElementSibling).toBe(submit);
    expect(calls.at(-1)).toEqual({
      url: '/api/auth/login',
      body: { email: 'gm@example.test', password: 'Wrong!pass1' },
    });
    expect(submit.disabled).toBe(false);
    expect(submit.hasAttribute('aria-busy')).toBe(false);
    expect(submit.textContent).toBe('Sign in');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('Wrong!pass1');
  });
});

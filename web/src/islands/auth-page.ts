// The script of the login and reset-password pages (decision 073): like the other island pages
// (public-page.ts, decision 069) they are HTML and CSS rendered at build time from the app's own
// components, and this script wires them without React:
// - the sign-in form: the email check on leaving the field, the password's show/hide, the busy
//   button, the server's localized error above it, then the session stored as lib/session.ts
//   stores it and a full page load of the dashboard in the account's language;
// - the reset form of the mailed link: the live checklist, the mismatch under the confirmation,
//   show/hide, the busy button, the error (with a new link when this one is used), the success;
//   without a token, the build's rendering of the page without one.
// It hands the page to the app (which renders it afresh) for what it does not render: a signed-in
// visitor, the register form (`?mode=register` or its button), a plan (`?plan=`, whose checkout
// opens after signing in), the forgot-password block (`?forgot` or its button). The email typed so
// far travels in the history entry's state (login-page.tsx LoginHandover).
// The words it writes come from the locale files through the page (auth-strings.ts), the pieces of
// markup it inserts from the app's components through `<template id="qk-auth-parts">`, the rules
// from core and from the modules the app's forms use.
// Bundled alone by esbuild (src/prerender/build.mjs), so it must import nothing of React.
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import { PASSWORD_RULES, passwordRuleResults } from '@questkeeper/core/password';
import { isValidNewPassword, showsMismatch } from '@/components/password/new-password-rules';
import { failureText, looksLikeEmail } from '@/features/auth/lib/form-rules';
import type { LoginHandover } from '@/features/auth/login-page';
import { readStoredSession, storeSession } from '@/lib/stored-session';
import type { AuthString } from './auth-strings';
import { boot, startApp, wirePublicShell } from './public-shell';

const strings = JSON.parse(document.getElementById('qk-strings')?.textContent ?? '{}') as Partial<
  Record<AuthString, string>
>;

/** A string of the page's language, with its `{{placeholders}}` filled. */
function text(key: AuthString, values: Record<string, string | number> = {}): string {
  return (strings[key] ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(values[name] ?? ''),
  );
}

const parts = document.getElementById('qk-auth-parts');

/** A copy of a piece of markup the build rendered from the app's components. */
function part(name: string): Element[] {
  const holder =
    parts instanceof HTMLTemplateElement ? parts.content.querySelector(`[data-part="${name}"]`) : null;
  return holder ? [...holder.cloneNode(true).childNodes].filter((node) => node instanceof Element) : [];
}

const language = document.documentElement.lang || 'en';

/** An API answer that is not a success, as lib/api-client.ts's ApiError carries it. */
class Failure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** POST as lib/api-client.ts's apiRequest sends it (no session on these pages). */
async function post<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-globals -- the island loads nothing of the app (decision 073).
    response = await fetch(path, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'accept-language': language,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Failure('NETWORK', text('common.genericError'));
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return payload as T;
  const error = (payload ?? {}) as { code?: string; message?: string; fields?: Record<string, string> };
  throw new Failure(
    error.code ?? 'INTERNAL',
    error.message ?? text('common.genericError'),
    error.fields ?? {},
  );
}

/** TextField's error: the message under the field, aria-invalid, aria-describedby, the red border. */
function setFieldError(input: HTMLInputElement, error: string | undefined): void {
  const errorId = `${input.id}-error`;
  const hintId = `${input.id}-hint`;
  let message = document.getElementById(errorId);
  if (error) {
    if (!message) {
      const created = part('field-error')[0];
      if (!(created instanceof HTMLElement)) return;
      message = created;
      message.id = errorId;
      input.parentElement?.parentElement?.append(message);
    }
    message.textContent = error;
  } else message?.remove();
  const described = [document.getElementById(hintId) ? hintId : '', error ? errorId : ''].filter(Boolean);
  if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
  else input.removeAttribute('aria-describedby');
  if (error) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  input.classList.replace(error ? 'border-line' : 'border-danger', error ? 'border-danger' : 'border-line');
}

/** PasswordField's show/hide toggle. */
function wirePasswordToggle(input: HTMLInputElement): void {
  const button = input.parentElement?.querySelector<HTMLButtonElement>('button[type="button"]');
  if (!button) return;
  const field = input.labels?.[0]?.textContent ?? '';
  let visible = false;
  button.addEventListener('click', () => {
    visible = !visible;
    input.type = visible ? 'text' : 'password';
    button.setAttribute(
      'aria-label',
      text(visible ? 'common.hidePassword' : 'common.showPassword', { field }),
    );
    button.replaceChildren(...part(visible ? 'eye-off' : 'eye'));
  });
  button.removeAttribute('aria-disabled');
}

/** Button's busy state: disabled, aria-busy, the spinner before the label. */
function setBusy(button: HTMLButtonElement, busy: boolean, label: string): void {
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  button.replaceChildren(...(busy ? part('spinner') : []), label);
}

/** The prerendered form is read-only and its buttons aria-disabled until a script owns them. */
function enable(form: Element): void {
  for (const input of form.querySelectorAll('input')) input.readOnly = false;
  for (const button of form.querySelectorAll('button')) button.removeAttribute('aria-disabled');
}

/** Starts the app for a form this script does not render, with what was typed so far. Until the
 *  app renders, the form is inert again as the build rendered it: nothing typed there is lost. */
function handOver(main: Element, handover: LoginHandover): void {
  for (const input of main.querySelectorAll('input')) input.readOnly = true;
  for (const button of main.querySelectorAll('button')) button.setAttribute('aria-disabled', 'true');
  // react-router's BrowserRouter reads the entry's state from `usr` (login-page.tsx reads it).
  window.history.replaceState({ usr: handover, key: 'default', idx: 0 }, '');
  startApp();
}

function wireLogin(): void {
  const main = document.getElementById('main');
  const form = main?.querySelector('form');
  const email = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const password = form?.querySelector<HTMLInputElement>('input[name="password"]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!main || !form || !email || !password || !submit) {
    startApp();
    return;
  }
  const idleLabel = submit.textContent ?? '';
  let emailLeft = false;
  let loading = false;
  let alert: Element | undefined;

  const update = () => {
    const emailValid = looksLikeEmail(email.value);
    submit.disabled = loading || !emailValid || password.value === '';
    const invalid = emailLeft && email.value.trim() !== '' && !emailValid;
    setFieldError(email, invalid ? text('login.emailInvalid') : undefined);
  };
  email.addEventListener('input', update);
  email.addEventListener('blur', () => {
    emailLeft = true;
    update();
  });
  password.addEventListener('input', update);
  wirePasswordToggle(password);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (loading) return;
    if (!looksLikeEmail(email.value)) {
      emailLeft = true;
      update();
      return;
    }
    if (password.value === '') return;
    alert?.remove();
    loading = true;
    setBusy(submit, true, text('login.submittingSignIn'));
    update();
    post<AuthUser>('/api/auth/login', { email: email.value.trim(), password: password.value }).then(
      ({ token, ...user }) => {
        storeSession({ token, user });
        // The app's LoginPage navigates with `replace`: the login page leaves the history too.
        window.location.replace(`/${user.language}/dashboard`);
      },
      (failure: unknown) => {
        alert = part('alert-error')[0];
        const message =
          failure instanceof Failure
            ? failureText(failure, text('common.genericError'))
            : text('common.genericError');
        const box = alert?.querySelector('.min-w-0');
        if (alert && box) {
          box.textContent = message;
          submit.before(alert);
        }
        loading = false;
        setBusy(submit, false, idleLabel);
        update();
      },
    );
  });

  // The register form and the forgot-password block are the app's (see the top of this file).
  main.querySelector('[data-action="forgot"]')?.addEventListener('click', () => {
    handOver(main, { forgot: true, email: email.value });
  });
  main.querySelector('[data-action="toggle-mode"]')?.addEventListener('click', () => {
    handOver(main, { mode: 'register', email: email.value });
  });
  enable(main);
  update();
}

function wireResetForm(token: string): void {
  const main = document.getElementById('main');
  const section = main?.querySelector('section');
  const form = section?.querySelector('form');
  const password = form?.querySelector<HTMLInputElement>('input[name="new-password"]');
  const confirmation = form?.querySelector<HTMLInputElement>('input[name="confirm-password"]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const checklist = password ? document.getElementById(`${password.id}-hint`) : null;
  if (!section || !form || !password || !confirmation || !submit || !checklist) {
    startApp();
    return;
  }
  const idleLabel = submit.textContent ?? '';
  const summary = checklist.querySelector('[aria-live]');
  let confirmationLeft = false;
  let busy = false;
  let alert: Element | undefined;

  const update = () => {
    const results = passwordRuleResults(password.value);
    const items = checklist.querySelectorAll('li');
    const met = part('rules-met')[0]?.querySelectorAll('li');
    const unmet = part('rules-unmet')[0]?.querySelectorAll('li');
    PASSWORD_RULES.forEach(({ id }, index) => {
      const next = (results[id] ? met : unmet)?.[index];
      const item = items[index];
      if (next && item && next.outerHTML !== item.outerHTML) item.replaceWith(next);
    });
    const count = PASSWORD_RULES.filter(({ id }) => results[id]).length;
    if (summary) {
      summary.textContent = password.value
        ? text('login.checklist.summary', { met: count, total: PASSWORD_RULES.length })
        : '';
    }
    const mismatch = showsMismatch(password.value, confirmation.value, confirmationLeft);
    setFieldError(confirmation, mismatch ? text('errors.PASSWORD_MISMATCH') : undefined);
    submit.disabled = busy || !isValidNewPassword(password.value, confirmation.value);
  };
  password.addEventListener('input', update);
  confirmation.addEventListener('input', () => {
    confirmationLeft = false;
    update();
  });
  confirmation.addEventListener('blur', () => {
    confirmationLeft = true;
    update();
  });
  wirePasswordToggle(password);
  wirePasswordToggle(confirmation);

  const showError = (message: string, expired: boolean) => {
    alert = part('reset-error')[0];
    if (!alert) return;
    const paragraph = alert.querySelector('p');
    if (paragraph) paragraph.textContent = message;
    if (!expired) alert.querySelector('a')?.remove();
    submit.before(alert);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    alert?.remove();
    if (password.value !== confirmation.value) {
      showError(text('errors.PASSWORD_MISMATCH'), false);
      return;
    }
    if (!isValidNewPassword(password.value, confirmation.value)) return;
    busy = true;
    setBusy(submit, true, text('reset.submitting'));
    update();
    post('/api/auth/reset-password', {
      token,
      newPassword: password.value,
      confirmPassword: confirmation.value,
    }).then(
      () => {
        // As the app's page: the form gives way to the message, the heading says so and takes focus.
        const title = text('reset.doneTitle');
        const heading = section.querySelector('h1');
        heading?.nextElementSibling?.remove(); // The intro.
        if (heading) heading.textContent = title;
        document.title = text('common.titleSuffix', { page: title });
        form.replaceWith(...part('reset-done'));
        section.lastElementChild?.remove(); // "Back to login": the message's button says it.
        heading?.focus();
      },
      (failure: unknown) => {
        const expired = failure instanceof Failure && failure.code === 'INVALID_RESET_TOKEN';
        showError(
          failure instanceof Failure ? failureText(failure, text('reset.failed')) : text('reset.failed'),
          expired,
        );
        busy = false;
        setBusy(submit, false, idleLabel);
        update();
      },
    );
  });
  enable(form);
  update();
}

/** The build renders the reset page with its form (a mailed link has a token); without one, this. */
function showMissingToken(): void {
  const missing = document.getElementById('qk-reset-missing');
  const root = document.getElementById('root');
  if (!(missing instanceof HTMLTemplateElement) || !root) return;
  root.replaceChildren(missing.content.cloneNode(true));
  if (missing.dataset.title) document.title = missing.dataset.title;
}

const params = new URLSearchParams(window.location.search);
if (readStoredSession()) startApp();
else if (boot?.page === 'login') {
  if (params.get('mode') === 'register' || params.has('plan') || params.has('forgot')) startApp();
  else {
    wirePublicShell();
    wireLogin();
  }
} else {
  const token = params.get('token')?.trim() ?? '';
  if (!token) showMissingToken();
  wirePublicShell();
  if (token) wireResetForm(token);
}

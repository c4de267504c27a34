// The sign-in / register form of the login page (docs/product.md#login-page, #validation). The page keys it
// by mode, so toggling the mode starts it afresh: passwords and errors are cleared
// (docs/product.md#behaviour). Registering asks for age and terms (docs/product.md#register), and with a plan
// chosen on the pricing page the button says what happens next ("Create your account, then subscribe to
// Hero").
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import type { PaidPlan } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { useHydrated } from '@/lib/use-hydrated';
import { login, register } from '../api/account';
import { failureMessage } from '../api/failure-message';
import { looksLikeEmail } from '../lib/form-rules';
import { isValidNewPassword, NewPasswordFields } from '@/components/password/new-password-fields';

export type AuthMode = 'signIn' | 'register';

export { looksLikeEmail };

export function SignInForm({
  mode,
  email,
  onEmailChange,
  onSignedIn,
  onForgotPassword,
  notice,
  focusPassword = false,
  plan = null,
}: {
  mode: AuthMode;
  email: string;
  onEmailChange: (value: string) => void;
  /** Called with the new session's user; resolves once the page has moved on. */
  onSignedIn: (user: AuthUser) => Promise<void>;
  onForgotPassword: () => void;
  /** A message shown above the fields (the reset success). */
  notice?: ReactNode;
  focusPassword?: boolean;
  /** The plan chosen on the pricing page: its checkout opens once signed in. */
  plan?: PaidPlan | null;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [emailLeft, setEmailLeft] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const termsId = useId();
  // Prerendered: the forgot-password button works once React owns the page (decision 038).
  const hydrated = useHydrated();

  const registering = mode === 'register';
  const emailValid = looksLikeEmail(email);
  const passwordReady = registering ? isValidNewPassword(password, confirmation) : password !== '';
  const emailError = emailLeft && email.trim() !== '' && !emailValid ? t('login.emailInvalid') : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (!emailValid) {
      setEmailLeft(true);
      return;
    }
    if (!passwordReady) {
      if (registering) setError(t('login.invalidForm'));
      return;
    }
    if (registering && !termsAccepted) {
      // The button stays enabled for it: the message says what is missing, the box gets the focus.
      setError(t('validation.acceptTerms'));
      document.getElementById(termsId)?.focus();
      return;
    }
    setError(null);
    setLoading(true);
    try {
      const user = registering
        ? await register(email.trim(), password, currentLanguage())
        : await login(email.trim(), password);
      await onSignedIn(user);
    } catch (caught) {
      setError(failureMessage(caught, t('common.genericError')));
      setLoading(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {notice}
      <TextField
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        onBlur={() => setEmailLeft(true)}
        error={emailError}
      />
      {registering ? (
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordLabel={t('login.password')}
          confirmationLabel={t('login.confirmPassword')}
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            // Back from a password reset, the email is filled in: the password is what is left.
            autoFocus={focusPassword}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button
            type="button"
            onClick={onForgotPassword}
            aria-disabled={hydrated ? undefined : true}
            // The login island starts the app with it (decision 073).
            data-action="forgot"
            className="self-end rounded-control text-sm font-medium text-brand underline-offset-4 hover:underline"
          >
            {t('login.forgot')}
          </button>
        </div>
      )}
      {registering ? (
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            required
            checked={termsAccepted}
            onChange={(event) => {
              setTermsAccepted(event.target.checked);
              if (event.target.checked && error === t('validation.acceptTerms')) setError(null);
            }}
            className="mt-0.5 size-5 shrink-0 accent-brand"
          />
          <label htmlFor={termsId} className="text-sm text-ink">
            <Trans i18nKey="login.acceptTerms" components={{ terms: <TermsLink /> }} />
          </label>
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        type="submit"
        size="lg"
        // "Create your account, then subscribe to Hero" may need two lines on a phone.
        className={
          plan ? 'h-auto! min-h-12 w-full py-2 text-center whitespace-normal! text-balance' : 'w-full'
        }
        loading={loading}
        disabled={!emailValid || !passwordReady}
      >
        {submitLabel()}
      </Button>
    </form>
  );

  function submitLabel() {
    if (loading) return t(registering ? 'login.submittingRegister' : 'login.submittingSignIn');
    if (plan) return t(registering ? 'login.submitRegisterPlan' : 'login.submitSignInPlan', { plan });
    return t(registering ? 'login.submitRegister' : 'login.submitSignIn');
  }
}

/** The terms, in a new tab: the form keeps what was typed. Trans puts the link's words inside. */
function TermsLink({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={localePath(currentLanguage(), '/terms-of-service')}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-brand underline underline-offset-4"
    >
      {children}
      <span className="sr-only"> {t('login.opensInNewTab')}</span>
    </a>
  );
}

// The sign-in / register form of the login page (spec §2, §5). The page keys it by mode, so
// toggling the mode starts it afresh: passwords and errors are cleared (spec §4).
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { currentLanguage } from '@/lib/i18n';
import { login, register } from '../api/account';
import { failureMessage } from '../api/failure-message';
import { isValidNewPassword, NewPasswordFields } from '@/components/password/new-password-fields';

export type AuthMode = 'signIn' | 'register';

// A kind early check only; the server validates the address for real.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

export function SignInForm({
  mode,
  email,
  onEmailChange,
  onSignedIn,
  onForgotPassword,
  notice,
  focusPassword = false,
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
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [emailLeft, setEmailLeft] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

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
            className="self-end rounded-control text-sm font-medium text-brand underline-offset-4 hover:underline"
          >
            {t('login.forgot')}
          </button>
        </div>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={loading}
        disabled={!emailValid || !passwordReady}
      >
        {registering
          ? t(loading ? 'login.submittingRegister' : 'login.submitRegister')
          : t(loading ? 'login.submittingSignIn' : 'login.submitSignIn')}
      </Button>
    </form>
  );
}

// The login page's forgot-password block (docs/product.md#reset-password-page, #password-reset, #messages):
// ask for a reset mail; in demo mail mode the answer carries the token, so a new-password form replaces the
// request form right here. The page's heading names the block ("Reset your password"); the new-password step
// adds its own.
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Send } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { requestPasswordReset, resetPassword } from '../api/password-reset';
import { failureMessage } from '../api/failure-message';
import { isValidNewPassword, NewPasswordFields } from '@/components/password/new-password-fields';
import { looksLikeEmail } from './sign-in-form';

export function ForgotPasswordPanel({
  initialEmail,
  onBack,
  onPasswordReset,
}: {
  initialEmail: string;
  /** Back to the sign-in form, with the email typed here. */
  onBack: (email: string) => void;
  onPasswordReset: (email: string) => void;
}) {
  const { t } = useTranslation();
  // Where focus goes once the request form is replaced: the new-password heading, or the message.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !looksLikeEmail(email)) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await requestPasswordReset(email.trim());
      // The new form replaces this one: move focus to its heading so nobody is left on nothing.
      flushSync(() => {
        setSent(true);
        setToken(answer.resetToken ?? null);
        setBusy(false);
      });
      (headingRef.current ?? sentRef.current)?.focus();
    } catch (caught) {
      setError(failureMessage(caught, t('login.forgotFailed')));
      setBusy(false);
    }
  }

  async function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    if (!isValidNewPassword(password, confirmation)) {
      setError(t(password === confirmation ? 'login.invalidForm' : 'errors.PASSWORD_MISMATCH'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password, confirmation);
      onPasswordReset(email.trim());
    } catch (caught) {
      setError(failureMessage(caught, t('login.resetFailed')));
      setBusy(false);
    }
  }

  const sentMessage = sent ? (
    <div ref={sentRef} tabIndex={-1} className="rounded-control focus:outline-none">
      <Alert tone="success">
        <p>{t('auth.resetSent')}</p>
        {token ? <p className="mt-1">{t('login.demoToken')}</p> : null}
      </Alert>
    </div>
  ) : null;

  return (
    <div className="flex flex-col gap-4">
      {token ? (
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
          {t('login.newPasswordHeading')}
        </h2>
      ) : null}
      {sentMessage}
      {token ? (
        <form noValidate onSubmit={onReset} className="flex flex-col gap-4">
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            passwordLabel={t('login.newPassword')}
            confirmationLabel={t('login.confirmNewPassword')}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={busy}
            disabled={!isValidNewPassword(password, confirmation)}
          >
            {t(busy ? 'login.savingNewPassword' : 'login.saveNewPassword')}
          </Button>
        </form>
      ) : sent ? null : (
        <form noValidate onSubmit={onRequest} className="flex flex-col gap-4">
          <TextField
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={busy}
            disabled={!looksLikeEmail(email)}
            icon={<Send aria-hidden="true" className="size-4" />}
          >
            {t(busy ? 'login.sendingReset' : 'login.sendReset')}
          </Button>
        </form>
      )}
      <Button
        variant="ghost"
        className="self-center"
        onClick={() => onBack(email)}
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        {t('login.backToSignIn')}
      </Button>
    </div>
  );
}

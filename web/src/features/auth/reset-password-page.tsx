// /{lang}/reset-password?token=… — the page the reset mail links to (docs/product.md#mail, #routes
// "Reset-password page", docs/product.md#messages). Same policy and checklist as register (decision 004).
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, KeyRound, LogIn } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { resetPassword } from './api/password-reset';
import { failureMessage } from './api/failure-message';
import { isValidNewPassword, NewPasswordFields } from '@/components/password/new-password-fields';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const language = currentLanguage();
  const loginPath = localePath(language, '/login');
  const requestLinkPath = localePath(language, '/login', '?forgot');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; expired: boolean } | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password !== confirmation) {
      setError({ text: t('errors.PASSWORD_MISMATCH'), expired: false });
      return;
    }
    if (!isValidNewPassword(password, confirmation)) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password, confirmation);
      // The form is replaced by the success message: focus its heading so the change is heard.
      flushSync(() => setDone(true));
      headingRef.current?.focus();
    } catch (caught) {
      const expired = caught instanceof ApiError && caught.code === 'INVALID_RESET_TOKEN';
      setError({ text: failureMessage(caught, t('reset.failed')), expired });
      setBusy(false);
    }
  }

  const title = !token ? t('reset.missingTitle') : done ? t('reset.doneTitle') : t('reset.title');

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <PageTitle title={title} />
      <Card className="sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full border border-line bg-brand-soft text-brand">
            <KeyRound aria-hidden="true" className="size-7" />
          </span>
          <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-semibold">
            {title}
          </h1>
          {token && !done ? <p className="mt-2 text-ink-muted">{t('reset.intro')}</p> : null}
        </div>

        {!token ? (
          <div className="mt-6 flex flex-col gap-5">
            <p className="text-ink-muted">{t('reset.missingToken')}</p>
            <ButtonLink to={requestLinkPath} size="lg" className="w-full">
              {t('reset.requestLink')}
            </ButtonLink>
          </div>
        ) : done ? (
          <ResetDone loginPath={loginPath} />
        ) : (
          <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPasswordChange={setPassword}
              onConfirmationChange={setConfirmation}
              passwordLabel={t('reset.newPassword')}
              confirmationLabel={t('reset.confirmPassword')}
            />
            {error ? <ResetError {...error} requestLinkPath={requestLinkPath} /> : null}
            <Button
              type="submit"
              size="lg"
              className="w-full"
              loading={busy}
              disabled={!isValidNewPassword(password, confirmation)}
            >
              {t(busy ? 'reset.submitting' : 'reset.submit')}
            </Button>
          </form>
        )}
      </Card>

      {done ? null : (
        <p className="mt-6 text-center">
          <Link
            to={loginPath}
            className="inline-flex items-center gap-1.5 rounded-control text-sm font-medium text-ink-muted hover:text-ink"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('reset.backToLogin')}
          </Link>
        </p>
      )}
    </section>
  );
}

// The two states the reset island (islands/auth-page.ts, decision 073) shows without React: the build
// renders them from here into the page, so the island's markup is this markup.

/** After the reset: the success message and the way to the login page. */
export function ResetDone({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-col gap-5">
      <Alert tone="success">{t('auth.resetDone')}</Alert>
      <ButtonLink
        to={loginPath}
        size="lg"
        className="w-full"
        icon={<LogIn aria-hidden="true" className="size-4" />}
      >
        {t('reset.goToLogin')}
      </ButtonLink>
    </div>
  );
}

/** A failed reset: the message, and a new link when this one has expired or was used. */
export function ResetError({
  text,
  expired,
  requestLinkPath,
}: {
  text: string;
  expired: boolean;
  requestLinkPath: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p>{text}</p>
      {expired ? (
        <Link
          to={requestLinkPath}
          className="mt-1 inline-block rounded-control font-semibold underline underline-offset-4"
        >
          {t('reset.requestLink')}
        </Link>
      ) : null}
    </Alert>
  );
}

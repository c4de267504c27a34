// /{lang}/login — sign in or register, forgot password, and a plan preselected on the pricing page
// (docs/product.md#login-page, #after-login, #messages).
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Castle, KeyRound, ScrollText } from 'lucide-react';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/page-title';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { createCheckoutSession, isPaidPlan, openInNewTab } from '@/lib/payments';
import { getSession, signIn } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { failureMessage } from './api/failure-message';
import { ForgotPasswordPanel } from './components/forgot-password-panel';
import { SignInForm, type AuthMode } from './components/sign-in-form';

/**
 * What the login island (islands/auth-page.ts, decision 073) hands over in the history entry's state
 * when it starts the app for a form it does not render itself: the register form, the
 * forgot-password block, and the email typed so far.
 */
export interface LoginHandover {
  mode?: 'register';
  forgot?: true;
  email?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [handover] = useState(() => (location.state ?? {}) as LoginHandover);
  const plan = params.get('plan');
  const preselectedPlan = isPaidPlan(plan) ? plan : null;
  // Read once: signing in on this page must not bounce to the dashboard before the checkout opens.
  const [existingSession] = useState(getSession);
  // ?mode=register opens the register form, ?forgot the forgot-password block (the reset page
  // links there when its link lacks a token).
  const [mode, setMode] = useState<AuthMode>(
    params.get('mode') === 'register' || handover.mode === 'register' ? 'register' : 'signIn',
  );
  const [forgotOpen, setForgotOpen] = useState(() => params.has('forgot') || handover.forgot === true);
  const [email, setEmail] = useState(handover.email ?? '');
  const [resetDone, setResetDone] = useState(false);
  // Back from the forgot-password block, focus lands on the password (the block's button is gone).
  const [backFromForgot, setBackFromForgot] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Prerendered: the toggle works once React owns the page (decision 038).
  const hydrated = useHydrated();
  // The island's "Create a free account" started the app: focus lands where toggleMode puts it.
  useEffect(() => {
    if (handover.mode === 'register') headingRef.current?.focus();
  }, [handover]);

  if (existingSession) {
    return <Navigate replace to={localePath(existingSession.user.language, '/dashboard')} />;
  }

  const registering = mode === 'register';
  const language = currentLanguage();

  function toggleMode() {
    flushSync(() => {
      setMode(registering ? 'signIn' : 'register');
      setForgotOpen(false);
      setResetDone(false);
    });
    headingRef.current?.focus();
  }

  async function onSignedIn(user: AuthUser) {
    signIn(user);
    let checkoutError: string | undefined;
    if (preselectedPlan) {
      try {
        openInNewTab(await createCheckoutSession(preselectedPlan, user.language));
      } catch (caught) {
        // docs/product.md#after-login: the app still goes on to the dashboard; the message travels with it.
        checkoutError = failureMessage(caught, t('login.checkoutFailed'));
      }
    }
    await navigate(localePath(user.language, '/dashboard'), {
      replace: true,
      state: checkoutError ? { notice: checkoutError } : null,
    });
  }

  // The password reset is a form of its own: it gets the page's heading and title.
  const resetting = forgotOpen && !registering;
  const Emblem = resetting ? KeyRound : registering ? ScrollText : Castle;
  const heading = t(
    resetting ? 'login.forgotHeading' : registering ? 'login.headingRegister' : 'login.headingSignIn',
  );
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <PageTitle
        title={resetting ? heading : t(registering ? 'login.pageTitleRegister' : 'login.pageTitleSignIn')}
      />
      <Card className="sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full border border-line bg-brand-soft text-brand">
            <Emblem aria-hidden="true" className="size-7" />
          </span>
          <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-semibold">
            {heading}
          </h1>
          <p className="mt-2 text-ink-muted">
            {t(resetting ? 'login.forgotIntro' : registering ? 'login.introRegister' : 'login.introSignIn')}
          </p>
        </div>

        {preselectedPlan && !resetting ? (
          <Alert tone="info" className="mt-6">
            {t(registering ? 'login.planPromptRegister' : 'login.planPrompt', { plan: preselectedPlan })}
          </Alert>
        ) : null}

        <div className="mt-6">
          {forgotOpen && !registering ? (
            <ForgotPasswordPanel
              initialEmail={email}
              onBack={(typed) => {
                setEmail(typed);
                setBackFromForgot(true);
                setForgotOpen(false);
              }}
              onPasswordReset={(typed) => {
                setEmail(typed);
                setResetDone(true);
                setBackFromForgot(true);
                setForgotOpen(false);
              }}
            />
          ) : (
            <SignInForm
              key={mode}
              mode={mode}
              email={email}
              onEmailChange={setEmail}
              onSignedIn={onSignedIn}
              onForgotPassword={() => {
                setResetDone(false);
                setForgotOpen(true);
              }}
              focusPassword={backFromForgot}
              plan={preselectedPlan}
              notice={resetDone ? <Alert tone="success">{t('auth.resetDone')}</Alert> : null}
            />
          )}
        </div>

        {forgotOpen && !registering ? null : (
          <p className="mt-6 border-t border-line pt-5 text-center text-sm text-ink-muted">
            {t(registering ? 'login.haveAccount' : 'login.newHere')}{' '}
            <button
              type="button"
              onClick={toggleMode}
              aria-disabled={hydrated ? undefined : true}
              // The login island starts the app with it (decision 073).
              data-action="toggle-mode"
              className="rounded-control font-semibold text-brand underline-offset-4 hover:underline"
            >
              {t(registering ? 'login.toSignIn' : 'login.toRegister')}
            </button>
          </p>
        )}
      </Card>

      <p className="mt-6 text-center">
        <Link
          to={localePath(language, '')}
          className="inline-flex items-center gap-1.5 rounded-control text-sm font-medium text-ink-muted hover:text-ink"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('login.backHome')}
        </Link>
      </p>
    </section>
  );
}

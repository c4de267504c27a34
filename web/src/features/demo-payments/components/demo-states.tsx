// What the demo pages show around their form: loading, failures, a link that is gone, and the end.
import { CircleCheck, Link2Off, RotateCw, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/lib/i18n';

/** The dashboard, on the profile view where the billing block lives. */
export function BackToApp() {
  const { t } = useTranslation();
  return (
    <ButtonLink
      variant="secondary"
      to={`/${currentLanguage()}/dashboard?view=profile`}
      className="self-start"
    >
      {t('demoPayments.backToApp')}
    </ButtonLink>
  );
}

export function DemoLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 text-ink-muted">
      <Spinner />
      {t('common.loading')}
    </p>
  );
}

export function DemoLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-semibold text-ink">{t('demoPayments.loadError')}</h1>
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" onClick={onRetry} icon={<RotateCw aria-hidden="true" className="size-4" />}>
        {t('demoPayments.retry')}
      </Button>
    </div>
  );
}

/** An unknown id (`missing`), or a session that can no longer act (expired, used, nothing to do). */
export function DemoGone({ missing = false }: { missing?: boolean }) {
  const { t } = useTranslation();
  const Icon = missing ? SearchX : Link2Off;
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-ink">
        <Icon aria-hidden="true" className="size-6 text-ink-muted" />
        {t(missing ? 'demoPayments.notFoundTitle' : 'demoPayments.expiredTitle')}
      </h1>
      <p className="text-ink-muted">{t(missing ? 'demoPayments.notFound' : 'demoPayments.expired')}</p>
      <BackToApp />
    </div>
  );
}

/** The end of a flow; in a pop-up it says the window closes, otherwise it links back to the app. */
export function DemoDone({ message, closing }: { message: string; closing: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-ink">
        <CircleCheck aria-hidden="true" className="size-6 text-success" />
        {t('demoPayments.doneTitle')}
      </h1>
      <p role="status" className="text-ink">
        {message}
        {closing ? ` ${t('demoPayments.closing')}` : null}
      </p>
      {closing ? null : <BackToApp />}
    </div>
  );
}

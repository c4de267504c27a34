// The demo provider's customer portal, /{lang}/demo-portal/:id (decision 018): the current plan,
// a switch to the other paid plan, and a cancellation (after a confirmation) that returns the account
// to Novice and deletes nothing. Each goes through the same server path as a Stripe webhook.
import { useState } from 'react';
import { useParams } from 'react-router';
import { ArrowRightLeft, Ban } from 'lucide-react';
import type { DemoResult } from '@questkeeper/core/schemas/payments';
import { TIER_LIMITS, type PaidPlan } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { cancelDemoSubscription, switchDemoPlan } from './api/demo-payments-api';
import { DemoHeading, DemoLayout, goneOf } from './components/demo-layout';
import { BackToApp, DemoDone, DemoGone, DemoLoadError, DemoLoading } from './components/demo-states';
import { useDemoSession } from './api/use-demo-session';
import { useDemoTranslation } from './hooks/use-demo-texts';
import { useFinish } from './hooks/use-finish';

export default function DemoPortalPage() {
  const { t } = useDemoTranslation();
  const { id = '' } = useParams();
  const { load, retry } = useDemoSession('portal', id);
  const [gone, setGone] = useState<'missing' | 'used' | null>(null);
  const { finished, finish } = useFinish();
  const [result, setResult] = useState<DemoResult | null>(null);

  let body;
  if (finished && result) {
    const message =
      result.outcome === 'confirmed'
        ? t('demoPayments.doneConfirmed', { plan: result.tier })
        : result.outcome === 'downgraded'
          ? t('demoPayments.doneDowngraded')
          : t('demoPayments.doneCancelled');
    body = <DemoDone closing={finished.closing} message={message} />;
  } else if (gone || load.status === 'missing') {
    body = <DemoGone missing={gone === 'missing' || load.status === 'missing'} />;
  } else if (load.status === 'loading') {
    body = <DemoLoading />;
  } else if (load.status === 'error') {
    body = <DemoLoadError message={load.message} onRetry={retry} />;
  } else if (load.session.state !== 'live' || load.session.tier === 'Novice') {
    body = <DemoGone />;
  } else {
    body = (
      <Portal
        id={id}
        plan={load.session.tier}
        onDone={(done) => {
          setResult(done);
          finish();
        }}
        onGone={setGone}
      />
    );
  }
  return <DemoLayout title={t('demoPayments.portalTitle')}>{body}</DemoLayout>;
}

function Portal({
  id,
  plan,
  onDone,
  onGone,
}: {
  id: string;
  plan: PaidPlan;
  onDone: (result: DemoResult) => void;
  onGone: (gone: 'missing' | 'used') => void;
}) {
  const { t } = useDemoTranslation();
  const confirm = useConfirm();
  const [busy, setBusy] = useState<'switch' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const other: PaidPlan = plan === 'Hero' ? 'Adventurer' : 'Hero';

  async function run(action: 'switch' | 'cancel') {
    if (busy) return;
    if (
      action === 'cancel' &&
      !(await confirm({
        title: t('demoPayments.cancelConfirmTitle'),
        message: t('demoPayments.cancelConfirmText'),
        confirmLabel: t('demoPayments.cancelSubscription'),
        cancelLabel: t('demoPayments.keepPlan', { plan }),
      }))
    ) {
      return;
    }
    setBusy(action);
    setError(null);
    try {
      onDone(action === 'switch' ? await switchDemoPlan(id, other) : await cancelDemoSubscription(id));
    } catch (failure) {
      setBusy(null);
      const gone = goneOf(failure);
      if (gone) onGone(gone);
      else setError(errorMessage(failure));
    }
  }

  return (
    <>
      <DemoHeading
        title={t('demoPayments.portalTitle')}
        lead={t('demoPayments.currentPlan', { plan })}
        sub={t('demoPayments.pricePerMonth', { price: TIER_LIMITS[plan].priceEuroPerMonth })}
      />
      <p className="text-ink">{t('demoPayments.portalIntro')}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-col gap-3 rounded-control border border-line bg-surface-muted p-4">
        <p className="text-sm text-ink-muted">
          {t('demoPayments.switchPrice', { plan: other, price: TIER_LIMITS[other].priceEuroPerMonth })}
        </p>
        <Button
          className="self-start"
          loading={busy === 'switch'}
          disabled={busy !== null}
          onClick={() => void run('switch')}
          icon={<ArrowRightLeft aria-hidden="true" className="size-4" />}
        >
          {t('demoPayments.switchTo', { plan: other })}
        </Button>
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
        <BackToApp />
        <Button
          variant="danger"
          loading={busy === 'cancel'}
          disabled={busy !== null}
          onClick={() => void run('cancel')}
          icon={<Ban aria-hidden="true" className="size-4" />}
        >
          {t('demoPayments.cancelSubscription')}
        </Button>
      </div>
      {confirm.dialog}
    </>
  );
}

// The demo provider's checkout page, /{lang}/demo-checkout/:id (decision 018): the plan and its
// price, a billing address prefilled with sample values, Pay (demo) or Cancel. Paying goes through
// the same server path as a Stripe webhook; opened as a pop-up, the page closes itself when done.
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { CreditCard, X } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { DemoResult, DemoSession } from '@questkeeper/core/schemas/payments';
import { TIER_LIMITS, type PaidPlan } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cancelDemoCheckout, payDemoCheckout } from './api/demo-payments-api';
import { DemoHeading, DemoLayout, goneOf } from './components/demo-layout';
import { DemoDone, DemoGone, DemoLoadError, DemoLoading } from './components/demo-states';
import { useDemoSession } from './api/use-demo-session';
import { useDemoTranslation } from './hooks/use-demo-texts';
import { useFinish } from './hooks/use-finish';

const FIELDS = [
  { name: 'line1', label: 'demoPayments.line1', autoComplete: 'address-line1', maxLength: 200 },
  { name: 'line2', label: 'demoPayments.line2', autoComplete: 'address-line2', maxLength: 200 },
  { name: 'city', label: 'demoPayments.city', autoComplete: 'address-level2', maxLength: 100 },
  { name: 'postal_code', label: 'demoPayments.postalCode', autoComplete: 'postal-code', maxLength: 20 },
  { name: 'country', label: 'demoPayments.country', autoComplete: 'country', maxLength: 2 },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];
type AddressForm = Record<FieldName, string>;

function sampleAddress(t: TFunction, language: string): AddressForm {
  return {
    line1: t('demoPayments.sampleLine1'),
    line2: '',
    city: t('demoPayments.sampleCity'),
    postal_code: '00000',
    country: language === 'fr' ? 'FR' : 'GB',
  };
}

export default function DemoCheckoutPage() {
  const { t } = useDemoTranslation();
  const { id = '' } = useParams();
  const { load, retry } = useDemoSession('checkout', id);
  const [gone, setGone] = useState<'missing' | 'used' | null>(null);
  const { finished, finish } = useFinish();
  const [result, setResult] = useState<DemoResult | null>(null);

  const title =
    load.status === 'ready' && load.session.plan
      ? t('demoPayments.checkoutTitle', { plan: load.session.plan })
      : t('demoPayments.badge');

  let body;
  if (finished && result) {
    body = (
      <DemoDone
        closing={finished.closing}
        message={
          result.outcome === 'confirmed'
            ? t('demoPayments.doneConfirmed', { plan: result.tier })
            : t('demoPayments.doneCancelled')
        }
      />
    );
  } else if (gone || load.status === 'missing') {
    body = <DemoGone missing={gone === 'missing' || load.status === 'missing'} />;
  } else if (load.status === 'loading') {
    body = <DemoLoading />;
  } else if (load.status === 'error') {
    body = <DemoLoadError message={load.message} onRetry={retry} />;
  } else if (load.session.state !== 'live' || !load.session.plan) {
    body = <DemoGone />;
  } else {
    body = (
      <CheckoutForm
        id={id}
        session={load.session}
        plan={load.session.plan}
        onDone={(done) => {
          setResult(done);
          finish();
        }}
        onGone={setGone}
      />
    );
  }
  return <DemoLayout title={title}>{body}</DemoLayout>;
}

function CheckoutForm({
  id,
  session,
  plan,
  onDone,
  onGone,
}: {
  id: string;
  session: DemoSession;
  plan: PaidPlan;
  onDone: (result: DemoResult) => void;
  onGone: (gone: 'missing' | 'used') => void;
}) {
  const { t, i18n } = useDemoTranslation();
  const [values, setValues] = useState<AddressForm>(() => sampleAddress(t, i18n.language));
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [fields, setFields] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const price = TIER_LIMITS[plan].priceEuroPerMonth;

  async function run(action: 'pay' | 'cancel') {
    if (busy) return; // A second click while the first is on its way.
    setBusy(action);
    setError(null);
    try {
      const done =
        action === 'pay'
          ? await payDemoCheckout(id, {
              line1: values.line1,
              line2: values.line2.trim() === '' ? null : values.line2,
              city: values.city,
              postal_code: values.postal_code,
              country: values.country,
            })
          : await cancelDemoCheckout(id);
      onDone(done);
    } catch (failure) {
      setBusy(null);
      const gone = goneOf(failure);
      if (gone) {
        onGone(gone);
        return;
      }
      const invalid =
        failure instanceof ApiError ? (failure.fields as Partial<Record<FieldName, string>>) : {};
      setFields(invalid);
      const first = FIELDS.find((field) => invalid[field.name]);
      setError(first ? t('demoPayments.fieldErrors') : errorMessage(failure));
      // The first invalid field, so the user lands where the problem is.
      if (first) {
        requestAnimationFrame(() => {
          const input = form.current?.elements.namedItem(first.name);
          if (input instanceof HTMLElement) input.focus();
        });
      }
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run('pay');
  }

  return (
    <>
      <DemoHeading
        title={t('demoPayments.checkoutTitle', { plan })}
        lead={t('demoPayments.pricePerMonth', { price })}
        sub={t('demoPayments.currentPlan', { plan: session.tier })}
      />
      <p className="text-ink">{t('demoPayments.checkoutIntro', { plan })}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-1 text-base font-semibold text-ink">{t('demoPayments.address')}</legend>
          <p className="text-sm text-ink-muted">{t('demoPayments.sampleNote')}</p>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={t(field.label)}
              autoComplete={field.autoComplete}
              maxLength={field.maxLength}
              required={field.name !== 'line2'}
              autoCapitalize={field.name === 'country' ? 'characters' : undefined}
              value={values[field.name]}
              error={fields[field.name]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((old) => ({ ...old, [field.name]: value }));
              }}
            />
          ))}
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            loading={busy === 'cancel'}
            disabled={busy !== null}
            onClick={() => void run('cancel')}
            icon={<X aria-hidden="true" className="size-4" />}
          >
            {t('demoPayments.cancel')}
          </Button>
          <Button
            type="submit"
            loading={busy === 'pay'}
            disabled={busy !== null}
            icon={<CreditCard aria-hidden="true" className="size-4" />}
          >
            {t('demoPayments.pay')}
          </Button>
        </div>
      </form>
    </>
  );
}

// The upgrade modal of docs/product.md#modals, #tiers: one plan card per plan above the user's,
// Novice sees Adventurer (popular) beside Hero, Adventurer sees Hero only. Prices and features come
// from core's tier table through PlanCard. The checkout loop is in use-checkout-window.ts.
import { useTranslation } from 'react-i18next';
import { Crown } from 'lucide-react';
import { upgradePlansFor, type Tier } from '@questkeeper/core/tiers';
import { PlanCard } from '@/components/plan-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useCheckoutWindow } from './use-checkout-window';

export function UpgradeModal({ tier, onClose }: { tier: Tier; onClose: () => void }) {
  const { t } = useTranslation();
  const { state, start, cancel } = useCheckoutWindow(onClose);
  const plans = upgradePlansFor(tier);

  // Hero has nowhere to go: say so rather than show an empty modal.
  if (plans.length === 0) {
    return (
      <Modal
        open
        size="sm"
        title={t('upgrade.highestTitle')}
        onClose={onClose}
        footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      >
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
            <Crown aria-hidden="true" className="size-5" />
          </span>
          <p className="text-ink">{t('upgrade.highest')}</p>
        </div>
      </Modal>
    );
  }

  const loading = state.phase === 'loading';
  const waiting = loading && state.windowOpen;
  const dismiss = () => {
    cancel();
    onClose();
  };
  const single = plans.length === 1;

  return (
    <Modal
      open
      size={single ? 'sm' : 'lg'}
      title={t('upgrade.title')}
      onClose={dismiss}
      footer={
        <Button variant="secondary" onClick={dismiss}>
          {waiting ? t('upgrade.stopWaiting') : t('upgrade.notNow')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-pretty text-ink-muted">{t('upgrade.intro')}</p>
        {state.phase === 'idle' && state.error ? <Alert tone="error">{state.error}</Alert> : null}
        {state.phase === 'idle' && state.refreshFailed ? (
          <Alert tone="error">{t('upgrade.refreshFailed')}</Alert>
        ) : null}
        {waiting ? (
          <Alert tone="info">
            {state.detached ? t('upgrade.checkoutDetached') : t('upgrade.checkoutOpened')}
          </Alert>
        ) : null}
        {/* Room above the cards for the "Popular" badge that overhangs the first one. */}
        <div className={`grid gap-6 pt-3 ${single ? '' : 'sm:grid-cols-2 sm:gap-5'}`}>
          {plans.map((plan) => {
            const mine = loading && state.plan === plan;
            return (
              <PlanCard
                key={plan}
                tier={plan}
                headingLevel="h3"
                popular={plan === 'Adventurer'}
                className="sm:p-6"
                action={
                  <Button
                    variant={plan === 'Adventurer' || single ? 'primary' : 'secondary'}
                    className="w-full"
                    loading={mine}
                    disabled={loading}
                    onClick={() => void start(plan)}
                  >
                    {mine && waiting ? t('upgrade.waiting') : t('upgrade.choose', { plan })}
                  </Button>
                }
              />
            );
          })}
        </div>
        <p className="text-center text-xs text-pretty text-ink-muted">{t('upgrade.footnote')}</p>
      </div>
    </Modal>
  );
}

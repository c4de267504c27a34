// The billing block's subscription state (GET /api/auth/billing-info `subscription`): renewal date,
// a cancellation at the end of the period, a failed payment, dates in the UI language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import fr from '@questkeeper/core/locales/fr.json';
import type { BillingInfo, SubscriptionState } from '@questkeeper/core/schemas/auth';
import type { PaidPlan } from '@questkeeper/core/tiers';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { i18next } from '@/lib/i18n';
import { BillingBlock } from './billing-block';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/components/upgrade/upgrade-context', () => ({ useUpgrade: vi.fn(() => () => undefined) }));

const api = vi.mocked(apiRequest);
afterEach(async () => {
  api.mockReset();
  await i18next.changeLanguage('en');
});

const MARCH_12 = '2027-03-12T12:00:00.000Z';

function renderBilling(tier: PaidPlan, subscription: SubscriptionState | null) {
  const info: BillingInfo = { email: 'gm@example.test', address: null, subscription };
  api.mockResolvedValue(info);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BillingBlock user={{ _id: 'u1', email: 'gm@example.test', language: 'en', tier }} tier={tier} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const billing = () =>
  screen.getByRole('region', { name: /Subscription and billing|Abonnement et facturation/ });

describe('billing block subscription state', () => {
  it('shows the renewal date of an active subscription', async () => {
    renderBilling('Adventurer', {
      plan: 'Adventurer',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: MARCH_12,
    });
    expect(await within(billing()).findByText('Renews on March 12, 2027.')).toBeTruthy();
    expect(within(billing()).queryByRole('alert')).toBeNull();
  });

  it('says when a cancelled plan ends and that it is kept until then', async () => {
    renderBilling('Hero', {
      plan: 'Hero',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: MARCH_12,
    });
    expect(
      await within(billing()).findByText('Ends on March 12, 2027 — you keep Hero until then.'),
    ).toBeTruthy();
    expect(within(billing()).queryByText(/Renews on/)).toBeNull();
  });

  it.each(['past_due', 'unpaid'])('warns about a failed payment (%s)', async (status) => {
    renderBilling('Hero', { plan: 'Hero', status, cancelAtPeriodEnd: false, currentPeriodEnd: MARCH_12 });
    const alert = await within(billing()).findByRole('alert');
    expect(alert.textContent).toBe(
      'Your last payment failed. Update your card in “Manage subscription” to keep Hero.',
    );
    expect(within(billing()).queryByText(/Renews on/)).toBeNull();
  });

  it('says the subscription is active when the provider gives no date (demo)', async () => {
    renderBilling('Adventurer', {
      plan: 'Adventurer',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    });
    expect(await within(billing()).findByText('Subscription active.')).toBeTruthy();
  });

  it('shows no state without a subscription', async () => {
    renderBilling('Adventurer', null);
    expect(await within(billing()).findByText('gm@example.test')).toBeTruthy();
    expect(within(billing()).queryByText(/Renews on|Ends on|Subscription active/)).toBeNull();
  });

  it('formats the date in the UI language (fr)', async () => {
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await i18next.changeLanguage('fr');
    renderBilling('Adventurer', {
      plan: 'Adventurer',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: MARCH_12,
    });
    expect(
      await within(billing()).findByText(
        'Se termine le 12 mars 2027 — vous gardez la formule Adventurer jusque-là.',
      ),
    ).toBeTruthy();
  });
});

// The upgrade modal (docs/product.md#upgrade-modal, #subscription, #roles, #limits) against a fake server and
// a fake checkout window: the cards per tier with core's prices and limits, the checkout loop (window checked
// every 1000 ms, then the user refreshed and the modal closed), failure and cancel.
// e2e/tests/account-modals.spec.ts runs the loop against the real server and its demo checkout page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { clearSession, signIn, useSession } from '@/lib/session';
import { UpgradeProvider, useUpgrade } from './upgrade-context';

const user = { _id: 'u1', email: 'gm@example.test', language: 'en' as const, token: 'secret' };
let serverTier: Tier = 'Novice';
let checkoutAnswer: { status: number; body: unknown } = {
  status: 200,
  body: { url: 'https://pay.example/checkout/1' },
};
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  checkoutAnswer = { status: 200, body: { url: 'https://pay.example/checkout/1' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push(`${init.method} ${path}${init.body ? ` ${String(init.body)}` : ''}`);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/auth/refresh-session') return json(200, { ...user, tier: serverTier });
      if (path === '/api/stripe/create-checkout-session')
        return json(checkoutAnswer.status, checkoutAnswer.body);
      return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  clearSession();
});

function Opener() {
  const upgrade = useUpgrade();
  const session = useSession();
  return (
    <>
      <button type="button" onClick={upgrade}>
        Open plans
      </button>
      <p data-testid="tier">{session?.user.tier}</p>
    </>
  );
}

function renderAs(tier: Tier) {
  serverTier = tier;
  signIn({ ...user, tier });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <UpgradeProvider>
        <Opener />
      </UpgradeProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Open plans' }));
  return screen.getByRole('dialog', { name: 'Upgrade your plan' });
}

const euro = (tier: Tier) => `${TIER_LIMITS[tier].priceEuroPerMonth} €`;
const cardNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

describe('upgrade modal', { timeout: 20_000 }, () => {
  it('offers Novice the Adventurer card, marked popular, beside Hero, with prices and limits from core', async () => {
    renderAs('Novice');
    const dialog = await open();
    expect(cardNames(dialog)).toEqual(['Adventurer', 'Hero']);
    const [adventurer, hero] = within(dialog).getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(within(adventurer).getByText('Popular')).toBeTruthy();
    expect(within(hero).queryByText('Popular')).toBeNull();
    expect(within(adventurer).getByText(euro('Adventurer'))).toBeTruthy();
    expect(within(hero).getByText(euro('Hero'))).toBeTruthy();
    expect(within(adventurer).getByText(`${TIER_LIMITS.Adventurer.campaigns} campaigns`)).toBeTruthy();
    expect(
      within(adventurer).getByText(`${TIER_LIMITS.Adventurer.unitsPerCampaign} units per campaign`),
    ).toBeTruthy();
    expect(within(adventurer).getByText(`${TIER_LIMITS.Adventurer.races} custom races`)).toBeTruthy();
    expect(within(hero).getByText('Everything in Adventurer')).toBeTruthy();
    expect(within(hero).getByText(`${TIER_LIMITS.Hero.campaigns} campaigns`)).toBeTruthy();
    expect(within(hero).getByText(`${TIER_LIMITS.Hero.classes} custom classes`)).toBeTruthy();
    expect(within(adventurer).getByRole('button', { name: 'Upgrade to Adventurer' })).toBeTruthy();
    expect(within(hero).getByRole('button', { name: 'Upgrade to Hero' })).toBeTruthy();
  });

  it('offers Adventurer only the Hero card', async () => {
    renderAs('Adventurer');
    const dialog = await open();
    expect(cardNames(dialog)).toEqual(['Hero']);
    expect(within(dialog).queryByText('Popular')).toBeNull();
    expect(within(dialog).getByText(euro('Hero'))).toBeTruthy();
  });

  it('tells Hero there is no higher plan instead of an empty modal', async () => {
    renderAs('Hero');
    await userEvent.click(screen.getByRole('button', { name: 'Open plans' }));
    const dialog = screen.getByRole('dialog', { name: 'Your plan' });
    expect(within(dialog).queryAllByRole('article')).toHaveLength(0);
    expect(within(dialog).getByText(/highest plan/)).toBeTruthy();
  });

  it('opens the checkout, waits for its window to close, then refreshes the user and closes', async () => {
    const { invalidate } = renderAs('Novice');
    const checkout = { closed: false } as Window;
    const openWindow = vi.spyOn(window, 'open').mockReturnValue(checkout);
    const dialog = await open();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Adventurer' }));
    expect(await within(dialog).findByText(/The checkout opened in a new window/)).toBeTruthy();
    expect(openWindow).toHaveBeenCalledWith('https://pay.example/checkout/1', '_blank');
    expect(calls).toEqual(['POST /api/stripe/create-checkout-session {"plan":"Adventurer","language":"en"}']);
    const waiting = within(dialog).getByRole('button', { name: 'Awaiting payment…' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(dialog).getByRole('button', { name: 'Upgrade to Hero' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // The user pays in the other window: nothing happens here while it stays open.
    serverTier = 'Adventurer';
    act(() => vi.advanceTimersByTime(3000));
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Upgrade your plan' })).toBeTruthy();

    // Closed: at the next check, the user is refreshed and the modal closes.
    (checkout as { closed: boolean }).closed = true;
    act(() => vi.advanceTimersByTime(999));
    expect(calls).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls[1]).toBe('GET /api/auth/refresh-session');
    expect(screen.getByTestId('tier').textContent).toBe('Adventurer');
    expect(invalidate).toHaveBeenCalledWith();
    // Focus goes back to what opened the modal.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open plans' }));
  });

  it('waits for the user to come back when the checkout window cannot be watched', async () => {
    renderAs('Novice');
    // An isolated checkout page (Cross-Origin-Opener-Policy) reads as closed from the first check.
    vi.spyOn(window, 'open').mockReturnValue({ closed: true } as Window);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const dialog = await open();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Adventurer' }));
    await within(dialog).findByText(/The checkout opened in a new window/);
    act(() => vi.advanceTimersByTime(1000));
    // Closed at the first check: the plan is asked once (a very fast payer is done here)…
    expect(await within(dialog).findByText(/come back to this tab/)).toBeTruthy();
    expect(calls).toEqual([
      expect.stringContaining('create-checkout-session'),
      'GET /api/auth/refresh-session',
    ]);

    // …then again when the user comes back. Back without having paid: still waiting.
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(screen.getByRole('dialog', { name: 'Upgrade your plan' })).toBeTruthy();
    expect(screen.getByTestId('tier').textContent).toBe('Novice');

    // Back after paying: the new plan shows and the modal closes.
    serverTier = 'Adventurer';
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('tier').textContent).toBe('Adventurer');
  });

  it('clears the loading and says why when the checkout cannot be created', async () => {
    checkoutAnswer = {
      status: 503,
      body: { code: 'PAYMENT_UNAVAILABLE', message: 'Payments are unavailable right now.' },
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const openWindow = vi.spyOn(window, 'open');
    renderAs('Novice');
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Hero' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Payments are unavailable right now.',
    );
    const hero = within(dialog).getByRole('button', { name: 'Upgrade to Hero' }) as HTMLButtonElement;
    expect(hero.disabled).toBe(false);
    expect(hero.getAttribute('aria-busy')).toBeNull();
    expect(openWindow).not.toHaveBeenCalled();
    expect(screen.getByTestId('tier').textContent).toBe('Novice');
  });

  it('stops waiting when the user closes the modal, still picking up a payment already made', async () => {
    renderAs('Novice');
    const checkout = { closed: false } as Window;
    vi.spyOn(window, 'open').mockReturnValue(checkout);
    const dialog = await open();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Hero' }));
    await within(dialog).findByText(/The checkout opened in a new window/);

    serverTier = 'Hero';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop waiting' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('tier').textContent).toBe('Hero'));
    const seen = calls.length;
    (checkout as { closed: boolean }).closed = true;
    act(() => vi.advanceTimersByTime(5000));
    expect(calls).toHaveLength(seen);
  });
});

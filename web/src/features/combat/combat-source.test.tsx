// Against the fake server: who deals the blow (the turn's unit by default,
// another unit or no one in one change, back to the turn's unit on Next turn), the line that says what
// Enter will do or lacks, and a blow that cannot reach the server: nothing false on screen, the amount
// and target kept, Retry applying it once. The journeys in e2e/tests/combat-source.spec.ts run the
// same in a browser against the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import type { CombatState } from '@questkeeper/core/combat/combat';
import {
  fightOf,
  makeCampaign,
  pressed,
  region,
  renderView,
  roster,
  valueOf,
} from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const groups = { allies: ['a1', 'a2'], enemies: ['e1'] };
const serve = (campaign: Campaign, units: Unit[], combat: CombatState) =>
  fakeCombatServer(api, campaign, units, combat);
const actions = (server: ReturnType<typeof serve>['server']) =>
  server.calls.filter((call) => call.path === '/api/combat/actions').map((call) => call.body);

describe('who deals the blow', () => {
  it('is the turn’s unit unless the GM picks another or no one, and Next turn resets it', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups, { targetId: 'e1' }));
    renderView(campaign);
    const bar = await screen.findByRole('region', { name: 'Target' });
    const by = within(bar).getByRole('combobox', { name: 'By' });
    expect(valueOf(by)).toBe('a1');
    const amount = within(bar).getByRole('textbox', { name: 'Amount' });
    // The closed select draws its chosen option first, the others right after (decision 074).
    await within(by).findByRole('option', { name: 'Borin' });

    await user.selectOptions(by, 'Borin');
    await user.type(amount, '2{Enter}');
    await user.selectOptions(by, 'No one (a trap, a fall)');
    await user.type(amount, '3{Enter}');
    await waitFor(() => expect(actions(server)).toHaveLength(2));
    expect(actions(server).map((body) => (body as { action: unknown }).action)).toEqual([
      { type: 'attack', targetId: 'e1', amount: 2, sourceId: 'a2' },
      { type: 'attack', targetId: 'e1', amount: 3, sourceId: null },
    ]);

    await user.click(within(bar).getByRole('button', { name: 'Next turn' }));
    await waitFor(() => expect(valueOf(by)).toBe('a2'));
  });
});

describe('the Enter line', () => {
  it('says what Enter will do, and what it lacks', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    const bar = await screen.findByRole('region', { name: 'Target' });
    const amount = within(bar).getByRole('textbox', { name: 'Amount' });
    const line = screen.getByTestId('enter-preview');
    await user.type(amount, '{Enter}');
    expect(line.textContent).toBe('Pick a target first');
    await user.click(screen.getByRole('button', { name: 'Target Borin' }));
    await user.click(amount);
    await user.keyboard('{Enter}');
    expect(line.textContent).toBe('Type an amount first');
    await user.type(amount, '+5');
    expect(line.textContent).toBe('Enter: heal Borin 5');
    expect(line.getAttribute('aria-live')).toBe('polite');
    await user.clear(amount);
    await user.type(amount, '-2d6');
    expect(line.textContent).toBe('Enter: attack Borin for 2d6');
  });
});

describe('a blow that cannot reach the server', () => {
  it('shows nothing false, keeps the amount and target, says so, and Retry applies it once', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups, { targetId: 'e1' }));
    renderView(campaign);
    const bar = await screen.findByRole('region', { name: 'Target' });
    const amount = within(bar).getByRole('textbox', { name: 'Amount' });
    server.unreachable = 1;
    await user.type(amount, '7{Enter}');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('The server cannot be reached');
    expect(notice.textContent).toContain('Your amount and target are kept.');
    expect(valueOf(amount)).toBe('7');
    expect(pressed(screen.getByRole('button', { name: 'Target Goblin' }))).toBe('true');
    expect(within(region('Enemies')).getByRole('meter', { name: 'HP 15 / 100' })).toBeTruthy();
    expect(actions(server)).toEqual([]);

    await user.click(within(notice).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.units.find((u) => u._id === 'e1')?.currentHp).toBe(8));
    expect(actions(server)).toHaveLength(1);
    await waitFor(() => expect(valueOf(amount)).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// A Down player character's row (docs/product.md#death-saves, docs/decisions/061): it keeps the
// Success and Failure buttons, each one deathSave action; the tally shows as pips said in words; after
// three of a kind the row says Stable or Dead, unless the campaign's matching status was written.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { fightOf, makeCampaign, renderView, roster, rowOf, unit } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

const units = () => [...roster(), unit('a3', 'Cyra', { isPlayer: true, currentHp: 0 })];
const groups = { allies: ['a1', 'a3'], enemies: ['e1', 'x1'] };
const tally = (row: HTMLElement) =>
  within(row)
    .getByRole('img', { name: /^Death saves:/ })
    .getAttribute('aria-label');

describe('death saves on a fight row', () => {
  it('sends each save, shows the tally, and says Stable after three successes', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = fakeCombatServer(api, campaign, units(), fightOf(groups));
    renderView(campaign);
    await screen.findByRole('button', { name: 'Target Cyra' });
    const row = rowOf('Cyra');
    expect(within(row).getByText('Down')).toBeTruthy();
    expect(tally(row)).toBe('Death saves: 0 successes, 0 failures');
    // Only a player character rolls: a fallen monster has no buttons.
    expect(within(rowOf('Fallen')).queryByRole('button', { name: /Death save/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Death save success for Cyra' }));
    await waitFor(() => expect(tally(rowOf('Cyra'))).toBe('Death saves: 1 success, 0 failures'));
    expect(server.calls).toContainEqual({
      method: 'POST',
      path: '/api/combat/actions',
      body: { version: 1, action: { type: 'deathSave', unitId: 'a3', result: 'success' } },
    });
    await user.click(within(rowOf('Cyra')).getByRole('button', { name: 'Death save failure for Cyra' }));
    await user.click(within(rowOf('Cyra')).getByRole('button', { name: 'Death save failure for Cyra' }));
    await waitFor(() => expect(tally(rowOf('Cyra'))).toBe('Death saves: 1 success, 2 failures'));
    await user.click(within(rowOf('Cyra')).getByRole('button', { name: 'Death save success for Cyra' }));
    await user.click(within(rowOf('Cyra')).getByRole('button', { name: 'Death save success for Cyra' }));

    await waitFor(() => expect(tally(rowOf('Cyra'))).toBe('Death saves: 3 successes, 2 failures'));
    expect(within(rowOf('Cyra')).getByText('Stable')).toBeTruthy();
    expect(within(rowOf('Cyra')).queryByRole('button', { name: /Death save/ })).toBeNull();
    expect(server.fight.deathSaves).toEqual({ a3: { successes: 3, failures: 2 } });
    // Still rolling, Cyra counted as standing; stable at 0 HP, she no longer does.
    expect(within(screen.getByRole('region', { name: 'Allies' })).getByText('1 / 2')).toBeTruthy();
  });

  it('leaves the outcome to the status when the campaign has a matching one', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign({
      statuses: [
        { _id: 's1', name: 'Normal', note: '' },
        { _id: 's3', name: 'Dead', note: '' },
      ],
    });
    const { server } = fakeCombatServer(api, campaign, units(), fightOf(groups));
    renderView(campaign);
    await screen.findByRole('button', { name: 'Target Cyra' });
    for (let i = 0; i < 3; i++) {
      await user.click(within(rowOf('Cyra')).getByRole('button', { name: 'Death save failure for Cyra' }));
    }
    await waitFor(() => expect(server.units.find((item) => item._id === 'a3')?.status).toBe('Dead'));
    await waitFor(() => expect(tally(rowOf('Cyra'))).toBe('Death saves: 0 successes, 3 failures'));
    // Said once, by the status.
    expect(within(rowOf('Cyra')).getAllByText('Dead')).toHaveLength(1);
    expect(within(rowOf('Cyra')).queryByRole('button', { name: /Death save/ })).toBeNull();
  });
});

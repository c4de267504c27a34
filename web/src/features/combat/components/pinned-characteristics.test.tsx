// The campaign's pinned characteristics on every fight row (docs/product.md#fight-rows,
// docs/decisions/061): "AC 15 · Perception 12", in the campaign's order, and only the pinned ones.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { fightOf, makeCampaign, renderView, rowOf, unit } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

const characteristics = [
  { name: 'Dexterity', max: 100, pinned: false },
  { name: 'AC', max: 20, pinned: true },
  { name: 'Perception', max: 20, pinned: true },
];

describe('pinned characteristics on the fight rows', () => {
  it('shows each pinned value on every row, a dash where a unit has none', async () => {
    const campaign = makeCampaign({ characteristics });
    const units = [
      unit('a1', 'Aria', { isPlayer: true, characteristics: { Dexterity: 70, AC: 15, Perception: 12 } }),
      unit('e1', 'Goblin', { characteristics: { Dexterity: 60, AC: 13 } }),
    ];
    fakeCombatServer(api, campaign, units, fightOf({ allies: ['a1'], enemies: ['e1'] }));
    renderView(campaign);
    await screen.findByRole('button', { name: 'Target Aria' });
    expect(within(rowOf('Aria')).getByTestId('pinned-characteristics').textContent).toBe(
      'AC 15 · Perception 12',
    );
    expect(within(rowOf('Goblin')).getByTestId('pinned-characteristics').textContent).toBe(
      'AC 13 · Perception —',
    );
    expect(rowOf('Aria').textContent).not.toContain('Dexterity');
  });

  it('shows no line when nothing is pinned', async () => {
    const campaign = makeCampaign();
    fakeCombatServer(
      api,
      campaign,
      [unit('a1', 'Aria'), unit('e1', 'Goblin')],
      fightOf({ allies: ['a1'], enemies: ['e1'] }),
    );
    renderView(campaign);
    await screen.findByRole('button', { name: 'Target Aria' });
    expect(screen.queryByTestId('pinned-characteristics')).toBeNull();
  });
});

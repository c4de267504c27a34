// The marker of a fight or setup row: players cannot see the unit (until its first
// turn), or see it under an alias; nothing when the settings leave the unit as it is.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { PlayerViewMarker } from './player-view-marker';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(apiRequest).mockReset();
  vi.mocked(apiRequest).mockResolvedValue({
    hp: { allies: 'exact', enemies: 'bands' },
    units: {
      boss: { hidden: true },
      lurker: { hidden: true, revealOnFirstTurn: true },
      wolf: { alias: 'Wolf' },
    },
    version: 3,
  });
});

describe('player-view marker', () => {
  it('names what players see of each unit, and stays empty for a unit shown as it is', async () => {
    renderWithProviders(
      <ul>
        {['boss', 'lurker', 'wolf', 'aria'].map((id) => (
          <li key={id} data-testid={id}>
            <PlayerViewMarker campaignId="c1" unitId={id} />
          </li>
        ))}
      </ul>,
    );
    expect(await screen.findByRole('img', { name: 'Hidden from players' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Hidden from players until its first turn' })).toBeTruthy();
    expect(screen.getByText('Players see: Wolf')).toBeTruthy();
    expect(screen.getByTestId('aria').textContent).toBe('');
    expect(vi.mocked(apiRequest).mock.calls).toHaveLength(1);
  });
});

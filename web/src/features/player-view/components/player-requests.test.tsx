// A player's requests on the player page (docs/product.md#players-take-part): the player picks among
// the player characters shown (remembered on this phone for this link, changeable), sends a request
// naming units by the page's own ids with this phone's id, sees a refusal in words, and reads each
// outcome the payload brings (waiting, approved, rejected with the reason).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import type { PlayerRequestLine } from '@questkeeper/core/schemas/player-requests';
import { renderWithProviders } from '@/test/render';
import { PlayerRequests } from './player-requests';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
beforeEach(() => localStorage.clear());
afterEach(() => api.mockReset());

const hp = { shown: 'band' as const, current: null, max: null, band: 'healthy' as const };
const unit = (id: string, name: string, player = false) => ({
  id,
  name,
  group: player ? ('allies' as const) : ('enemies' as const),
  color: null,
  hp,
  conditions: [],
  ...(player ? { player: true as const } : {}),
});

function payload(requests: PlayerRequestLine[] = [], phase: 'setup' | 'fight' = 'fight'): PlayerViewPayload {
  return {
    phase,
    round: 1,
    turn: phase === 'fight' ? { unitId: 'o-brenna' } : null,
    order: [],
    units: [unit('o-brenna', 'Brenna', true), unit('o-corin', 'Corin', true), unit('o-brute', 'The Brute')],
    hazards: [],
    log: [],
    revealed: [],
    requests,
    conditionChoices: [{ id: 'o-poisoned', name: 'Poisoned' }],
  };
}

const line = (extra: Partial<PlayerRequestLine>): PlayerRequestLine => ({
  id: 'q1',
  as: 'o-brenna',
  kind: 'damage',
  status: 'pending',
  reason: null,
  targetId: 'o-brute',
  amount: '2d6+3',
  initiative: null,
  condition: null,
  rounds: null,
  createdAt: '2026-11-28T20:00:00.000Z',
  ...extra,
});

describe('PlayerRequests', () => {
  it('picks a character, remembered per link, and changes it', () => {
    const { unmount } = renderWithProviders(<PlayerRequests token="tok" payload={payload()} />);
    expect(screen.queryByRole('button', { name: 'I play The Brute' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I play Brenna' }));
    expect(screen.getByRole('heading', { name: 'You play Brenna' })).toBeTruthy();
    unmount();
    renderWithProviders(<PlayerRequests token="tok" payload={payload()} />);
    expect(screen.getByRole('heading', { name: 'You play Brenna' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change character' }));
    expect(screen.getByRole('heading', { name: 'Who do you play?' })).toBeTruthy();
  });

  it('sends damage with dice on a unit shown, with this phone id, and shows a refusal', async () => {
    localStorage.setItem('qk.playAs.tok', 'o-brenna');
    api.mockRejectedValueOnce(new ApiError(409, 'NO_FIGHT', 'There is no fight going on right now.'));
    api.mockResolvedValueOnce(line({}));
    renderWithProviders(<PlayerRequests token="tok" payload={payload()} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Target' }), { target: { value: 'o-brute' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount or dice' }), { target: { value: '2d' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    // Bad dice are said under the field; nothing is sent.
    expect(api).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount or dice' }), { target: { value: '2d6+3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('There is no fight going on right now.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent to the game master.')).toBeTruthy();
    const [method, path, options] = api.mock.calls[1]!;
    expect([method, path]).toEqual(['POST', '/api/play/tok/requests']);
    const body = (options as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({ kind: 'damage', as: 'o-brenna', targetId: 'o-brute', amount: '2d6+3' });
    expect(body.phoneId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(localStorage.getItem('qk.phoneId')).toBe(body.phoneId);
    // End my turn: only on this character's turn.
    expect(screen.getByRole('button', { name: 'End my turn' })).toBeTruthy();
  });

  it("lists this character's requests with their outcome, not the others'", async () => {
    localStorage.setItem('qk.playAs.tok', 'o-brenna');
    renderWithProviders(
      <PlayerRequests
        token="tok"
        payload={payload([
          line({ id: 'q3', status: 'rejected', reason: 'Wait for your turn', kind: 'heal', amount: '4' }),
          line({ id: 'q2', status: 'approved' }),
          line({ id: 'q1', as: 'o-corin', status: 'pending' }),
        ])}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    await waitFor(() =>
      expect(items).toEqual([
        'Heal The Brute: 4Rejected: Wait for your turn',
        '2d6+3 damage to The BruteApproved',
      ]),
    );
  });

  it('asks for an initiative before the start', async () => {
    localStorage.setItem('qk.playAs.tok', 'o-corin');
    api.mockResolvedValueOnce(line({ kind: 'initiative', initiative: 12 }));
    renderWithProviders(<PlayerRequests token="tok" payload={payload([], 'setup')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'My initiative roll' }), {
      target: { value: '12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send my initiative' }));
    await screen.findByText('Request sent to the game master.');
    expect((api.mock.calls[0]![2] as { body: unknown }).body).toMatchObject({
      kind: 'initiative',
      as: 'o-corin',
      initiative: 12,
    });
    expect(screen.queryByRole('button', { name: 'End my turn' })).toBeNull();
  });
});

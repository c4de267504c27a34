// The game master's queue of players' requests (docs/product.md#players-take-part) against a fake API:
// the count is said politely and shown on the badge, typed initiatives stay out of the queue,
// Approve sends the fight's version, Reject sends the reason typed, and a refusal is shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { GmPlayerRequest } from '@/lib/player-requests';
import { renderWithProviders } from '@/test/render';
import { PlayerRequestsPanel } from './player-requests-panel';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const request = (id: string, kind: GmPlayerRequest['kind'], extra: Partial<GmPlayerRequest> = {}) => ({
  _id: id,
  kind,
  status: 'pending' as const,
  as: { id: 'u1', name: 'Brenna' },
  target: null,
  amount: null,
  initiative: null,
  condition: null,
  rounds: null,
  reason: null,
  createdAt: '2026-11-28T20:00:00.000Z',
  ...extra,
});

function fakeApi(list: GmPlayerRequest[], refuse?: ApiError) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  api.mockImplementation(async (method, path, options) => {
    const body = (options as { body?: unknown } | undefined)?.body;
    if (method === 'GET' && path === '/api/combat/requests') return { requests: list };
    calls.push({ method, path, body });
    if (refuse) throw refuse;
    const id = path.split('/')[4];
    list = list.filter((item) => item._id !== id);
    return { request: request(id!, 'damage') };
  });
  return calls;
}

/** What the polite live regions say now (a busy button's spinner is a status too). */
const announced = () => screen.getAllByRole('status').map((element) => element.textContent);

describe('PlayerRequestsPanel', () => {
  it('says the count, lists requests but not typed initiatives, and approves at the version', async () => {
    const calls = fakeApi([
      request('r0', 'initiative', { initiative: 17 }),
      request('r1', 'damage', { amount: '2d6+3', target: { id: 'u3', name: 'Grask' } }),
      request('r2', 'endTurn', { as: { id: 'u2', name: 'Corin' } }),
    ]);
    renderWithProviders(<PlayerRequestsPanel campaignId="c1" version={7} />);
    await waitFor(() => expect(announced()).toContain('2 player requests are waiting.'));
    const queue = screen.getByRole('list', { name: 'Player requests' });
    const items = within(queue).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Brenna's player2d6+3 damage to Grask"),
      expect.stringContaining("Corin's playerEnd Corin's turn"),
    ]);
    fireEvent.click(screen.getByRole('button', { name: "Approve the request of Brenna's player" }));
    await waitFor(() => expect(within(queue).getAllByRole('listitem')).toHaveLength(1));
    expect(calls).toEqual([
      { method: 'POST', path: '/api/combat/requests/r1/approve', body: { version: 7 } },
    ]);
    await waitFor(() => expect(announced()).toContain('1 player request is waiting.'));
  });

  it('rejects with the reason typed, and shows a refusal', async () => {
    const calls = fakeApi([request('r1', 'heal', { amount: '4', target: { id: 'u2', name: 'Corin' } })]);
    renderWithProviders(<PlayerRequestsPanel campaignId="c1" version={3} />);
    fireEvent.click(await screen.findByRole('button', { name: "Reject the request of Brenna's player" }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: 'Not now' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send refusal' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Player requests' })).toBeNull());
    expect(calls).toEqual([
      { method: 'POST', path: '/api/combat/requests/r1/reject', body: { reason: 'Not now' } },
    ]);
    expect(announced()).toContain('No player request is waiting.');
  });

  it('shows why an approval was refused', async () => {
    fakeApi(
      [request('r1', 'endTurn')],
      new ApiError(409, 'REQUEST_OUTDATED', 'This request no longer fits the fight.'),
    );
    renderWithProviders(<PlayerRequestsPanel campaignId="c1" version={3} />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve the request of Brenna's player" }));
    expect((await screen.findByRole('alert')).textContent).toBe('This request no longer fits the fight.');
  });
});

// The reveal button (issue 34, docs/decisions/064) against a fake API: absent without a live share link,
// "Reveal … to players" then, the POST it sends and its toast, "Reveal … again (update)" for what is
// revealed already, and the server's refusal shown as said.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { RevealList } from '@/lib/reveals';
import { renderWithProviders } from '@/test/render';
import { RevealButton } from './reveal-button';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const revealedGrask: RevealList = {
  limit: 20,
  reveals: [
    {
      _id: 'r1',
      kind: 'unit',
      ref: 'u-grask',
      title: 'Grask',
      text: '',
      imageId: null,
      revealedAt: '2026-11-28T18:00:00.000Z',
    },
  ],
};

function fakeApi({ live, list = { limit: 20, reveals: [] } }: { live: boolean; list?: RevealList }) {
  const posted: unknown[] = [];
  api.mockImplementation(async (method, path, options) => {
    if (method === 'GET' && path === '/api/combat/share') return { url: null, live, watching: 0 };
    if (method === 'GET' && path === '/api/game-data/c1/reveals') return list;
    if (method === 'POST' && path === '/api/game-data/c1/reveals') {
      posted.push((options as { body: unknown }).body);
      return { ...revealedGrask.reveals[0] };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return posted;
}

const render = (name = 'Grask', reference = 'u-grask') =>
  renderWithProviders(<RevealButton campaignId="c1" kind="unit" reference={reference} name={name} />);

describe('RevealButton', () => {
  it('is not there without a live share link', async () => {
    fakeApi({ live: false });
    render();
    await waitFor(() => expect(api).toHaveBeenCalledWith('GET', '/api/combat/share', expect.anything()));
    // The answer is in: still nothing to press.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reveals with the unit as ref and says so', async () => {
    const posted = fakeApi({ live: true });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal Grask to players' }));
    expect(await screen.findByText('Revealed to players')).toBeTruthy();
    expect(posted).toEqual([{ kind: 'unit', ref: 'u-grask' }]);
  });

  it('names a second reveal an update', async () => {
    fakeApi({ live: true, list: revealedGrask });
    render();
    expect(await screen.findByRole('button', { name: 'Reveal Grask again (update)' })).toBeTruthy();
  });

  it("shows the server's refusal (the link was revoked elsewhere) and asks for the link again", async () => {
    fakeApi({ live: true });
    render();
    const button = await screen.findByRole('button', { name: 'Reveal Grask to players' });
    const calls = () =>
      api.mock.calls.filter(([method, path]) => method === 'GET' && path === '/api/combat/share');
    const before = calls().length;
    api.mockImplementationOnce(async () => {
      throw new ApiError(409, 'SHARE_LINK_NEEDED', 'Share the fight with your players first.');
    });
    fireEvent.click(button);
    expect(await screen.findByText('Share the fight with your players first.')).toBeTruthy();
    await waitFor(() => expect(calls().length).toBeGreaterThan(before));
  });
});

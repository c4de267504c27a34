// The game master's share panel (issue #15): a link is created, copied (toast), shown as a QR code,
// replaced or revoked after a confirmation; what players see is saved whole through
// PUT /api/combat/player-view, with the server's localized errors shown where they belong. The API
// is mocked at the one fetch (api-client).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { SharePanel } from './share-panel';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));

const URL_1 = 'http://localhost:3000/en/play/first-token';
const URL_2 = 'http://localhost:3000/en/play/second-token';
const grask = createUnit({ _id: 'u-grask', name: 'Grask' });
const aria = createUnit({ _id: 'u-aria', name: 'Aria' });

type Call = [method: string, path: string, options?: { body?: unknown }];
const calls = () => vi.mocked(apiRequest).mock.calls as unknown as Call[];

function server(overrides: { put?: () => unknown } = {}) {
  const links = [URL_1, URL_2];
  vi.mocked(apiRequest).mockImplementation(((method: string, path: string, options?: { body?: unknown }) => {
    if (method === 'POST' && path === '/api/combat/share') return Promise.resolve({ url: links.shift() });
    if (method === 'DELETE' && path === '/api/combat/share') return Promise.resolve(undefined);
    if (method === 'GET' && path === '/api/combat/player-view')
      return Promise.resolve({ hp: { allies: 'exact', enemies: 'bands' }, units: {} });
    if (method === 'PUT' && path === '/api/combat/player-view')
      return overrides.put ? Promise.resolve().then(overrides.put) : Promise.resolve(options?.body);
    return Promise.reject(new ApiError(404, 'NOT_FOUND', 'Not found'));
  }) as typeof apiRequest);
}

async function openPanel() {
  const user = userEvent.setup();
  renderWithProviders(<SharePanel campaignId="c1" units={[aria, grask]} />);
  await user.click(screen.getByRole('button', { name: 'Share with players' }));
  return user;
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(apiRequest).mockReset();
  server();
});
afterEach(() => vi.unstubAllGlobals());

describe('share panel', { timeout: 20_000 }, () => {
  it('creates a link, copies it with a toast and shows it as a QR code', async () => {
    const user = await openPanel();
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(screen.getByRole('button', { name: 'Share with players' }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Create a player link' }));
    const field = await screen.findByRole('textbox', { name: 'Player link' });
    expect((field as HTMLInputElement).value).toBe(URL_1);
    expect(calls().some(([method, path]) => method === 'POST' && path === '/api/combat/share')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(URL_1);
    expect(await screen.findByText('Player link copied.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    const qr = screen.getByRole('img', { name: 'QR code of the player link' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByRole('link', { name: 'Open the player view' }).getAttribute('href')).toBe(URL_1);
    // The link stays known on this device, so a reload can show it again.
    expect(localStorage.getItem('qk.playerLink.c1')).toBe(URL_1);
  });

  it('replaces the link, and revokes it only once confirmed', async () => {
    const user = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Create a player link' }));
    await screen.findByRole('textbox', { name: 'Player link' });

    await user.click(screen.getByRole('button', { name: 'New link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make a new player link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Player link' }) as HTMLInputElement).value).toBe(URL_2),
    );

    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the player link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls().some(([method]) => method === 'DELETE')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Player link' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the player link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The player link was revoked.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Player link' })).toBeNull();
    expect(localStorage.getItem('qk.playerLink.c1')).toBeNull();
  });

  it('saves what players see: HP per side, a hidden unit revealed on its first turn, an alias', async () => {
    const user = await openPanel();
    const form = await screen.findByRole('form', { name: 'What players see' });
    const enemies = within(form).getByRole('group', { name: 'HP of enemies' });
    expect(
      (within(enemies).getByRole('radio', { name: 'Bands, no numbers' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(enemies).getByRole('radio', { name: 'Hidden' }));

    const graskGroup = within(form).getByRole('group', { name: 'Grask' });
    const reveal = within(graskGroup).getByRole('checkbox', { name: 'Reveal on its first turn' });
    expect((reveal as HTMLInputElement).disabled).toBe(true);
    await user.click(within(graskGroup).getByRole('checkbox', { name: 'Hidden from players' }));
    await user.click(reveal);
    await user.type(within(form).getByRole('textbox', { name: 'Alias for Aria' }), '  Hooded figure ');

    await user.click(within(form).getByRole('button', { name: 'Save player view' }));
    expect(await screen.findByText('Player view saved.')).toBeTruthy();
    const put = calls().find(([method]) => method === 'PUT');
    expect(put?.[2]?.body).toEqual({
      hp: { allies: 'exact', enemies: 'hidden' },
      units: {
        'u-grask': { hidden: true, revealOnFirstTurn: true },
        'u-aria': { hidden: false, revealOnFirstTurn: false, alias: 'Hooded figure' },
      },
    });
  });

  it('shows the server’s localized error at the alias it names, and keeps the edit', async () => {
    server({
      put: () => {
        throw new ApiError(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', {
          'units.u-aria.alias': 'Use text without control characters.',
        });
      },
    });
    const user = await openPanel();
    const form = await screen.findByRole('form', { name: 'What players see' });
    const alias = within(form).getByRole('textbox', { name: 'Alias for Aria' });
    await user.type(alias, 'Bad');
    await user.click(within(form).getByRole('button', { name: 'Save player view' }));
    expect(await screen.findByText('Not saved: Check the highlighted fields.')).toBeTruthy();
    expect(within(form).getByText('Use text without control characters.')).toBeTruthy();
    expect(alias.getAttribute('aria-invalid')).toBe('true');
    expect((alias as HTMLInputElement).value).toBe('Bad');
  });
});

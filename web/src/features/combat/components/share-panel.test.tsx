// The game master's share panel: the link comes from the server (shown again
// after a reload, with the number of player pages watching), is copied (toast), shown as a QR code,
// replaced after a confirmation that names how many pages it disconnects, or revoked. What players
// see is sent one change at a time (PATCH with the version), with no Save button; a change refused as
// stale shows the current settings and a notice. The API is mocked at the one fetch (api-client).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyPlayerViewChange } from '@questkeeper/core/combat/player-view';
import type { PlayerViewSettingsState } from '@questkeeper/core/schemas/player-view';
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

/** A small server: the link with its watchers, and versioned settings. */
function server(start: { url?: string | null; watching?: number } = {}) {
  const links = [URL_1, URL_2];
  const world = {
    link: { url: start.url ?? null, live: Boolean(start.url), watching: start.watching ?? 0 },
    settings: { hp: { allies: 'exact', enemies: 'bands' }, units: {}, version: 0 } as PlayerViewSettingsState,
    patchFails: null as ApiError | null,
  };
  vi.mocked(apiRequest).mockImplementation(((method: string, path: string, options?: { body?: unknown }) => {
    if (method === 'GET' && path === '/api/combat/share') return Promise.resolve({ ...world.link });
    if (method === 'POST' && path === '/api/combat/share') {
      world.link = { url: links.shift() ?? null, live: true, watching: 0 };
      return Promise.resolve({ url: world.link.url });
    }
    if (method === 'DELETE' && path === '/api/combat/share') {
      world.link = { url: null, live: false, watching: 0 };
      return Promise.resolve(undefined);
    }
    if (method === 'GET' && path === '/api/combat/player-view') return Promise.resolve(world.settings);
    if (method === 'PATCH' && path === '/api/combat/player-view') {
      if (world.patchFails) return Promise.reject(world.patchFails);
      const { expectedVersion, ...edit } = options?.body as { expectedVersion: number };
      if (expectedVersion !== world.settings.version) {
        return Promise.reject(
          new ApiError(409, 'PLAYER_VIEW_CONFLICT', 'Changed elsewhere', {}, { settings: world.settings }),
        );
      }
      world.settings = {
        ...applyPlayerViewChange(world.settings, edit),
        version: world.settings.version + 1,
      };
      return Promise.resolve(world.settings);
    }
    return Promise.reject(new ApiError(404, 'NOT_FOUND', 'Not found'));
  }) as typeof apiRequest);
  return world;
}

async function openPanel() {
  const user = userEvent.setup();
  renderWithProviders(<SharePanel campaignId="c1" units={[aria, grask]} />);
  await user.click(screen.getByRole('button', { name: 'Share with players' }));
  return user;
}

let world: ReturnType<typeof server>;
beforeEach(() => {
  vi.mocked(apiRequest).mockReset();
  world = server();
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

    await user.click(await screen.findByRole('button', { name: 'Create a player link' }));
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
  });

  it('shows the link the server keeps, with how many pages watch; New link names them', async () => {
    world = server({ url: URL_2, watching: 4 });
    const user = await openPanel();
    const field = await screen.findByRole('textbox', { name: 'Player link' });
    expect((field as HTMLInputElement).value).toBe(URL_2);
    expect(screen.getByText('4 player pages are watching now.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make a new player link?' });
    expect(within(dialog).getByText(/disconnects the 4 players watching now/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Player link' }) as HTMLInputElement).value).toBe(URL_1),
    );
    expect(await screen.findByText('No player page is watching now.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the player link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls().some(([method]) => method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the player link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The player link was revoked.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Player link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create a player link' })).toBeTruthy();
  });

  it('sends each change at once, with no Save button: HP, hidden, reveal, an alias on blur', async () => {
    const user = await openPanel();
    const form = await screen.findByRole('region', { name: 'What players see' });
    expect(within(form).queryByRole('button', { name: 'Save player view' })).toBeNull();
    const enemies = within(form).getByRole('group', { name: 'HP of enemies' });
    expect(
      (within(enemies).getByRole('radio', { name: 'Bands, no numbers' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(enemies).getByRole('radio', { name: 'Hidden' }));

    const graskGroup = within(form).getByRole('group', { name: 'Grask' });
    const reveal = within(graskGroup).getByRole('checkbox', { name: 'Reveal on its first turn' });
    expect((reveal as HTMLInputElement).disabled).toBe(true);
    // Two quick clicks: the second waits for the first's version, so neither is refused.
    await user.click(within(graskGroup).getByRole('checkbox', { name: 'Hidden from players' }));
    await user.click(reveal);
    await user.type(within(form).getByRole('textbox', { name: 'Alias for Aria' }), '  Hooded figure ');
    await user.tab();

    await waitFor(() => expect(world.settings.version).toBe(4));
    expect(world.settings).toEqual({
      hp: { allies: 'exact', enemies: 'hidden' },
      units: { 'u-grask': { hidden: true, revealOnFirstTurn: true }, 'u-aria': { alias: 'Hooded figure' } },
      version: 4,
    });
    expect(
      calls()
        .filter(([method]) => method === 'PATCH')
        .map(([, , options]) => options?.body),
    ).toEqual([
      { expectedVersion: 0, hp: { enemies: 'hidden' } },
      { expectedVersion: 1, unit: { id: 'u-grask', hidden: true } },
      { expectedVersion: 2, unit: { id: 'u-grask', revealOnFirstTurn: true } },
      { expectedVersion: 3, unit: { id: 'u-aria', alias: 'Hooded figure' } },
    ]);
    expect(await within(form).findByText("Applied on the players' pages.")).toBeTruthy();
  });

  it('shows the settings as they are now, with a notice, when another device changed them first', async () => {
    const user = await openPanel();
    const form = await screen.findByRole('region', { name: 'What players see' });
    // Another device hides Aria meanwhile.
    world.settings = { ...world.settings, units: { 'u-aria': { hidden: true } }, version: 7 };
    const graskGroup = within(form).getByRole('group', { name: 'Grask' });
    await user.click(within(graskGroup).getByRole('checkbox', { name: 'Hidden from players' }));
    expect(await screen.findByText(/was changed on another device/)).toBeTruthy();
    const ariaGroup = within(form).getByRole('group', { name: 'Aria' });
    expect(
      (within(ariaGroup).getByRole('checkbox', { name: 'Hidden from players' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(graskGroup).getByRole('checkbox', { name: 'Hidden from players' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('sends an alias typed but not yet sent when the panel closes: leaving drops nothing', async () => {
    const user = await openPanel();
    const form = await screen.findByRole('region', { name: 'What players see' });
    await user.type(within(form).getByRole('textbox', { name: 'Alias for Grask' }), 'Wolf');
    // Folding the panel unmounts the form without a blur reaching the field first.
    fireEvent.click(screen.getByRole('button', { name: 'Share with players' }));
    await waitFor(() => expect(world.settings.units).toEqual({ 'u-grask': { alias: 'Wolf' } }));
  });

  it('shows the server’s localized error at the alias it names', async () => {
    world.patchFails = new ApiError(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', {
      'unit.alias': 'Use text without control characters.',
    });
    const user = await openPanel();
    const form = await screen.findByRole('region', { name: 'What players see' });
    const alias = within(form).getByRole('textbox', { name: 'Alias for Aria' });
    await user.type(alias, 'Bad{Enter}');
    expect(await within(form).findByText('Use text without control characters.')).toBeTruthy();
    expect(alias.getAttribute('aria-invalid')).toBe('true');
  });
});

// Pinning characteristics on the fight rows (docs/decisions/061): a toggle per characteristic, on every
// tier, reachable by keyboard, its state said (aria-pressed, a "Pinned" badge) in both languages; a
// fourth pin is refused with core's message and its toggles say why they are off.
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tier } from '@questkeeper/core/tiers';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { i18next } from '@/lib/i18n';
import { createCampaign } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import CharacteristicsView from './characteristics-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
// The reveal buttons (a live share link) are tested in components/reveals; here the API is the list's.
vi.mock('@/components/reveals/use-reveal-action', () => ({ useRevealAction: () => null }));
afterEach(() => api.mockReset());

const NAMES = ['Strength', 'Dexterity', 'Constitution', 'Armor Class', 'Perception'];
const withPins = (...pinned: string[]) =>
  createCampaign({
    characteristics: NAMES.map((name) => ({ name, max: 20, pinned: pinned.includes(name) })),
  });

type Update = { op: 'update'; itemId: string; changes: { pinned?: boolean } };

/** The server applies each pin to its list and answers the campaign; the dashboard hands it down. */
function servePins(start: Campaign) {
  let saved = start;
  api.mockImplementation(async (_method, _path, options) => {
    const edit = options?.body as Update;
    saved = {
      ...saved,
      characteristics: saved.characteristics.map((item) =>
        item.name === edit.itemId ? { ...item, ...edit.changes } : item,
      ),
    };
    return { campaign: saved, itemId: edit.itemId };
  });
  return () => saved;
}

let handDown: (campaign: Campaign) => void = () => undefined;
function Dashboard({ initial, tier }: { initial: Campaign; tier: Tier }) {
  const [campaign, setCampaign] = useState(initial);
  useEffect(() => {
    handDown = setCampaign;
  }, []);
  return <CharacteristicsView campaign={campaign} tier={tier} />;
}

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;
const toggleOf = (name: string, label = 'Pin on fight rows') =>
  within(card(name)).getByRole('button', { name: label });
const toasts = () => screen.getByRole('region', { name: 'Recent notifications' });

describe('pinned characteristics', { timeout: 20_000 }, () => {
  it('pins a characteristic from the keyboard, and says so on its card', async () => {
    const saved = servePins(withPins('Dexterity'));
    renderWithProviders(<Dashboard initial={withPins('Dexterity')} tier="Adventurer" />);
    expect(screen.getByText('Pinned on fight rows: 1 / 3')).toBeTruthy();
    expect(toggleOf('Dexterity').getAttribute('aria-pressed')).toBe('true');
    expect(within(card('Dexterity')).getByText('Pinned')).toBeTruthy();
    expect(toggleOf('Armor Class').getAttribute('aria-pressed')).toBe('false');
    expect(within(card('Armor Class')).queryByText('Pinned')).toBeNull();

    // Tab to the toggle of Armor Class, then Enter.
    const user = userEvent.setup();
    const target = toggleOf('Armor Class');
    for (let i = 0; i < 40 && document.activeElement !== target; i++) await user.tab();
    expect(document.activeElement).toBe(target);
    await user.keyboard('{Enter}');
    await within(toasts()).findByText('Armor Class is pinned on fight rows.');
    expect(api).toHaveBeenLastCalledWith('POST', '/api/game-data/c1/lists', {
      body: { op: 'update', list: 'characteristics', itemId: 'Armor Class', changes: { pinned: true } },
    });
    act(() => handDown(saved()));
    expect(toggleOf('Armor Class').getAttribute('aria-pressed')).toBe('true');
    // The keyboard stays where it was.
    expect(document.activeElement).toBe(toggleOf('Armor Class'));
    expect(within(card('Armor Class')).getByText('Pinned')).toBeTruthy();
    expect(screen.getByText('Pinned on fight rows: 2 / 3')).toBeTruthy();

    // Space unpins it.
    toggleOf('Dexterity').focus();
    await user.keyboard(' ');
    await within(toasts()).findByText('Dexterity is no longer pinned.');
    expect(api).toHaveBeenLastCalledWith('POST', '/api/game-data/c1/lists', {
      body: { op: 'update', list: 'characteristics', itemId: 'Dexterity', changes: { pinned: false } },
    });
  });

  it('turns the other toggles off at three pins, saying why, and lets a pin go', async () => {
    servePins(withPins('Strength', 'Dexterity', 'Armor Class'));
    renderWithProviders(<Dashboard initial={withPins('Strength', 'Dexterity', 'Armor Class')} tier="Hero" />);
    const reason = screen.getByText(
      'At most 3 characteristics can be pinned on fight rows. Unpin another one first.',
    );
    const blocked = toggleOf('Perception');
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    // Still in the tab order, and it names the reason.
    expect(blocked.hasAttribute('disabled')).toBe(false);
    expect(blocked.getAttribute('aria-describedby')?.split(' ')).toContain(reason.id);
    await userEvent.click(blocked);
    blocked.focus();
    await userEvent.keyboard('{Enter}');
    expect(api).not.toHaveBeenCalled();

    const pinned = toggleOf('Strength');
    expect(pinned.getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(pinned);
    await within(toasts()).findByText('Strength is no longer pinned.');
  });

  it("shows the server's refusal of a fourth pin (another tab pinned meanwhile)", async () => {
    api.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
        'changes.pinned': 'At most 3 characteristics can be pinned on fight rows.',
      }),
    );
    renderWithProviders(<Dashboard initial={withPins('Strength')} tier="Hero" />);
    await userEvent.click(toggleOf('Perception'));
    await within(toasts()).findByText('At most 3 characteristics can be pinned on fight rows.');
    expect(toggleOf('Perception').getAttribute('aria-pressed')).toBe('false');
  });

  it('lets a Novice pin the read-only characteristics, and speaks French', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await act(() => i18next.changeLanguage('fr'));
    try {
      servePins(withPins('Perception'));
      renderWithProviders(<Dashboard initial={withPins('Perception')} tier="Novice" />);
      expect(screen.getByText('Lecture seule')).toBeTruthy();
      const toggle = toggleOf('Perception', 'Épingler sur les lignes du combat');
      expect(toggle.getAttribute('aria-pressed')).toBe('true');
      expect(within(card('Perception')).getByText('Épinglée')).toBeTruthy();
      expect(screen.getByText('Épinglées sur les lignes du combat : 1 / 3')).toBeTruthy();
      await userEvent.click(toggleOf('Strength', 'Épingler sur les lignes du combat'));
      await waitFor(() =>
        expect(api).toHaveBeenLastCalledWith('POST', '/api/game-data/c1/lists', {
          body: { op: 'update', list: 'characteristics', itemId: 'Strength', changes: { pinned: true } },
        }),
      );
      await within(screen.getByRole('region', { name: /notifications/i })).findByText(
        'Strength est épinglée sur les lignes du combat.',
      );
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});

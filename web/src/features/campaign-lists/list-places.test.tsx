// Places in the list views (docs/decisions/063): `item` opens that entry (its notes and what links to
// it) and shows where it is; a characteristic, which has no notes, opens what links to it. The journey
// e2e/tests/links.spec.ts follows real links there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { StaticCampaignLinks } from '@/lib/campaign-links';
import { campaignLinks } from '@/test/campaign-links';
import { createCampaign } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import CharacteristicsView from './characteristics-view';
import RacesView from './races-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const campaign = createCampaign({
  races: [
    { _id: 'r1', name: 'Human', note: '' },
    { _id: 'r2', name: 'Elf', note: 'Long-lived.' },
  ],
});

const entry = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('places in the list views', { timeout: 20_000 }, () => {
  it('open the entry a place names, with its notes and what links to it', async () => {
    api.mockResolvedValue([{ source: { kind: 'unit', id: 'u1', name: 'Aria' }, snippet: 'An Elf.' }]);
    renderWithProviders(
      <StaticCampaignLinks value={campaignLinks()}>
        <RacesView campaign={campaign} tier="Hero" />
      </StaticCampaignLinks>,
      { route: '/en/dashboard?campaign=c1&view=races&item=r2' },
    );
    const elf = entry('Elf');
    expect(within(elf).getByRole('button', { name: 'Hide notes' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await within(elf).findByText('Long-lived.')).toBeTruthy();
    const linkedFrom = within(elf).getByRole('region', { name: 'Linked from' });
    expect(await within(linkedFrom).findByRole('link', { name: 'Aria' })).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      'GET',
      '/api/game-data/c1/backlinks?kind=race&ref=r2',
      expect.anything(),
    );
    expect(elf.hasAttribute('data-spotlight')).toBe(true);
    expect(within(entry('Human')).getByRole('button', { name: 'Show notes' })).toBeTruthy();
  });

  it('give a characteristic a "Linked from" disclosure of its own, by name', async () => {
    api.mockResolvedValue([]);
    renderWithProviders(
      <StaticCampaignLinks value={campaignLinks()}>
        <CharacteristicsView campaign={campaign} tier="Hero" />
      </StaticCampaignLinks>,
    );
    const strength = entry('Strength');
    const toggle = within(strength).getByRole('button', { name: 'Linked from' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    const panel = within(strength).getByRole('region', { name: 'Linked from' });
    expect(await within(panel).findByText('Nothing links here yet.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      'GET',
      '/api/game-data/c1/backlinks?kind=characteristic&ref=Strength',
      expect.anything(),
    );
  });
});

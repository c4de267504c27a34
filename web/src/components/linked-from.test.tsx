// "Linked from" with a fake API (docs/decisions/063): the sources in the server's order, each a link to
// its place (a rules line, a unit, an entry, an encounter) that opens inside the app, the line around
// its link; a spinner while loading, an empty state, a refusal with Try again; nothing outside a campaign.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { Backlink } from '@/lib/backlinks';
import { StaticCampaignLinks } from '@/lib/campaign-links';
import { campaignLinks } from '@/test/campaign-links';
import { renderWithProviders } from '@/test/render';
import { LinkedFrom } from './linked-from';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

const SOURCES: Backlink[] = [
  { source: { kind: 'rules', id: '12', name: 'Combat' }, snippet: 'Elves see in the dark.' },
  { source: { kind: 'rules', id: '3', name: '' }, snippet: 'See Elf first.' },
  { source: { kind: 'unit', id: 'u1', name: 'Aria' }, snippet: 'Aria is an Elf.' },
  { source: { kind: 'class', id: 'k1', name: 'Ranger' }, snippet: 'Often an Elf.' },
  { source: { kind: 'encounter', id: 'e1', name: 'Ambush' }, snippet: '' },
];

function show(links = campaignLinks()) {
  renderWithProviders(
    <StaticCampaignLinks value={links}>
      <LinkedFrom kind="race" target="r1" />
    </StaticCampaignLinks>,
  );
  return links;
}

describe('LinkedFrom', () => {
  it('lists each source as a link to its place, with the line around its link', async () => {
    api.mockResolvedValue(structuredClone(SOURCES));
    const links = show();
    const panel = screen.getByRole('region', { name: 'Linked from' });
    expect(within(panel).getByRole('status').textContent).toBe('Looking for links…');
    const items = await within(panel).findAllByRole('listitem');
    expect(api).toHaveBeenCalledWith(
      'GET',
      '/api/game-data/c1/backlinks?kind=race&ref=r1',
      expect.objectContaining({ signal: expect.any(AbortSignal) as unknown }),
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'RulesCombat (rules, line 12)Elves see in the dark.',
      'RulesRules, line 3See Elf first.',
      'UnitAriaAria is an Elf.',
      'ClassRangerOften an Elf.',
      'EncounterAmbush',
    ]);
    const hrefs = within(panel)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '?campaign=c1&view=rules&line=12',
      '?campaign=c1&view=rules&line=3',
      '?campaign=c1&view=units&item=u1',
      '?campaign=c1&view=classes&item=k1',
      '?campaign=c1&view=encounters&item=e1',
    ]);
    expect(within(panel).getByRole('heading', { name: 'Linked from' }).textContent).toBe('Linked from5');

    await userEvent.click(within(panel).getByRole('link', { name: 'Aria' }));
    expect(links.goTo).toHaveBeenCalledWith({ view: 'units', item: 'u1' });
  });

  it('says when nothing links here', async () => {
    api.mockResolvedValue([]);
    show();
    const panel = screen.getByRole('region', { name: 'Linked from' });
    expect(await within(panel).findByText('Nothing links here yet.')).toBeTruthy();
    expect(within(panel).queryByRole('list')).toBeNull();
  });

  it('says why it could not load, and tries again', async () => {
    api.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Something went wrong.'));
    api.mockResolvedValueOnce([]);
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The links could not be loaded: Something went wrong.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing links here yet.')).toBeTruthy();
  });

  it('shows nothing outside a campaign', () => {
    renderWithProviders(<LinkedFrom kind="race" target="r1" />);
    expect(screen.queryByRole('region', { name: 'Linked from' })).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});

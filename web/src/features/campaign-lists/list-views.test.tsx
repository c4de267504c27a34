// The tier messages of the list views (docs/product.md#tiers; docs/decisions/007), rendered
// with a fake campaign. Saving is covered by the journeys in e2e/tests/lists.spec.ts.
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tier } from '@questkeeper/core/tiers';
import type { Campaign } from '@/lib/campaigns';
import { createCampaign, createListEntries } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import CharacteristicsView from './characteristics-view';
import ClassesView from './classes-view';
import RacesView from './races-view';
import StatusesView from './statuses-view';

/** The six default characteristics, two races (the Elf with a note), a class and a status. */
const fakeCampaign = (overrides: Partial<Campaign> = {}) =>
  createCampaign({
    characteristics: ['Strength', 'Dexterity', 'Constitution', 'Intelligence', 'Wisdom', 'Charisma'].map(
      (name) => ({ name, max: 100, pinned: false }),
    ),
    races: [
      { _id: 'r1', name: 'Human', note: '' },
      { _id: 'r2', name: 'Elf', note: 'Long-lived.' },
    ],
    ...overrides,
  });

function renderView(
  View: (props: { campaign: Campaign; tier: Tier }) => ReactNode,
  campaign: Campaign,
  tier: Tier,
) {
  return renderWithProviders(<View campaign={campaign} tier={tier} />);
}

// jsdom renders these lists slowly on a busy machine: generous timeouts, the assertions are exact.
describe('list views and tiers', { timeout: 20_000 }, () => {
  it('shows Novice the upgrade prompt instead of add and edit, with the notes still open', async () => {
    renderView(RacesView, fakeCampaign(), 'Novice');
    expect(screen.getByRole('heading', { level: 2, name: 'Races of Realm of Ash' })).toBeTruthy();
    expect(screen.getByText('Upgrade to Adventurer or Hero to add new races')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See plans' })).toBeTruthy(); // Opens the upgrade modal.
    expect(screen.queryByRole('button', { name: 'Add race' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Human' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Human' })).toBeNull();
    expect(screen.getByText(/2 \/ 4/)).toBeTruthy();

    const elf = screen.getByRole('heading', { level: 3, name: 'Elf' }).closest('li')!;
    await userEvent.click(within(elf).getByRole('button', { name: 'Show notes' }));
    expect(within(elf).getByRole('button', { name: 'Edit notes' })).toBeTruthy();
  });

  it('names the list in each Novice prompt', () => {
    renderView(ClassesView, fakeCampaign(), 'Novice');
    expect(screen.getByText('Upgrade to Adventurer or Hero to add new classes')).toBeTruthy();
    renderView(StatusesView, fakeCampaign(), 'Novice');
    expect(screen.getByText('Upgrade to Adventurer or Hero to add new statuses')).toBeTruthy();
  });

  it('shows Novice the six default characteristics read-only, without notes', () => {
    renderView(CharacteristicsView, fakeCampaign(), 'Novice');
    expect(screen.getByText('Upgrade to Adventurer or Hero to add or edit characteristics')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText('Read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add characteristic' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|notes/ })).toBeNull();
  });

  it('offers Hero the add button below the limit', () => {
    renderView(RacesView, fakeCampaign(), 'Hero');
    expect(screen.getByRole('button', { name: 'Add race' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Human' })).toBeTruthy();
    expect(screen.queryByText(/limit reached/)).toBeNull();
    expect(screen.queryByText(/Upgrade to/)).toBeNull();
  });

  // jsdom is slow with long lists: these look up texts and labels rather than roles.
  it('replaces the add button with the limit message at the limit', () => {
    renderView(RacesView, fakeCampaign({ races: createListEntries('Race', 20) }), 'Adventurer');
    expect(screen.getByText('Race limit reached for Adventurer tier')).toBeTruthy();
    expect(screen.getByText(/20 \/ 20/)).toBeTruthy();
    expect(screen.queryByText('Add race')).toBeNull();
    expect(screen.getByRole('button', { name: 'See plans' })).toBeTruthy(); // Opens the upgrade modal.
    expect(screen.getByLabelText('Edit Race 20')).toBeTruthy();
  });

  it('gives Hero at the limit no plan to upgrade to', () => {
    const characteristics = Array.from({ length: 50 }, (_, i) => ({
      name: `Score ${i + 1}`,
      max: 100,
      pinned: false,
    }));
    renderView(CharacteristicsView, fakeCampaign({ characteristics }), 'Hero');
    expect(screen.getByText('Characteristic limit reached for Hero tier')).toBeTruthy();
    expect(screen.queryByText('Add characteristic')).toBeNull();
    expect(screen.queryByText('See plans')).toBeNull();
  });

  it(
    'keeps a list over its limit after a downgrade editable, and refuses adding',
    { timeout: 20_000 },
    () => {
      renderView(StatusesView, fakeCampaign({ statuses: createListEntries('Status', 31) }), 'Adventurer');
      expect(screen.getByText('Status limit reached for Adventurer tier')).toBeTruthy();
      expect(screen.getByText(/more entries than the Adventurer plan allows \(30\)/)).toBeTruthy();
      expect(screen.getByText(/31 \/ 30/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'See plans' })).toBeTruthy(); // Opens the upgrade modal.
      expect(screen.queryByText('Add status')).toBeNull();
      expect(screen.getByLabelText('Delete Status 31')).toBeTruthy();
    },
  );

  it('shows the empty state with the add button, or with the prompt for Novice', () => {
    renderView(RacesView, fakeCampaign({ races: [] }), 'Adventurer');
    expect(screen.getByText('No races yet. Add the first people of your world.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add race' })).toBeTruthy();
    renderView(ClassesView, fakeCampaign({ classes: [] }), 'Novice');
    expect(screen.getByText('No classes yet.')).toBeTruthy();
    expect(screen.getByText('Upgrade to Adventurer or Hero to add new classes')).toBeTruthy();
  });

  it('paints a class chip in its colour with readable text, and the fallback when it has none', () => {
    renderView(
      ClassesView,
      fakeCampaign({
        classes: [
          { _id: 'k1', name: 'Mage', color: '#fde047', note: '' },
          { _id: 'k2', name: 'Rogue', color: '', note: '' },
        ],
      }),
      'Hero',
    );
    const mage = screen.getByText('Mage');
    expect(mage.style.backgroundColor).toBe('rgb(253, 224, 71)');
    expect(mage.style.color).toBe('rgb(17, 17, 17)');
    const rogue = screen.getByText('Rogue');
    expect(rogue.style.backgroundColor).toBe('rgb(75, 85, 99)');
    expect(rogue.style.color).toBe('rgb(255, 255, 255)');
  });
});

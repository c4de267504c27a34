// The units table: the cards / table switch remembered per browser, one row per unit
// with the card's actions, sorting by name, class, HP and status (aria-sort says which), Down at 0 HP,
// and the filter hiding rows as it hides cards.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import type { Unit } from '@/lib/units';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import UnitsView from '../units-view';
import { UNITS_LAYOUT_KEY } from '../hooks/use-units-layout';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

afterEach(() => {
  api.mockReset();
  localStorage.clear();
});

const campaign = createCampaign({
  classes: [
    { _id: 'k1', name: 'Mage', color: '#1d4ed8', note: '' },
    { _id: 'k2', name: 'Cleric', color: '#fde68a', note: '' },
    { _id: 'k3', name: 'Éclaireur', color: '#15803d', note: '' },
  ],
});

const npcs = (): Unit[] => [
  createUnit({ name: 'Goblin 10', class: 'Mage', currentHp: 40 }),
  createUnit({ name: 'Goblin 2', class: 'Cleric', currentHp: 0 }),
  createUnit({ name: 'Éloïse', class: 'Éclaireur', currentHp: 100, status: 'Poisoned' }),
  createUnit({ name: 'Aldric', class: 'Cleric', currentHp: 75 }),
];

function renderTable(units: Unit[] = npcs(), tier: 'Novice' | 'Hero' = 'Hero') {
  api.mockImplementation(async (method, path) =>
    method === 'GET' && path === '/api/units' ? structuredClone(units) : undefined,
  );
  localStorage.setItem(UNITS_LAYOUT_KEY, 'table');
  return renderWithProviders(<UnitsView campaign={campaign} tier={tier} />);
}

const table = () => within(screen.getByRole('region', { name: 'Non-player characters' })).getByRole('table');
/** The row headers (unit names) of the visible rows, top to bottom. */
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .filter((cell) => !cell.closest('tr')!.hidden)
    .map((cell) => cell.textContent);
const sortBy = (column: string) =>
  userEvent.click(within(table()).getByRole('button', { name: new RegExp(`^${column}`) }));
const header = (column: string) =>
  within(table()).getByRole('columnheader', { name: new RegExp(`^${column}`) });

describe('UnitsTable', { timeout: 20_000 }, () => {
  it('sorts by name at first, numbers as numbers and accents among their letters', async () => {
    renderTable();
    await screen.findByRole('table');
    expect(names()).toEqual(['Aldric', 'Éloïse', 'Goblin 2', 'Goblin 10']);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    await sortBy('Name');
    expect(names()).toEqual(['Goblin 10', 'Goblin 2', 'Éloïse', 'Aldric']);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts by class, HP and status, and says so on the column', async () => {
    renderTable();
    await screen.findByRole('table');
    await sortBy('Class');
    expect(names()).toEqual(['Aldric', 'Goblin 2', 'Éloïse', 'Goblin 10']);
    expect(header('Class').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBeNull();

    await sortBy('HP');
    expect(names()).toEqual(['Goblin 2', 'Goblin 10', 'Aldric', 'Éloïse']);
    await sortBy('HP');
    expect(names()).toEqual(['Éloïse', 'Aldric', 'Goblin 10', 'Goblin 2']);

    // Down (0 HP) sorts as it reads.
    await sortBy('Status');
    expect(names()).toEqual(['Goblin 2', 'Aldric', 'Goblin 10', 'Éloïse']);
  });

  it('shows each row with its class, Down at 0 HP, its HP and the actions', async () => {
    renderTable();
    await screen.findByRole('table');
    const row = (name: string) => within(table()).getByRole('rowheader', { name }).closest('tr')!;
    const goblin = row('Goblin 2');
    expect(within(goblin).getByText('Down')).toBeTruthy();
    expect(within(goblin).queryByText('Normal')).toBeNull();
    expect(within(goblin).getByText('HP 0 / 100')).toBeTruthy();
    expect(within(goblin).getByText('Cleric')).toBeTruthy();
    expect(within(row('Éloïse')).getByText('Poisoned')).toBeTruthy();
    for (const name of ['Notes of Aldric', 'Edit Aldric', 'Make copies of Aldric', 'Delete Aldric']) {
      expect(within(row('Aldric')).getByRole('button', { name })).toBeTruthy();
    }
    // Copies from the table open the same dialog as from a card.
    await userEvent.click(within(row('Aldric')).getByRole('button', { name: 'Make copies of Aldric' }));
    expect(await screen.findByRole('dialog', { name: 'Copies of Aldric' })).toBeTruthy();
  });

  it('offers no copies at the unit limit', async () => {
    // Novice: 10 units per campaign.
    renderTable(
      Array.from({ length: 10 }, (_, i) => createUnit({ name: `Goblin ${i + 1}` })),
      'Novice',
    );
    await screen.findByRole('table');
    expect(within(table()).getAllByRole('button', { name: /^Edit / })).toHaveLength(10);
    expect(within(table()).queryByRole('button', { name: /^Make copies of/ })).toBeNull();
  });

  it('hides the rows the filter leaves out, accents ignored', async () => {
    renderTable();
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter units' }), {
      target: { value: 'eclaireur' },
    });
    await waitFor(() => expect(names()).toEqual(['Éloïse']));
  });

  it('switches between cards and table, and remembers the choice in this browser', async () => {
    api.mockImplementation(async () => structuredClone(npcs()));
    const { unmount } = renderWithProviders(<UnitsView campaign={campaign} tier="Hero" />);
    expect(await screen.findByRole('listitem', { name: 'Aldric' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const display = screen.getByRole('group', { name: 'Display' });
    expect(within(display).getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(within(display).getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Aldric' })).toBeNull();
    expect(localStorage.getItem(UNITS_LAYOUT_KEY)).toBe('table');

    unmount();
    renderWithProviders(<UnitsView campaign={campaign} tier="Hero" />);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Display' }))
        .getByRole('button', { name: 'Table' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });
});

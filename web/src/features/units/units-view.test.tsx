// The units view with a fake API (docs/product.md#units-view, #behaviour, #search, #messages, #limits):
// filter (accent- insensitive), counter with the total, sections and their empty states, the delete
// confirmation, its toast with Undo and its failure alert, the HP bar colours, Down at 0 HP, and the unit
// limit (no create button). The table view has its own tests (units-table.test.tsx). The journeys in
// e2e/tests/units.spec.ts run the same against the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tier } from '@questkeeper/core/tiers';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { Unit } from '@/lib/units';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { UnitLimitNotice } from './components/limit-notice';
import type { UnitFormModalProps } from './components/unit-form-modal';
import UnitsView from './units-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const openUpgrade = vi.fn();
// The form is another component's business (and its own tests): here only how the view opens it.
vi.mock('./components/unit-form-modal', () => ({
  UnitFormModal: ({ unit, defaultIsPlayer, onClose }: UnitFormModalProps) => (
    <div role="dialog" aria-label="Unit form">
      <p>{unit ? `editing ${unit.name}` : `creating player=${String(defaultIsPlayer)}`}</p>
      <button type="button" onClick={onClose}>
        Close form
      </button>
    </div>
  ),
}));
const api = vi.mocked(apiRequest);

afterEach(() => {
  api.mockReset();
  openUpgrade.mockReset();
  localStorage.clear();
});

const campaign = createCampaign({
  classes: [
    { _id: 'k1', name: 'Mage', color: '#1d4ed8', note: '' },
    { _id: 'k2', name: 'Cleric', color: '#fde68a', note: '' },
  ],
});

const unit = (name: string, fields: Partial<Unit> = {}) =>
  createUnit({ name, characteristics: { Strength: 50 }, ...fields });

const party = () => [
  unit('Aria', { isPlayer: true, race: 'Elf', class: 'Mage', currentHp: 80 }),
  unit('Borin', { isPlayer: true, race: 'Dwarf', class: 'Cleric', status: 'Poisoned', currentHp: 50 }),
  unit('Grask', {
    race: 'Orc',
    class: 'Warrior',
    status: 'Injured',
    currentHp: 30,
    money: { gold: 12, silver: 3, bronze: 40 },
  }),
];

/** The API answers GET /api/units with `units`; other calls go to `other`. */
function serve(units: Unit[], other: (method: string, path: string) => unknown = () => undefined) {
  api.mockImplementation(async (method, path) => {
    if (method === 'GET' && path === '/api/units') return structuredClone(units);
    return other(method, path);
  });
}

function renderView(tier: Tier = 'Novice') {
  return renderWithProviders(<UnitsView campaign={campaign} tier={tier} />, { onUpgrade: openUpgrade });
}

const section = (name: string) => screen.getByRole('region', { name });
const cardNames = (name: string) =>
  within(section(name))
    .queryAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent);
const counter = () => screen.getByText(/Units shown out of your plan's maximum/).parentElement!;
const filter = () => screen.getByRole('searchbox', { name: 'Filter units' });

describe('UnitsView', { timeout: 20_000 }, () => {
  it('shows each unit in its section with race, class colour, status, HP and money', async () => {
    serve(party());
    renderView();
    expect(screen.getByRole('heading', { level: 2, name: 'Units of Realm of Ash' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 4, name: 'Aria' })).toBeTruthy();
    expect(cardNames('Player characters')).toEqual(['Aria', 'Borin']);
    expect(cardNames('Non-player characters')).toEqual(['Grask']);

    const grask = screen.getByRole('listitem', { name: 'Grask' });
    expect(within(grask).getByText('Orc')).toBeTruthy();
    expect(within(grask).getByText('Injured')).toBeTruthy();
    expect(within(grask).getByText('Female')).toBeTruthy();
    expect(within(grask).getByRole('meter', { name: 'HP 30 / 100' })).toBeTruthy();
    expect(grask.textContent).toContain('12 gold');
    expect(grask.textContent).toContain('3 silver');
    expect(grask.textContent).toContain('40 bronze');
    // A class missing from the campaign takes the fallback colour with light text.
    expect(within(grask).getByText('Warrior').style.backgroundColor).toBe('rgb(75, 85, 99)');

    const aria = screen.getByRole('listitem', { name: 'Aria' });
    expect(within(aria).getByText('Mage').style.backgroundColor).toBe('rgb(29, 78, 216)');
    expect(within(aria).getByText('Mage').style.color).toBe('rgb(255, 255, 255)');
    // A bright class colour gets dark text.
    const borin = screen.getByRole('listitem', { name: 'Borin' });
    expect(within(borin).getByText('Cleric').style.color).toBe('rgb(17, 17, 17)');
    for (const name of ['Edit Aria', 'Notes of Aria', 'Delete Aria']) {
      expect(within(aria).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('colours the HP bar green above 70 %, orange above 30 %, red otherwise', async () => {
    serve([
      unit('Full', { currentHp: 71 }),
      unit('Half', { currentHp: 70 }),
      unit('Low', { currentHp: 31 }),
      unit('Dying', { currentHp: 30 }),
      unit('Dead', { currentHp: 0 }),
    ]);
    renderView('Hero');
    const tone = async (name: string) => {
      const meter = await screen.findByRole('meter', { name: `HP ${name} / 100` });
      return [meter.getAttribute('data-tone'), (meter.firstElementChild as HTMLElement).className];
    };
    expect(await tone('71')).toEqual(['high', expect.stringContaining('bg-green-700')]);
    expect(await tone('70')).toEqual(['mid', expect.stringContaining('bg-orange-600')]);
    expect(await tone('31')).toEqual(['mid', expect.stringContaining('bg-orange-600')]);
    expect(await tone('30')).toEqual(['low', expect.stringContaining('bg-red-700')]);
    expect(await tone('0')).toEqual(['low', expect.stringContaining('bg-red-700')]);
  });

  it('filters by name, race, class or status, ignoring case, and counts the filtered units', async () => {
    serve(party());
    renderView();
    await screen.findByRole('heading', { level: 4, name: 'Aria' });
    expect(counter().textContent).toContain('3 / 10');

    const search = async (text: string, players: string[], npcs: string[]) => {
      fireEvent.change(filter(), { target: { value: text } });
      await waitFor(() => expect(cardNames('Player characters')).toEqual(players));
      expect(cardNames('Non-player characters')).toEqual(npcs);
      expect(counter().textContent).toContain(`${players.length + npcs.length} / 10`);
    };
    await search('ARI', ['Aria'], []);
    await search('dwarf', ['Borin'], []);
    await search('Warr', [], ['Grask']);
    await search('poISoned', ['Borin'], []);
    await search('r', ['Aria', 'Borin'], ['Grask']);
    await search('', ['Aria', 'Borin'], ['Grask']);
    await search('   ', ['Aria', 'Borin'], ['Grask']);
  });

  it('ignores accents both ways in the filter (docs/product.md#search)', async () => {
    serve([
      unit('Éloïse', { isPlayer: true, class: 'Éclaireur' }),
      unit('Bruno', { race: 'Nain', status: 'Blessé' }),
    ]);
    renderView();
    await screen.findByRole('heading', { level: 4, name: 'Éloïse' });
    fireEvent.change(filter(), { target: { value: 'eclaireur' } });
    await waitFor(() => expect(cardNames('Player characters')).toEqual(['Éloïse']));
    expect(cardNames('Non-player characters')).toEqual([]);
    fireEvent.change(filter(), { target: { value: 'BLESSE' } });
    await waitFor(() => expect(cardNames('Non-player characters')).toEqual(['Bruno']));
    expect(counter().textContent).toContain('1 / 10 — 2 units in all');
  });

  it('shows a fallen unit as Down, in the card and to the filter', async () => {
    serve([
      unit('Aria', { currentHp: 0 }),
      unit('Borin', { currentHp: 0, status: 'Poisoned' }),
      unit('Grask', { currentHp: 5 }),
    ]);
    renderView();
    const aria = await screen.findByRole('listitem', { name: 'Aria' });
    expect(within(aria).getByText('Down')).toBeTruthy();
    expect(within(aria).queryByText('Normal')).toBeNull();
    // A status that says more than the default one stays beside Down.
    const borin = screen.getByRole('listitem', { name: 'Borin' });
    expect(within(borin).getByText('Down')).toBeTruthy();
    expect(within(borin).getByText('Poisoned')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Grask' })).queryByText('Down')).toBeNull();
    fireEvent.change(filter(), { target: { value: 'down' } });
    await waitFor(() => expect(cardNames('Non-player characters')).toEqual(['Aria', 'Borin']));
  });

  it('lists the key characteristics on each card, in the campaign order', async () => {
    const characteristics = [
      'Strength',
      'Dexterity',
      'Constitution',
      'Intelligence',
      'Wisdom',
      'Charisma',
      'Luck',
    ];
    serve([unit('Aria', { characteristics: { Strength: 12, Charisma: 80 } })]);
    renderWithProviders(
      <UnitsView
        campaign={createCampaign({
          characteristics: characteristics.map((name) => ({ name, max: 100, pinned: false })),
        })}
        tier="Hero"
      />,
    );
    const aria = await screen.findByRole('listitem', { name: 'Aria' });
    const values = within(aria)
      .getAllByRole('definition')
      .map((item) => item.textContent);
    expect(values).toEqual(expect.arrayContaining(['12', '0', '80']));
    expect(within(aria).getByText('Strength')).toBeTruthy();
    expect(within(aria).queryByText('Luck')).toBeNull();
    expect(within(aria).getByText('+1 more')).toBeTruthy();
  });

  it('tells an empty section from one the filter empties, and creates in the right section', async () => {
    serve([unit('Grask')]);
    renderView();
    await screen.findByRole('heading', { level: 4, name: 'Grask' });
    expect(within(section('Player characters')).getByText(/No player characters yet/)).toBeTruthy();

    fireEvent.change(filter(), { target: { value: 'dragon' } });
    await waitFor(() =>
      expect(
        within(section('Non-player characters')).getByText('No non-player character matches "dragon".'),
      ).toBeTruthy(),
    );
    // No player character to hide: that section still says it has none at all.
    expect(within(section('Player characters')).getByText(/No player characters yet/)).toBeTruthy();
    expect(counter().textContent).toContain('0 / 10 — 1 unit in all');

    await userEvent.click(
      within(section('Player characters')).getByRole('button', { name: 'Create a player character' }),
    );
    expect(screen.getByRole('dialog', { name: 'Unit form' }).textContent).toContain('creating player=true');
    await userEvent.click(screen.getByRole('button', { name: 'Close form' }));
    await userEvent.click(
      within(section('Non-player characters')).getByRole('button', { name: 'Create a non-player character' }),
    );
    expect(screen.getByRole('dialog', { name: 'Unit form' }).textContent).toContain('creating player=false');
    await userEvent.click(screen.getByRole('button', { name: 'Close form' }));

    await userEvent.click(screen.getByRole('button', { name: 'New unit' }));
    expect(screen.getByRole('dialog', { name: 'Unit form' }).textContent).toContain(
      'creating player=undefined',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close form' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Grask' }));
    expect(screen.getByRole('dialog', { name: 'Unit form' }).textContent).toContain('editing Grask');
  });

  it('shows both empty states and the 0 counter for a campaign without units', async () => {
    serve([]);
    renderView('Adventurer');
    expect(await screen.findByText(/No player characters yet/)).toBeTruthy();
    expect(screen.getByText(/No non-player characters yet/)).toBeTruthy();
    expect(counter().textContent).toContain('0 / 50 — 0 units in all');
    expect((screen.getByRole('button', { name: 'Duplicate unit' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks before deleting, deletes through the API, and Undo brings the unit back', async () => {
    const created: unknown[] = [];
    serve(party(), (method, path) => {
      if (method !== 'POST' || path !== '/api/units') return undefined;
      const back = createUnit({
        _id: 'u-back',
        name: 'Grask',
        race: 'Orc',
        class: 'Warrior',
        status: 'Injured',
      });
      created.push(back);
      return back;
    });
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Grask' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this unit?' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Grask"? You can still undo it from the message that follows.',
      ),
    ).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api).not.toHaveBeenCalledWith('DELETE', expect.anything(), expect.anything());
    expect(screen.getByRole('heading', { level: 4, name: 'Grask' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Grask' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this unit?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { level: 4, name: 'Grask' })).toBeNull());
    const grask = party()[2]!;
    expect(api).toHaveBeenCalledWith('DELETE', expect.stringMatching(/^\/api\/units\/u\d+$/), {
      headers: { 'x-campaign-id': 'c1' },
    });
    expect(grask.name).toBe('Grask');
    expect(screen.queryByRole('alert')).toBeNull();

    const toast = screen.getByText('"Grask" was deleted.').closest('li')!;
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('"Grask" is back.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Grask' })).toBeTruthy();
    // Every field but the id and timestamps, from the unit as it was.
    expect(api).toHaveBeenCalledWith('POST', '/api/units', {
      headers: { 'x-campaign-id': 'c1' },
      body: expect.objectContaining({
        name: 'Grask',
        race: 'Orc',
        class: 'Warrior',
        status: 'Injured',
        currentHp: 30,
        money: { gold: 12, silver: 3, bronze: 40 },
        gameDataId: 'c1',
      }),
    });
    expect(created).toHaveLength(1);
  });

  it('alerts when the delete fails and keeps the card', async () => {
    serve(party(), (method) => {
      if (method === 'DELETE') throw new ApiError(500, 'INTERNAL', 'Boom');
      return undefined;
    });
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Aria' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this unit?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete unit. Please try again.');
    expect(screen.getByRole('heading', { level: 4, name: 'Aria' })).toBeTruthy();
  });

  it('at the unit limit, offers no create button anywhere and shows the limit with the way up', async () => {
    serve([
      ...Array.from({ length: 9 }, (_, i) => unit(`Goblin ${i + 1}`)),
      unit('Aria', { isPlayer: true }),
    ]);
    renderView('Novice');
    await screen.findByRole('heading', { level: 4, name: 'Goblin 9' });
    expect(counter().textContent).toContain('10 / 10 — 10 units in all');
    expect(counter().textContent).toContain('Limit reached');

    expect(screen.queryByRole('button', { name: 'New unit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate unit' })).toBeNull();
    // Even a section the filter empties offers no create button.
    fireEvent.change(filter(), { target: { value: 'dragon' } });
    await waitFor(() => expect(cardNames('Player characters')).toEqual([]));
    expect(screen.queryByRole('button', { name: /^Create a/ })).toBeNull();

    const notice = screen.getByText(/Unit limit reached/).closest<HTMLElement>('[role="status"]')!;
    expect(notice.textContent).toContain(
      'Unit limit reached for Novice tier (10 per campaign). Upgrade to create more.',
    );
    await userEvent.click(within(notice).getByRole('button', { name: 'Upgrade my plan' }));
    expect(openUpgrade).toHaveBeenCalledTimes(1);
  });

  it('offers no upgrade to Hero at the limit, whose counter reads 200', async () => {
    serve(party());
    renderView('Hero');
    await screen.findByRole('heading', { level: 4, name: 'Aria' });
    expect(counter().textContent).toContain('3 / 200');
    expect(screen.queryByText(/Unit limit reached/)).toBeNull();
    // 200 cards are slow in jsdom: the notice alone, as the view shows it at the limit.
    renderWithProviders(<UnitLimitNotice tier="Hero" />, { onUpgrade: openUpgrade });
    expect(screen.getByText(/Unit limit reached/).textContent).toContain(
      'Unit limit reached for Hero tier (200 per campaign)',
    );
    expect(screen.queryByRole('button', { name: 'Upgrade my plan' })).toBeNull();
  });

  it('shows a retry when the units cannot be loaded', async () => {
    api.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Boom'));
    renderView();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The units of this campaign could not be loaded.');
    serve(party());
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 4, name: 'Aria' })).toBeTruthy();
  });
});

// Monsters that play by their rules on the GM's screen (docs/decisions/062), against the fake server
// that applies core's own rules: counters spent from a fight row (and set in their dialog), a lair
// action's row and turn, a group that folds and unfolds, and the start's options and lair actions in
// setup. The journeys in e2e run the same in a real browser.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_COMBAT, type CombatState } from '@questkeeper/core/combat/combat';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import type { Unit } from '@/lib/units';
import { fightOf, makeCampaign, renderView, roster, rowOf, unit } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

const legendary: UnitCounter = {
  _id: 'c1',
  label: 'Legendary actions',
  max: 3,
  kind: 'uses',
  reset: 'turnStart',
  recharge: null,
};
const slots: UnitCounter = { ...legendary, _id: 'c2', label: 'Spell slots', max: 9, reset: 'never' };

function serve(units: Unit[], state: CombatState) {
  const campaign = makeCampaign();
  const { server } = fakeCombatServer(api, campaign, units, state);
  renderView(campaign);
  return server;
}

const actions = (server: ReturnType<typeof serve>) =>
  server.calls
    .filter((call) => call.path === '/api/combat/actions')
    .map((call) => (call.body as { action: unknown }).action);

const withCounters = () =>
  roster().map((item) => (item._id === 'e1' ? { ...item, counters: [legendary, slots] } : item));

describe('counters on a fight row', () => {
  it('spends one with a click, shows "2/9" past five, and refuses at 0 with its reason', async () => {
    const user = userEvent.setup();
    const server = serve(
      withCounters(),
      fightOf({ allies: ['a1'], enemies: ['e1'] }, { counters: { e1: { c1: 1, c2: 2 } } }),
    );
    const spend = await screen.findByRole('button', { name: 'Legendary actions 1/3: spend 1' });
    expect(
      within(rowOf('Goblin')).getByRole('button', { name: 'Spell slots 2/9: spend 1' }).textContent,
    ).toContain('2/9');
    await user.click(spend);
    await waitFor(() =>
      expect(actions(server)).toEqual([{ type: 'useCounter', unitId: 'e1', counterId: 'c1' }]),
    );
    const empty = await screen.findByRole('button', { name: 'Legendary actions 0/3: none left to spend' });
    expect(empty.getAttribute('aria-disabled')).toBe('true');
    await user.click(empty);
    expect(actions(server)).toHaveLength(1);
    expect(server.fight.counters.e1?.c1).toBe(0);
  });

  it('sets a value in the counters dialog, and U spends the current unit’s first counter left', async () => {
    const user = userEvent.setup();
    const server = serve(
      withCounters(),
      // Goblin's turn (second in the order).
      fightOf({ allies: ['a1'], enemies: ['e1'] }, { turnIndex: 1, counters: { e1: { c1: 0 } } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Set the counters of Goblin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counters of Goblin' });
    const field = within(dialog).getByRole('textbox', { name: 'Legendary actions (0 to 3)' });
    await user.clear(field);
    await user.type(field, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Set Legendary actions' }));
    expect(within(dialog).getByText('At most 3.', { exact: false })).toBeTruthy();
    await user.clear(field);
    await user.type(field, '2{Enter}');
    await waitFor(() => expect(server.fight.counters.e1?.c1).toBe(2));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('u');
    await waitFor(() => expect(server.fight.counters.e1?.c1).toBe(1));
    expect(actions(server)).toEqual([
      { type: 'setCounter', unitId: 'e1', counterId: 'c1', value: 2 },
      { type: 'useCounter', unitId: 'e1', counterId: 'c1' },
    ]);
  });
});

describe('lair actions and hazards in the order', () => {
  const hazard = { id: 'h1', name: 'Cave tremors', initiative: 20, hidden: true };
  const withHazard = (turnIndex: number) =>
    fightOf(
      { allies: ['a1'], enemies: ['e1'] },
      {
        hazards: [hazard],
        order: [
          { unitId: 'a1', initiative: 50 },
          { hazardId: 'h1', initiative: 20 },
          { unitId: 'e1', initiative: 10 },
        ],
        turnIndex,
      },
    );

  it('shows its own row, hidden from players, its turn in the bar, and Next turn moves past it', async () => {
    const user = userEvent.setup();
    serve(roster(), withHazard(1));
    expect(await screen.findByText('Lair action: Cave tremors')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Initiative order' });
    const row = within(list).getAllByRole('listitem')[1]!;
    expect(row.getAttribute('aria-current')).toBe('step');
    expect(row.textContent).toContain('Cave tremors');
    expect(row.textContent).toContain('Hidden from players');
    await user.click(screen.getByRole('button', { name: 'Next turn' }));
    expect(await screen.findByText('Turn of Goblin')).toBeTruthy();
  });

  it('is removed after a confirmation, and added from its dialog with initiative 20', async () => {
    const user = userEvent.setup();
    const server = serve(roster(), withHazard(0));
    await user.click(await screen.findByRole('button', { name: 'Remove Cave tremors' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this lair action or hazard?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.fight.hazards).toEqual([]));

    await user.click(screen.getByRole('button', { name: 'Add lair / hazard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a lair action or hazard' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Rising tide');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(actions(server).at(-1)).toEqual({
        type: 'addHazard',
        name: 'Rising tide',
        initiative: 20,
        hidden: false,
      }),
    );
  });
});

describe('groups in the order', () => {
  const goblins = () => [
    ...roster(),
    unit('e3', 'Goblin 2', { currentHp: 7, hp: 20 }),
    unit('e4', 'Goblin 3', { currentHp: 0, hp: 20 }),
  ];
  const grouped = fightOf(
    { allies: ['a1'], enemies: ['e1', 'e3', 'e4'] },
    {
      order: [
        { unitId: 'e1', initiative: 60, groupId: 'g1' },
        { unitId: 'e3', initiative: 60, groupId: 'g1' },
        { unitId: 'e4', initiative: 60, groupId: 'g1' },
        { unitId: 'a1', initiative: 40 },
      ],
    },
  );

  it('is one row that takes the turn, unfolds to its members with their HP, and ungroups', async () => {
    const user = userEvent.setup();
    const server = serve(goblins(), grouped);
    expect(await screen.findByText('Turn of Goblin ×3')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Initiative order' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const fold = within(list).getByRole('button', { name: /^Goblin ×3/ });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(fold.closest('li')?.getAttribute('aria-current')).toBe('step');
    // Every member standing carries the turn's mark on its own row.
    expect(within(rowOf('Goblin 2')).getByText('Current turn')).toBeTruthy();

    await user.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Goblin ×3'),
      expect.stringContaining('15 / 100 HP'),
      expect.stringContaining('7 / 20 HP'),
      expect.stringContaining('0 / 20 HP'),
      expect.stringContaining('Aria'),
    ]);
    await user.click(fold);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Ungroup Goblin ×3' }));
    await waitFor(() => expect(actions(server)).toEqual([{ type: 'ungroup', groupId: 'g1' }]));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
  });

  it('groups units of one side from a dialog, in the order’s order', async () => {
    const user = userEvent.setup();
    const server = serve(roster(), fightOf({ allies: ['a1', 'a2'], enemies: ['e1', 'e2'] }));
    await user.click(await screen.findByRole('button', { name: 'Group units' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group units' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Wolf/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Group 1 unit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A group needs at least 2 units.');
    await user.click(within(dialog).getByRole('checkbox', { name: /Goblin/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Group 2 units' }));
    await waitFor(() => expect(actions(server)).toEqual([{ type: 'group', unitIds: ['e1', 'e2'] }]));
    expect(await screen.findByRole('button', { name: /^Goblin ×2/ })).toBeTruthy();
  });
});

describe('the setup', () => {
  it('starts with the groups and the reroll asked for, and says the reroll is on', async () => {
    const user = userEvent.setup();
    const units = roster().map((item) => ({ ...item, isPlayer: false }));
    const server = serve(units, { ...EMPTY_COMBAT, allies: ['a1'], enemies: ['e1', 'e2'] });
    await user.click(await screen.findByRole('checkbox', { name: /Group identical units/ }));
    await user.click(screen.getByRole('checkbox', { name: /Reroll initiative every round/ }));
    await user.click(screen.getByRole('button', { name: 'Start combat' }));
    await waitFor(() =>
      expect(actions(server)).toEqual([{ type: 'start', groups: 'byName', rerollEachRound: true }]),
    );
    expect(await screen.findByText('Rerolled every round')).toBeTruthy();
  });

  it('lists lair actions added before the start, and removes them', async () => {
    const user = userEvent.setup();
    const server = serve(roster(), { ...EMPTY_COMBAT, allies: ['a1'], enemies: ['e1'] });
    expect(await screen.findByText('None. A lair action acts on initiative 20 and loses ties.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add lair / hazard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a lair action or hazard' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cave tremors');
    await user.click(within(dialog).getByRole('checkbox', { name: /Hide from players/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const panel = await screen.findByRole('region', { name: 'Lair actions and hazards' });
    expect(await within(panel).findByText('Cave tremors')).toBeTruthy();
    expect(within(panel).getByText('Hidden from players')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Remove Cave tremors' }));
    await waitFor(() => expect(server.fight.hazards).toEqual([]));
    expect(actions(server)).toEqual([
      { type: 'addHazard', name: 'Cave tremors', initiative: 20, hidden: true },
      { type: 'removeHazard', hazardId: expect.any(String) },
    ]);
  });

  it('saves the setup as an encounter under a name, with its sides, lair actions and grouping', async () => {
    const user = userEvent.setup();
    const server = serve(roster(), {
      ...EMPTY_COMBAT,
      allies: ['a1'],
      enemies: ['e1', 'e2'],
      hazards: [{ id: 'h1', name: 'Cave tremors', initiative: 20, hidden: true }],
      grouping: 'byName',
    });
    const fake = api.getMockImplementation()!;
    const saved: unknown[] = [];
    api.mockImplementation(async (method, path, options) => {
      // The spy is hidden from players in this setup: the encounter keeps it hidden (decision 062).
      if (method === 'GET' && path === '/api/combat/player-view') {
        return { hp: { allies: 'exact', enemies: 'bands' }, units: { e2: { hidden: true } }, version: 1 };
      }
      if (method !== 'POST' || path !== '/api/encounters') return fake(method, path, options as never);
      saved.push(options?.body);
      return { _id: 'n1', ...(options?.body as object) };
    });
    await user.click(await screen.findByRole('button', { name: 'Save as encounter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this setup as an encounter' });
    await user.click(within(dialog).getByRole('button', { name: 'Save encounter' }));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Encounter name' }),
      ' Goblin ambush {Enter}',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([
      {
        name: 'Goblin ambush',
        allies: [{ unitId: 'a1' }],
        enemies: [
          { unitId: 'e1', count: 1 },
          { unitId: 'e2', count: 1 },
        ],
        hazards: [{ name: 'Cave tremors', initiative: 20, hidden: true }],
        hidden: ['e2'],
        groups: 'byName',
      },
    ]);
    expect(await screen.findByText('Encounter "Goblin ambush" saved.')).toBeTruthy();
    expect(actions(server)).toEqual([]);
  });
});

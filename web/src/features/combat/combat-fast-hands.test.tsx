// The fight at the speed of the table (decision 031) against the fake server: each row's
// quick field, the keyboard shortcuts and their list, typed initiatives at the start, area blows,
// reinforcements, the order fixed by hand, copies spawned into a group, and the word on a heal
// that meets a unit at full HP. The journeys in e2e/tests/combat-fast-hands.spec.ts run the same in
// a browser against the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_COMBAT, type CombatState } from '@questkeeper/core/combat/combat';
import type * as HpBarModule from '@/components/hp-bar';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import { fightOf, makeCampaign, region, renderView, roster, valueOf } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
// Every HP bar that paints, with its figures: a row repaints its bar (see "repaints its own row").
const painted = vi.hoisted(() => [] as string[]);
vi.mock('@/components/hp-bar', async (original) => {
  const real = await original<typeof HpBarModule>();
  return {
    ...real,
    HpBar: (props: { current: number; max: number }) => {
      painted.push(`${props.current}/${props.max}`);
      return real.HpBar(props);
    },
  };
});
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

const groups = { allies: ['a1', 'a2'], enemies: ['e1'] };

function serve(campaign: Campaign, units: Unit[], combat: CombatState = EMPTY_COMBAT) {
  return fakeCombatServer(api, campaign, units, combat);
}

const actions = (server: ReturnType<typeof serve>['server']) =>
  server.calls
    .filter((call) => call.path === '/api/combat/actions')
    .map((call) => (call.body as { action: unknown }).action);

describe('the quick field of a row', () => {
  it('damages with 7 or -7, heals with +5, checks dice as it is typed, and clears after Enter', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    const goblin = await screen.findByRole('textbox', { name: 'Damage or heal Goblin' });

    await user.type(goblin, '-7{Enter}');
    await waitFor(() => expect(server.units.find((u) => u._id === 'e1')?.currentHp).toBe(8));
    expect(valueOf(goblin)).toBe('');
    await user.type(goblin, '+5{Enter}');
    await waitFor(() => expect(server.units.find((u) => u._id === 'e1')?.currentHp).toBe(13));
    await user.type(goblin, '3{Enter}');
    await waitFor(() => expect(server.units.find((u) => u._id === 'e1')?.currentHp).toBe(10));

    await user.type(goblin, '2d');
    expect(within(region('Enemies')).getByRole('alert').textContent).toBe('Unexpected end at 3.');
    expect(goblin.getAttribute('aria-invalid')).toBe('true');
    await user.type(goblin, '{Enter}');
    await user.type(goblin, '4{Enter}');
    // Dice roll 1s on the fake server.
    await waitFor(() => expect(server.units.find((u) => u._id === 'e1')?.currentHp).toBe(8));
    expect(actions(server)).toEqual([
      // Each blow names who deals it, the unit whose turn it is by default.
      { type: 'attack', targetId: 'e1', amount: 7, sourceId: 'a1' },
      { type: 'heal', targetId: 'e1', amount: 5, sourceId: 'a1' },
      { type: 'attack', targetId: 'e1', amount: 3, sourceId: 'a1' },
      { type: 'attack', targetId: 'e1', amount: '2d4', sourceId: 'a1' },
    ]);
  });

  it('repaints its own row only while typing', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    // Goblin is the only unit at 15 / 100.
    serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    const goblin = await screen.findByRole('textbox', { name: 'Damage or heal Goblin' });
    painted.length = 0;
    await user.type(goblin, '-12');
    expect(painted.length).toBeGreaterThan(0);
    expect(new Set(painted)).toEqual(new Set(['15/100']));
  });

  it('says so when a heal meets a unit at full HP', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    await user.type(await screen.findByRole('textbox', { name: 'Damage or heal Aria' }), '+5{Enter}');
    expect(
      (await screen.findAllByText('Aria is already at full HP: nothing to heal.')).length,
    ).toBeGreaterThan(0);
  });
});

describe('keyboard shortcuts', () => {
  it('7 then Enter attacks the target; N is next turn; ? lists them; none fire while typing', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Target Goblin' }));

    await user.keyboard('7');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    expect(document.activeElement).toBe(amount);
    expect(valueOf(amount)).toBe('7');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.units.find((u) => u._id === 'e1')?.currentHp).toBe(8));

    // Typing "n" in a field types it.
    await user.type(screen.getByRole('textbox', { name: 'Damage or heal Aria' }), 'n');
    expect(screen.getByText('Turn of Aria')).toBeTruthy();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('n');
    expect(await screen.findByText('Turn of Borin')).toBeTruthy();

    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Next turn')).toBeTruthy();
    expect(within(help).getByText('Attack the target with the amount')).toBeTruthy();
    expect(actions(server)).toEqual([
      { type: 'attack', targetId: 'e1', amount: 7, sourceId: 'a1' },
      { type: 'nextTurn' },
    ]);
  });
});

describe('typed initiative', () => {
  it('asks the player characters, Enter moves down, an empty field is left to the rule', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), { ...EMPTY_COMBAT, ...groups });
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Start combat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Initiative of the player characters' });
    const aria = within(dialog).getByRole('textbox', { name: 'Initiative of Aria' });
    const borin = within(dialog).getByRole('textbox', { name: 'Initiative of Borin' });
    expect(within(dialog).queryByRole('textbox', { name: 'Initiative of Goblin' })).toBeNull();
    await user.type(aria, 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Start combat' }));
    expect(
      within(dialog).getByText('Enter a whole number from -1000 to 100000, or leave it empty.'),
    ).toBeTruthy();
    await user.clear(aria);
    await user.type(aria, '3{Enter}');
    expect(document.activeElement).toBe(borin);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(server.fight.order).toEqual([
        { unitId: 'e1', initiative: 60 },
        { unitId: 'a2', initiative: 40 },
        { unitId: 'a1', initiative: 3 },
      ]),
    );
    expect(actions(server).at(-1)).toEqual({ type: 'start', initiatives: { a1: 3 } });
  });
});

describe('the fight', () => {
  it('hits several targets with one blow (Shift-click)', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf({ allies: ['a1'], enemies: ['e1', 'e2'] }));
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Target Goblin' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Target Wolf' }));
    await user.keyboard('{/Shift}');
    expect(within(region('Target')).getByText('2 targets')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '5');
    await user.click(screen.getByRole('button', { name: 'Attack' }));
    await waitFor(() =>
      expect(server.units.filter((u) => ['e1', 'e2'].includes(u._id)).map((u) => u.currentHp)).toEqual([
        10, 95,
      ]),
    );
    expect(actions(server)).toEqual([
      { type: 'attack', targetId: 'e1', amount: 5, sourceId: 'a1', targetIds: ['e2'] },
    ]);
  });

  it('adds reinforcements with a typed initiative, in order', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Reinforcements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reinforcements' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'e2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Initiative (optional)' }), '49');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the fight' }));
    await waitFor(() => expect(server.fight.enemies).toEqual(['e1', 'e2']));
    // 49 ties with Borin, whose Dexterity (40) beats the Wolf's (20).
    expect(server.fight.order.map((entry) => entry.unitId)).toEqual(['a1', 'a2', 'e2', 'e1']);
    expect(actions(server)).toEqual([{ type: 'add', unitId: 'e2', group: 'enemies', initiative: 49 }]);
  });

  it('moves a unit in the order with Alt+Down on its handle', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    const handle = await screen.findByRole('button', { name: /^Drag Aria to its place/ });
    handle.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(server.fight.order.map((entry) => entry.unitId)).toEqual(['a2', 'a1', 'e1']));
    expect(actions(server)).toEqual([{ type: 'reorder', unitId: 'a1', toIndex: 1 }]);
    // The turn stays Aria's.
    expect(screen.getByText('Turn of Aria')).toBeTruthy();
  });

  it('spawns numbered copies into a group in one step', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), { ...EMPTY_COMBAT, allies: ['a1'] });
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Make copies of Goblin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copies of Goblin' });
    const count = within(dialog).getByRole('textbox', { name: 'Number of copies' });
    await user.clear(count);
    await user.type(count, '2');
    expect(within(dialog).getByText('Named Goblin 2 to Goblin 3.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create the copies' }));
    await waitFor(() => expect(server.fight.enemies).toHaveLength(2));
    expect(server.units.slice(-2).map((u) => [u.name, u.currentHp])).toEqual([
      ['Goblin 2', 100],
      ['Goblin 3', 100],
    ]);
    expect(within(region('Enemies')).getByText('Goblin 2')).toBeTruthy();
    const copies = server.units.slice(-2).map((u) => u._id);
    expect(actions(server)).toEqual([{ type: 'add', unitIds: copies, group: 'enemies' }]);
  });

  it('spawns copies mid-fight with one action, each rolled into the order, and one Undo takes them all out', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Reinforcements' }));
    const reinforce = await screen.findByRole('dialog', { name: 'Reinforcements' });
    await user.click(within(reinforce).getByRole('button', { name: 'Make copies of Wolf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copies of Wolf' });
    const count = within(dialog).getByRole('textbox', { name: 'Number of copies' });
    await user.clear(count);
    await user.type(count, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create the copies' }));
    await waitFor(() => expect(server.fight.enemies).toHaveLength(4));
    const copies = server.units.slice(-3).map((u) => u._id);
    expect(actions(server)).toEqual([{ type: 'add', unitIds: copies, group: 'enemies' }]);
    expect(server.fight.order.map((entry) => entry.unitId)).toEqual(expect.arrayContaining(copies));
    expect(new Set(server.log.filter((entry) => entry.type === 'add').map((entry) => entry.step)).size).toBe(
      1,
    );

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.fight.enemies).toEqual(['e1']));
    expect(server.fight.order.map((entry) => entry.unitId)).toEqual(['a1', 'a2', 'e1']);
    expect(server.calls.filter((call) => call.path === '/api/combat/undo')).toHaveLength(1);
  });

  it('adds all NPCs to the enemies at setup with one action', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster());
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'All NPCs to enemies' }));
    await waitFor(() => expect(server.fight.enemies).toEqual(['e1', 'e2']));
    expect(actions(server)).toEqual([{ type: 'add', unitIds: ['e1', 'e2'], group: 'enemies' }]);
  });
});

// The combat view against a fake server that applies actions with core's rules (docs/product.md#combat,
// docs/product.md#tiers; docs/decisions/021): setup rules, tier gating of the initiative rules, the fight
// (target move, attack, heal, next turn, the round banner), every change sent as an action with its version,
// and the end of a fight with its summary (conflicts, undo, the log, conditions: combat-table.test.tsx).
// The journeys in e2e/tests/combat-*.spec.ts run the same against the real server, in a browser.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_COMBAT, type CombatState } from '@questkeeper/core/combat/combat';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import {
  fightOf,
  isDisabled,
  makeCampaign,
  pressed,
  region,
  renderView,
  roster,
  valueOf,
} from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
// Live sync has its own tests (lib/event-stream-parser.test.ts); here the stream stays silent.
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);

afterEach(() => {
  api.mockReset();
  vi.useRealTimers();
});

function serve(campaign: Campaign, units: Unit[], combat: CombatState = EMPTY_COMBAT) {
  return fakeCombatServer(api, campaign, units, combat);
}

describe('setup', () => {
  // Many clicks, and the initiative dialog: more than the default 5 s on a busy machine.
  it(
    'lists only units with HP above 0 in no group, saves each choice, and starts with one of each side',
    {
      timeout: 15_000,
    },
    async () => {
      const user = userEvent.setup();
      const campaign = makeCampaign();
      const { server } = serve(campaign, roster());
      renderView(campaign);

      const available = await screen.findByRole('region', { name: 'Available units' });
      expect(within(available).queryByText('Fallen')).toBeNull();
      const start = screen.getByRole('button', { name: 'Start combat' });
      expect(isDisabled(start)).toBe(true);
      expect(screen.getByText('Add at least one ally and one enemy to start.')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'All player characters to allies' }));
      expect(within(region('Allies')).getByText('Aria')).toBeTruthy();
      expect(within(region('Allies')).getByText('Borin')).toBeTruthy();
      expect(within(available).queryByText('Aria')).toBeNull();
      expect(isDisabled(start)).toBe(true);

      await user.click(screen.getByRole('button', { name: 'Add Goblin to the enemies' }));
      await user.click(screen.getByRole('button', { name: 'Add Wolf to the enemies' }));
      await user.click(screen.getByRole('button', { name: 'Remove Wolf from the enemies' }));
      expect(within(available).getByText('Wolf')).toBeTruthy();
      await waitFor(() => expect(server.fight).toMatchObject({ allies: ['a1', 'a2'], enemies: ['e1'] }));

      expect(isDisabled(start)).toBe(false);
      await user.click(start);
      // Player characters may type their initiative; left empty, the rule rolls it.
      const ask = await screen.findByRole('dialog', { name: 'Initiative of the player characters' });
      await user.click(within(ask).getByRole('button', { name: 'Start combat' }));
      // Characteristic rule on Dexterity: Aria 70, Goblin 60, Borin 40.
      const order = await screen.findByRole('list', { name: 'Initiative order' });
      const items = within(order).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        expect.stringContaining('Aria'),
        expect.stringContaining('Goblin'),
        expect.stringContaining('Borin'),
      ]);
      expect(items[0]?.getAttribute('aria-current')).toBe('step');
      expect(screen.getByText('Round 1')).toBeTruthy();
      expect(screen.getByText('Turn of Aria')).toBeTruthy();
      await waitFor(() =>
        expect(server.fight).toMatchObject({
          phase: 'fight',
          turnIndex: 0,
          order: [
            { unitId: 'a1', initiative: 70 },
            { unitId: 'e1', initiative: 60 },
            { unitId: 'a2', initiative: 40 },
          ],
        }),
      );
    },
  );

  it('offers the characteristic rules to Novice only as disabled options, and plays a random rule', async () => {
    const campaign = makeCampaign({ initiativeRule: 'd20_plus_carac' });
    serve(campaign, roster());
    renderView(campaign, 'Novice');
    const rule = await screen.findByRole('combobox', { name: 'Initiative rule' });
    // A rule the tier lost (a downgrade) reads as random d20.
    expect(valueOf(rule)).toBe('random_d20');
    const option = (name: string) => within(rule).getByRole('option', { name });
    expect(isDisabled(option('Random (d100)'))).toBe(false);
    expect(isDisabled(option('Characteristic (not available for free users)'))).toBe(true);
    expect(isDisabled(option('d20 + characteristic (not available for free users)'))).toBe(true);
    expect(isDisabled(option('d100 + characteristic (not available for free users)'))).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Initiative characteristic' })).toBeNull();
  });

  it('saves a rule and its characteristic on the campaign', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign({
      initiativeRule: 'random_d20',
      initiativeCaracName: '',
      characteristics: [
        { name: 'Dexterity', max: 100, pinned: false },
        { name: 'Wisdom', max: 20, pinned: false },
      ],
    });
    const { server } = serve(campaign, roster());
    renderView(campaign, 'Adventurer');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Initiative rule' }),
      'd100_plus_carac',
    );
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'PUT',
        path: `/api/game-data/${campaign._id}`,
        body: { initiativeRule: 'd100_plus_carac', initiativeCaracName: 'Dexterity' },
      }),
    );
  });

  it('sends a campaign without units to the units view', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    serve(campaign, []);
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Go to units' }));
    expect(screen.getByTestId('where').textContent).toContain('view=units');
  });
});

describe('fight', () => {
  const groups = { allies: ['a1', 'a2'], enemies: ['e1', 'e2'] };

  it('moves a chosen target to the end of its group, queues a click made meanwhile, and attacks it', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);

    const allies = await screen.findByRole('region', { name: 'Allies' });
    const attack = screen.getByRole('button', { name: 'Attack' });
    expect(isDisabled(attack)).toBe(true);
    expect(screen.getByText('Choose a target in one of the groups.')).toBeTruthy();

    // The clock stands still across the two clicks, however slow the machine, so the second one
    // lands inside the 250 ms move.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now());
    await user.click(within(allies).getByRole('button', { name: 'Target Aria' }));
    expect(
      within(allies)
        .getAllByRole('button', { name: /^Target / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Target Borin', 'Target Aria']);
    expect(pressed(within(allies).getByRole('button', { name: 'Target Aria' }))).toBe('true');
    // Within the 250 ms move, another click does not land on the row gliding under the pointer: it
    // is kept and applied once the move ends (decision 053).
    await user.click(within(allies).getByRole('button', { name: 'Target Borin' }));
    expect(pressed(within(allies).getByRole('button', { name: 'Target Aria' }))).toBe('true');
    clock.mockRestore();
    await waitFor(() =>
      expect(pressed(within(allies).getByRole('button', { name: 'Target Borin' }))).toBe('true'),
    );
    // Aria again, for the blow below (a click made inside Borin's move waits for it the same way).
    await user.click(within(allies).getByRole('button', { name: 'Target Aria' }));
    await waitFor(() =>
      expect(pressed(within(allies).getByRole('button', { name: 'Target Aria' }))).toBe('true'),
    );
    // A pick is the screen's own until a blow sends it.
    expect(server.calls).toEqual([]);

    const target = region('Target');
    const amount = within(target).getByRole('textbox', { name: 'Amount' });
    expect(valueOf(amount)).toBe('');
    await user.type(amount, '10');
    await user.click(attack);
    expect(within(target).getByRole('meter', { name: 'HP 90 / 100' })).toBeTruthy();
    expect(valueOf(amount)).toBe('');
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'POST',
        path: '/api/combat/actions',
        body: { version: 1, action: { type: 'attack', targetId: 'a1', amount: 10, sourceId: 'a1' } },
      }),
    );
    await waitFor(() =>
      expect(server.fight).toMatchObject({ version: 2, targetId: 'a1', allies: ['a2', 'a1'] }),
    );

    await user.selectOptions(within(target).getByRole('combobox', { name: 'Status of Aria' }), 'Stunned');
    await waitFor(() => expect(server.units.find((item) => item._id === 'a1')?.status).toBe('Stunned'));
    expect(within(allies).getByText('Stunned')).toBeTruthy();
  });

  it('heals up to max HP, and refuses an amount outside 1..999', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups, { targetId: 'a2' }));
    renderView(campaign);
    const target = await screen.findByRole('region', { name: 'Target' });
    const amount = within(target).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '50');
    await user.click(within(target).getByRole('button', { name: 'Heal' }));
    expect(within(target).getByRole('meter', { name: 'HP 100 / 100' })).toBeTruthy();
    await waitFor(() => expect(server.units.find((item) => item._id === 'a2')?.currentHp).toBe(100));

    await user.type(amount, '1000');
    expect(screen.getByRole('alert').textContent).toContain('Must be at most 999.');
    expect(isDisabled(within(target).getByRole('button', { name: 'Heal' }))).toBe(true);
    expect(isDisabled(within(target).getByRole('button', { name: 'Attack' }))).toBe(true);
    await user.clear(amount);
    await user.type(amount, '2d6+');
    expect(screen.getByRole('alert').textContent).toContain('Unexpected end at 5.');
    await user.clear(amount);
    await user.type(amount, '7');
    expect(isDisabled(within(target).getByRole('button', { name: 'Attack' }))).toBe(false);
    // Enter does what the sign says (a bare number damages, `+` heals), never the last button.
    await user.type(amount, '{Enter}');
    await waitFor(() =>
      expect(server.calls.at(-1)?.body).toMatchObject({
        action: { type: 'attack', targetId: 'a2', amount: 7 },
      }),
    );
    await user.type(amount, '+3{Enter}');
    await waitFor(() =>
      expect(server.calls.at(-1)?.body).toMatchObject({
        action: { type: 'heal', targetId: 'a2', amount: 3 },
      }),
    );
  });

  it('next turn clears target and amount, skips the fallen, and a new round shows the banner for 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const campaign = makeCampaign();
    const units = roster().map((item) => (item._id === 'e1' ? { ...item, currentHp: 0 } : item));
    // Order: a1, a2, e1 (fallen), e2.
    const { server } = serve(campaign, units, fightOf(groups, { turnIndex: 1, targetId: 'e2', amount: 5 }));
    renderView(campaign);
    const next = await screen.findByRole('button', { name: 'Next turn' });
    expect(screen.getByText('Turn of Borin')).toBeTruthy();

    await user.click(next);
    expect(screen.getByText('Turn of Wolf')).toBeTruthy();
    expect(valueOf(screen.getByRole('textbox', { name: 'Amount' }))).toBe('');
    expect(isDisabled(screen.getByRole('button', { name: 'Attack' }))).toBe(true);
    expect(screen.getByText('Choose a target in one of the groups.')).toBeTruthy();
    await waitFor(() => expect(server.fight).toMatchObject({ turnIndex: 3, amount: 0, targetId: null }));

    await user.click(next);
    expect(screen.getByText('Turn of Aria')).toBeTruthy();
    expect(screen.getByText('Round 2')).toBeTruthy();
    // The banner follows the server's answer (its entry says the order wrapped).
    expect(await screen.findByText('Next turn! Round 2 begins.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3900));
    expect(screen.getByText('Next turn! Round 2 begins.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Next turn! Round 2 begins.')).toBeNull();
  });

  it('a blow that fells the last enemy ends the fight about a second later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const campaign = makeCampaign();
    const units = roster().map((item) => (item._id === 'e2' ? { ...item, currentHp: 0 } : item));
    const { server } = serve(campaign, units, fightOf(groups, { targetId: 'e1' }));
    renderView(campaign);
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '20');
    await user.click(await screen.findByRole('button', { name: 'Attack' }));
    expect(isDisabled(screen.getByRole('button', { name: 'Next turn' }))).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => vi.advanceTimersByTime(1000));
    const dialog = await screen.findByRole('dialog', { name: 'Combat ended! One group has been defeated.' });
    expect(within(dialog).getByText('The enemies have been defeated.')).toBeTruthy();
    // The summary: Aria dealt 15 to the Goblin, who fell.
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'UnitDamage dealtDamage takenHealing doneFell',
      'Aria1500Standing',
      'Goblin0150Fell',
    ]);
    expect(server.fight).toMatchObject({ ...EMPTY_COMBAT, amount: 1 });
    expect(server.units.find((item) => item._id === 'e1')?.currentHp).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Back to units' }));
    expect(screen.getByTestId('where').textContent).toContain('view=units');
  });

  it('End combat asks first, then empties both groups, shows the summary, then the units view', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'End combat' }));
    const dialog = screen.getByRole('dialog', { name: 'End this combat?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('list', { name: 'Initiative order' })).toBeTruthy();
    expect(server.fight.phase).toBe('fight');

    await user.click(screen.getByRole('button', { name: 'End combat' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'End this combat?' })).getByRole('button', {
        name: 'End combat',
      }),
    );
    const summary = await screen.findByRole('dialog', { name: 'The fight is over' });
    expect(within(summary).getByRole('heading', { name: 'Fight summary' })).toBeTruthy();
    expect(server.fight).toMatchObject({ ...EMPTY_COMBAT, amount: 1 });
    await user.click(within(summary).getByRole('button', { name: 'Back to units' }));
    expect(screen.getByTestId('where').textContent).toContain('view=units');
  });
});

// The combat table of docs/decisions/021 against a fake server that applies actions with core's rules: a
// conflict with another device, undo and redo (buttons and keyboard), the combat log, and timed
// conditions. The journeys in e2e/tests/combat-table.spec.ts run the same in a real browser.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_COMBAT, type CombatState } from '@questkeeper/core/combat/combat';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import { fightOf, isDisabled, makeCampaign, region, renderView, roster } from '@/test/combat/combat-test-kit';
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

/** The HP a unit's row in the fight shows ("10 / 100"). */
function hpOf(name: string) {
  return screen
    .getByRole('button', { name: `Target ${name}` })
    .closest('li')
    ?.querySelector('[role="meter"]')
    ?.getAttribute('aria-valuetext');
}

/**
 * A fight of Aria against Goblin and Wolf where Goblin took one step: a 5-point blow, or Stunned as
 * its status; the log is open with that one entry.
 */
async function goblinWith(step: 'blow' | 'status') {
  const user = userEvent.setup();
  const campaign = makeCampaign();
  serve(campaign, roster(), fightOf({ allies: ['a1'], enemies: ['e1', 'e2'] }));
  renderView(campaign);
  await user.click(await screen.findByRole('button', { name: 'Target Goblin' }));
  if (step === 'blow') await user.type(screen.getByRole('textbox', { name: 'Amount' }), '5{Enter}');
  else await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Goblin' }), 'Stunned');
  await user.click(screen.getByRole('button', { name: /Combat log/ }));
  const log = await screen.findByRole('list', { name: /Combat log/ });
  await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1));
  return { user, log };
}

describe('versions, undo and redo', () => {
  const groups = { allies: ['a1', 'a2'], enemies: ['e1', 'e2'] };

  it('a fight changed on another device: the click is not applied, the latest fight shows, and it says so', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server, elsewhere } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    expect(await screen.findByText('Turn of Aria')).toBeTruthy();
    elsewhere({ type: 'nextTurn' });

    await user.click(screen.getByRole('button', { name: 'Next turn' }));
    expect(
      await screen.findByText(/The fight changed on another device — here is the latest\./),
    ).toBeTruthy();
    // The server's fight (Borin's turn, after the other device's Next turn), not two turns on.
    expect(screen.getByText('Turn of Borin')).toBeTruthy();
    expect(server.fight.turnIndex).toBe(1);
  });

  it('undoes and redoes steps with the buttons and the keyboard, never while typing', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = serve(campaign, roster(), fightOf(groups));
    renderView(campaign);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(isDisabled(undo)).toBe(true);
    expect(isDisabled(redo)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next turn' }));
    await user.click(screen.getByRole('button', { name: 'Next turn' }));
    await waitFor(() => expect(screen.getByText('Turn of Goblin')).toBeTruthy());
    await waitFor(() => expect(isDisabled(undo)).toBe(false));

    await user.click(undo);
    await waitFor(() => expect(screen.getByText('Turn of Borin')).toBeTruthy());
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(screen.getByText('Turn of Aria')).toBeTruthy());
    await waitFor(() => expect(isDisabled(undo)).toBe(true));
    expect(isDisabled(redo)).toBe(false);

    // In the amount field, Ctrl+Z is the field's own.
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.click(amount);
    await user.keyboard('{Control>}y{/Control}');
    expect(screen.getByText('Turn of Aria')).toBeTruthy();

    await user.click(document.body);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(screen.getByText('Turn of Borin')).toBeTruthy());
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/combat/actions',
      '/api/combat/actions',
      '/api/combat/undo',
      '/api/combat/undo',
      '/api/combat/redo',
    ]);
  });
});

describe('combat log', () => {
  it('shows each step newest first, with the roll, HP before → after, and undone steps as undone', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    serve(campaign, roster(), fightOf({ allies: ['a1'], enemies: ['e1', 'e2'] }));
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Target Goblin' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '2d6+3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Next turn' }));

    const toggle = screen.getByRole('button', { name: /Combat log/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const log = await screen.findByRole('list', { name: /Combat log/ });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    const [turn, blow] = within(log).getAllByRole('listitem');
    expect(turn?.textContent).toContain('Turn of Goblin.');
    // The fake server rolls 1s.
    expect(blow?.textContent).toContain('Aria attacks Goblin: 5 damage.');
    expect(blow?.textContent).toContain('2d6+3 → [1, 1] + 3 = 5');
    expect(blow?.textContent).toContain('HP 15 → 10');
    expect(blow?.textContent).toContain("Round 1, Aria's turn");

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')[0]?.textContent).toContain('Undone'));
    expect(within(log).getAllByRole('listitem')[1]?.textContent).not.toContain('Undone');
  });

  it('shows an answer whole: the log never says undone while the unit still shows the step', async () => {
    const { user, log } = await goblinWith('status');
    const stunned = () => within(region('Enemies')).queryByText('Stunned') !== null;
    expect(stunned()).toBe(true);

    // What a browser could paint between two tasks: the screen after each task's changes. A status
    // change is an undo the screen does not guess: the answer brings the log's mark and the status.
    const seen: { undone: boolean; stunned: boolean }[] = [];
    const observer = new MutationObserver(() =>
      seen.push({ undone: (log.textContent ?? '').includes('Undone'), stunned: stunned() }),
    );
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(log.textContent).toContain('Undone'));
    await waitFor(() => expect(stunned()).toBe(false));
    observer.disconnect();
    expect(seen.filter((screenState) => screenState.undone && screenState.stunned)).toEqual([]);
  });

  it('shows an undone blow at once, and its Undone mark with the answer', async () => {
    const { user, log } = await goblinWith('blow');
    const goblinHp = () => hpOf('Goblin');
    expect(goblinHp()).toBe('10 / 100');

    // The server holds its answer to the undo.
    const real = api.getMockImplementation()!;
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    api.mockImplementation((async (...args: Parameters<typeof real>) => {
      if (args[1] === '/api/combat/undo') await held;
      return real(...args);
    }) as typeof real);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(goblinHp()).toBe('15 / 100');
    expect(isDisabled(screen.getByRole('button', { name: 'Redo' }))).toBe(false);
    expect(log.textContent).not.toContain('Undone');
    answer();
    await waitFor(() => expect(log.textContent).toContain('Undone'));
    expect(goblinHp()).toBe('15 / 100');
  });
});

describe('conditions', () => {
  it('adds a 1-round condition that shows its rounds left and its note, and expires at the end of the turn', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign({
      statuses: [
        { _id: 's1', name: 'Normal', note: '' },
        { _id: 's2', name: 'Stunned', note: 'Loses **one** action.' },
      ],
    });
    serve(campaign, roster(), fightOf({ allies: ['a1'], enemies: ['e1'] }));
    renderView(campaign);
    await user.click(await screen.findByRole('button', { name: 'Target Goblin' }));
    await user.click(screen.getByRole('button', { name: 'Conditions of Goblin' }));
    const dialog = screen.getByRole('dialog', { name: 'Conditions of Goblin' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Stunned');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rounds (optional)' }), '1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Whose turn' }), 'Aria');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    expect(await within(dialog).findByText('Stunned, 1 round left')).toBeTruthy();
    await user.keyboard('{Escape}');

    const chip = within(region('Enemies')).getByRole('button', { name: 'Stunned, 1 round left' });
    await user.tab();
    chip.focus();
    const tip = await screen.findByRole('tooltip');
    await waitFor(() => expect(tip.textContent).toContain('Loses one action.'));
    expect(chip.getAttribute('aria-describedby')).toBe(tip.id);

    // It counts the end of Aria's turn: Next turn ends it.
    await user.click(screen.getByRole('button', { name: 'Next turn' }));
    await waitFor(() =>
      expect(within(region('Enemies')).queryByRole('button', { name: /Stunned/ })).toBeNull(),
    );
  });
});

// Each target's share of one blow (docs/decisions/061-what-a-gm-tracks-every-round.md) against the
// fake server: Whole / ½ / ×2 / 0 per selected target, by pointer and by keyboard; only the targets
// not "whole" are sent, and the picks clear after the blow.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { fightOf, makeCampaign, renderView, roster } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

function setup() {
  const campaign = makeCampaign();
  const { server } = fakeCombatServer(
    api,
    campaign,
    roster(),
    fightOf({ allies: ['a1'], enemies: ['e1', 'e2'] }),
  );
  renderView(campaign);
  const actions = () =>
    server.calls
      .filter((call) => call.path === '/api/combat/actions')
      .map((call) => (call.body as { action: unknown }).action);
  return { actions };
}

describe("a blow's share per target", () => {
  it('sends ½ and ×2 picked by pointer and keyboard, only for targets not whole', async () => {
    const user = userEvent.setup();
    const { actions } = setup();
    await user.click(await screen.findByRole('button', { name: 'Target Goblin' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Target Wolf' }));
    await user.keyboard('{/Shift}');

    const goblin = screen.getByRole('radiogroup', { name: 'Share of Goblin' });
    expect(screen.getByRole('radiogroup', { name: 'Share of Wolf' })).toBeTruthy();
    // Pointer: half for the goblin.
    await user.click(screen.getByRole('radio', { name: 'Goblin takes half (½)' }));
    expect(screen.getByRole('radio', { name: 'Goblin takes half (½)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    // Keyboard: Tab to the wolf's picked share (Whole), ArrowRight twice → ×2.
    screen.getByRole('radio', { name: 'Wolf takes it whole' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Wolf takes double (×2)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Wolf takes double (×2)' }));
    expect(goblin).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '5');
    await user.click(screen.getByRole('button', { name: 'Attack' }));
    await waitFor(() => expect(actions()).toHaveLength(1));
    expect(actions()[0]).toEqual({
      type: 'attack',
      targetId: 'e1',
      amount: 5,
      sourceId: 'a1',
      targetIds: ['e2'],
      modifiers: { e1: 'half', e2: 'double' },
    });
    // The picks were for that blow: back to whole.
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Goblin takes it whole' }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
  });

  it('sends no modifiers when every target takes it whole, and 0 for a single target', async () => {
    const user = userEvent.setup();
    const { actions } = setup();
    await user.click(await screen.findByRole('button', { name: 'Target Goblin' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '5');
    await user.click(screen.getByRole('button', { name: 'Attack' }));
    await waitFor(() => expect(actions()).toHaveLength(1));
    expect(actions()[0]).not.toHaveProperty('modifiers');

    await user.click(screen.getByRole('radio', { name: 'Goblin takes none (0)' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '4{Enter}');
    await waitFor(() => expect(actions()).toHaveLength(2));
    expect(actions()[1]).toMatchObject({ type: 'attack', targetId: 'e1', modifiers: { e1: 'none' } });
  });
});

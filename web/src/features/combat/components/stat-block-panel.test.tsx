// The stat block beside the fight (docs/product.md#fight-rows, docs/decisions/061): a row's button
// opens the unit's numbers and rendered notes without leaving the fight (its rows still answer),
// another row's button shows that unit, and Escape closes it with the focus back on the button.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { fightOf, makeCampaign, pressed, renderView, unit } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

const NOTES = '## Tactics\n\nHits **hard**, then flees. See [the goblin rules](https://example.com/goblins).';

describe('the stat block', () => {
  it('opens beside the fight with rendered notes and every characteristic, and Escape closes it', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign({
      characteristics: [
        { name: 'Dexterity', max: 100, pinned: false },
        { name: 'AC', max: 20, pinned: true },
      ],
    });
    const units = [
      unit('a1', 'Aria', { isPlayer: true, characteristics: { Dexterity: 70, AC: 15 } }),
      unit('e1', 'Goblin', {
        characteristics: { Dexterity: 60, AC: 13 },
        currentHp: 15,
        hp: 20,
        status: 'Normal',
        notes: NOTES,
      }),
    ];
    fakeCombatServer(
      api,
      campaign,
      units,
      fightOf({ allies: ['a1'], enemies: ['e1'] }, { tempHp: { e1: 4 } }),
    );
    renderView(campaign);

    const open = await screen.findByRole('button', { name: 'Stat block of Goblin' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await user.click(open);
    const panel = screen.getByRole('complementary', { name: 'Stat block of Goblin' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Stat block of Goblin' }));
    expect(within(panel).getByRole('meter', { name: 'HP 15 / 20' })).toBeTruthy();
    expect(within(panel).getByTestId('temp-hp').textContent).toContain('4 temporary HP');
    expect(within(panel).getByText('Normal')).toBeTruthy();
    // Pinned first, then the rest, with their values.
    const names = within(panel)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(names).toEqual(['Status', 'Conditions', 'AC', 'Dexterity']);
    expect(within(panel).getByRole('img', { name: 'Pinned' })).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toContain('13');
    // The notes, rendered: a heading, bold text, a working link.
    expect(await within(panel).findByRole('heading', { name: 'Tactics' })).toBeTruthy();
    expect(within(panel).getByText('hard').tagName).toBe('STRONG');
    const link = within(panel).getByRole('link', { name: 'the goblin rules' });
    expect(link.getAttribute('href')).toBe('https://example.com/goblins');

    // The fight goes on beside it: a row still picks its target.
    await user.click(screen.getByRole('button', { name: 'Target Aria' }));
    await waitFor(() => expect(pressed(screen.getByRole('button', { name: 'Target Aria' }))).toBe('true'));
    expect(screen.getByRole('complementary', { name: 'Stat block of Goblin' })).toBeTruthy();

    // Another row's button shows that unit; it has no notes yet.
    const ariaOpen = screen.getByRole('button', { name: 'Stat block of Aria' });
    await user.click(ariaOpen);
    const aria = screen.getByRole('complementary', { name: 'Stat block of Aria' });
    expect(within(aria).getByText('No notes yet.')).toBeTruthy();
    expect(within(aria).getByText(/Player character/)).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: /Stat block/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(ariaOpen));
  });
});

// The initiative modifier (docs/decisions/061): the choice between a characteristic's value and its d20
// modifier, offered with the rules that add it to a die and saved on the campaign; the start dialog
// names the rule an empty field is rolled with, with each player character's own bonus.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { i18next } from '@/lib/i18n';
import { makeCampaign, renderView, unit, valueOf } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const DEXTERITY = [{ name: 'Dexterity', max: 20, pinned: false }];
// Two player characters with d20-style scores (14 → +2, 9 → -1) and a goblin, ready to start.
const party = () => [
  unit('a1', 'Aria', { isPlayer: true, characteristics: { Dexterity: 14 } }),
  unit('a2', 'Borin', { isPlayer: true, characteristics: { Dexterity: 9 } }),
  unit('e1', 'Goblin', { characteristics: { Dexterity: 12 } }),
];
const ready = { ...EMPTY_COMBAT, allies: ['a1', 'a2'], enemies: ['e1'] };

async function openStartDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Start combat' }));
  return screen.findByRole('dialog', { name: 'Initiative of the player characters' });
}

describe('initiative modifier', { timeout: 15_000 }, () => {
  it('is offered with d20 + characteristic and saved on the campaign', async () => {
    const campaign = makeCampaign({
      characteristics: DEXTERITY,
      initiativeRule: 'd20_plus_carac',
      initiativeModifier: 'value',
    });
    const { server } = fakeCombatServer(api, campaign, party());
    renderView(campaign, 'Adventurer');
    const choice = await screen.findByRole('combobox', { name: 'Add the characteristic' });
    expect(valueOf(choice)).toBe('value');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Its value', 'Its d20 modifier']);
    expect(screen.getByText('d20 + Dexterity')).toBeTruthy();
    await userEvent.selectOptions(choice, 'd20Modifier');
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'PUT',
        path: `/api/game-data/${campaign._id}`,
        body: { initiativeModifier: 'd20Modifier' },
      }),
    );
  });

  it('is not offered with the rules it does not change', async () => {
    const campaign = makeCampaign({ characteristics: DEXTERITY, initiativeRule: 'caracteristic' });
    fakeCombatServer(api, campaign, party());
    renderView(campaign, 'Hero');
    await screen.findByRole('combobox', { name: 'Initiative rule' });
    expect(screen.queryByRole('combobox', { name: 'Add the characteristic' })).toBeNull();
  });

  it("names each player character's bonus in the start dialog", async () => {
    const campaign = makeCampaign({
      characteristics: DEXTERITY,
      initiativeRule: 'd20_plus_carac',
      initiativeModifier: 'd20Modifier',
    });
    fakeCombatServer(api, campaign, party(), ready);
    renderView(campaign, 'Hero');
    const dialog = await openStartDialog();
    const aria = within(dialog).getByRole('textbox', { name: 'Initiative of Aria' });
    const borin = within(dialog).getByRole('textbox', { name: 'Initiative of Borin' });
    expect(aria.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(aria.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Left empty: d20 + Dexterity modifier (+2)',
    );
    expect(document.getElementById(borin.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Left empty: d20 + Dexterity modifier (-1)',
    );
  });

  it('says "d20 + Dexterity" with the value rule', async () => {
    const campaign = makeCampaign({
      characteristics: DEXTERITY,
      initiativeRule: 'd20_plus_carac',
      initiativeModifier: 'value',
    });
    fakeCombatServer(api, campaign, party(), ready);
    renderView(campaign, 'Hero');
    const dialog = await openStartDialog();
    expect(within(dialog).getAllByText('Left empty: d20 + Dexterity')).toHaveLength(2);
  });

  it('speaks French', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await act(() => i18next.changeLanguage('fr'));
    try {
      const campaign = makeCampaign({
        characteristics: [{ name: 'Agilité', max: 20, pinned: false }],
        initiativeRule: 'd20_plus_carac',
        initiativeCaracName: 'Agilité',
        initiativeModifier: 'd20Modifier',
      });
      const units = party().map((item) => ({ ...item, characteristics: { Agilité: 14 } }));
      fakeCombatServer(api, campaign, units, ready);
      renderView(campaign, 'Hero');
      expect(await screen.findByRole('combobox', { name: 'Ajouter la caractéristique' })).toBeTruthy();
      expect(screen.getByRole('option', { name: 'Son modificateur d20' })).toBeTruthy();
      expect(
        screen.getByText(
          "d20 + modificateur d'Agilité · modificateur = (score − 10) ÷ 2, arrondi à l'inférieur",
        ),
      ).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Lancer le combat' }));
      const dialog = await screen.findByRole('dialog', { name: 'Initiative des personnages joueurs' });
      expect(within(dialog).getAllByText("Laissé vide : d20 + modificateur d'Agilité (+2)")).toHaveLength(2);
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});

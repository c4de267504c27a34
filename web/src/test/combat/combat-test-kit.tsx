// Shared by the combat view's component tests: a campaign and a roster, the view rendered with a
// probe of the URL, a fight under way, and a few readers of what the screen shows. The fake server
// is ./fake-combat-server.ts; each test file mocks the API client and live sync itself.
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { EMPTY_COMBAT, type CombatState } from '@questkeeper/core/combat/combat';
import type { Tier } from '@questkeeper/core/tiers';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import CombatView from '@/features/combat/combat-view';

// A fresh id per campaign, so one test's cached fight never shows in the next one.
let campaignCount = 0;
export function makeCampaign(fields: Partial<Campaign> = {}): Campaign {
  campaignCount += 1;
  return createCampaign({
    _id: `c${campaignCount}`,
    characteristics: [{ name: 'Dexterity', max: 100, pinned: false }],
    races: [],
    statuses: [
      { _id: 's1', name: 'Normal', note: '' },
      { _id: 's2', name: 'Stunned', note: '' },
    ],
    initiativeRule: 'caracteristic',
    initiativeCaracName: 'Dexterity',
    ...fields,
  });
}

export const unit = (id: string, name: string, fields: Partial<Unit> = {}) =>
  createUnit({ _id: id, name, characteristics: { Dexterity: 50 }, ...fields });

export const roster = () => [
  unit('a1', 'Aria', { isPlayer: true, characteristics: { Dexterity: 70 } }),
  unit('a2', 'Borin', { isPlayer: true, characteristics: { Dexterity: 40 }, currentHp: 90 }),
  unit('e1', 'Goblin', { characteristics: { Dexterity: 60 }, currentHp: 15 }),
  unit('e2', 'Wolf', { characteristics: { Dexterity: 20 } }),
  unit('x1', 'Fallen', { currentHp: 0 }),
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

export function renderView(campaign: Campaign, tier: Tier = 'Hero') {
  return renderWithProviders(
    <>
      <CombatView campaign={campaign} tier={tier} />
      <Where />
    </>,
    { route: `/en/dashboard?campaign=${campaign._id}&view=combat` },
  );
}

export const isDisabled = (element: HTMLElement) =>
  (element as HTMLButtonElement | HTMLOptionElement | HTMLSelectElement).disabled;
export const valueOf = (element: HTMLElement) => (element as HTMLInputElement | HTMLSelectElement).value;
export const pressed = (element: HTMLElement) => element.getAttribute('aria-pressed');
export const region = (name: string) => screen.getByRole('region', { name });
export const fightOf = (ids: { allies: string[]; enemies: string[] }, fields: Partial<CombatState> = {}) => ({
  ...EMPTY_COMBAT,
  phase: 'fight' as const,
  ...ids,
  order: [...ids.allies, ...ids.enemies].map((unitId, index) => ({ unitId, initiative: 50 - index })),
  ...fields,
});
/** A unit's fight row (the list item of its Target button). */
export function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('button', { name: `Target ${name}` }).closest('li');
  if (!row) throw new Error(`No fight row for ${name}`);
  return row;
}

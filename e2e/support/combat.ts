// Helpers for the combat journeys (docs/decisions/015): a game master with a campaign, units and a fight
// seeded through the API's actions (so a journey starts where it needs to, with a known initiative
// order), and the locators a player of the fight would use.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  gameMaster,
  unitApi,
  type Campaign,
  type Language,
  type NewUnit,
  type Tier,
  type Unit,
} from './game-data';
import type { ApiUser } from './helpers';

export type { Campaign, Language, NewUnit, Unit };
export interface CombatState {
  phase: 'setup' | 'fight';
  allies: string[];
  enemies: string[];
  order: { unitId: string; initiative: number }[];
  turnIndex: number;
  round: number;
  amount: number;
  targetId: string | null;
}

export interface LogEntry {
  type: string;
  round: number;
  input: string | null;
  amount: number | null;
  breakdown: string | null;
  undone: boolean;
  defeated: 'allies' | 'enemies' | null;
}
export interface Fight extends CombatState {
  version: number;
  canUndo: boolean;
  canRedo: boolean;
  conditions: Record<string, { id: string; status: string; rounds: number | null; elapsed: number }[]>;
  /** Temporary HP and death saves by unit (docs/decisions/061). */
  tempHp: Record<string, number>;
  deathSaves: Record<string, { successes: number; failures: number }>;
  log: LogEntry[];
}

/** A signed-in game master of `tier` with one default campaign "Realm of Ash", in the browser and the API. */
export async function combatMaster(
  page: Page,
  request: APIRequestContext,
  { language = 'en', tier = 'Novice' }: { language?: Language; tier?: Tier } = {},
) {
  const { user, campaign } = await gameMaster(page, request, { language, tier });
  return { user, campaign, api: combatApi(request, user, campaign) };
}

export type CombatApi = ReturnType<typeof combatApi>;

/** What another device (or the test) reads and writes of the campaign, its units and its fight. */
export function combatApi(request: APIRequestContext, user: ApiUser, campaign: Campaign) {
  const units = unitApi(request, user, campaign);
  const { headers } = units;
  const auth = { authorization: headers.authorization };
  return {
    createRoster: units.createRoster,
    units: (): Promise<Unit[]> => units.list(),
    unit: (id: string): Promise<Unit | undefined> => units.find(id),
    /** The fight's state as saved (the answer's version, conditions and log left out). */
    async combat(): Promise<CombatState> {
      const fight = await this.fight();
      const { phase, allies, enemies, order, turnIndex, round, amount, targetId } = fight;
      return { phase, allies, enemies, order, turnIndex, round, amount, targetId };
    },
    /** The whole answer of GET /api/combat: state, version, conditions, undo/redo, log. */
    async fight(): Promise<Fight> {
      const response = await request.get('/api/combat', { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as Fight;
    },
    /** One action as another device sends it, with the current version. */
    async act(action: Record<string, unknown> & { type: string }): Promise<Fight> {
      const { version } = await this.fight();
      const response = await request.post('/api/combat/actions', { headers, data: { version, action } });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { combat: Fight }).combat;
    },
    /** The campaign as saved (the list is the only read: PUT /api/game-data/{id} writes it). */
    async campaign(): Promise<Campaign | undefined> {
      const response = await request.get('/api/game-data', { headers: auth });
      expect(response.status()).toBe(200);
      return ((await response.json()) as Campaign[]).find((item) => item._id === campaign._id);
    },
  };
}

/**
 * A fight just started, as a game master would set it up from another device: the units join their
 * groups through actions, then Start takes typed initiatives (players roll their own dice)
 * so the journey knows who plays when — `order` from the highest initiative to the lowest (90, 80,
 * 70…). The first standing unit of `order` plays; the log holds the adds and the start (undoable).
 */
export async function seedFight(
  api: CombatApi,
  { allies, enemies, order }: { allies: Unit[]; enemies: Unit[]; order: Unit[] },
): Promise<CombatState> {
  for (const unit of allies) await api.act({ type: 'add', unitId: unit._id, group: 'allies' });
  for (const unit of enemies) await api.act({ type: 'add', unitId: unit._id, group: 'enemies' });
  const initiatives = Object.fromEntries(order.map((unit, index) => [unit._id, 90 - 10 * index]));
  await api.act({ type: 'start', initiatives });
  return api.combat();
}

/** The saved fight, once the view's last save has landed (saves run behind the screen). */
export function savedCombat(api: CombatApi) {
  return expect.poll(() => api.combat(), { timeout: 10_000 });
}

/** The current HP the server holds for a unit, once the view's save has landed. */
export function savedHp(api: CombatApi, id: string) {
  return expect.poll(async () => (await api.unit(id))?.currentHp, { timeout: 10_000 });
}

export function openCombat(page: Page, language: Language, campaign: Campaign) {
  return page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=combat`);
}

export function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The target buttons of one group (their text is the unit's name), top to bottom. */
export function groupTargets(page: Page, group: string): Locator {
  return region(page, group).locator('button[data-unit-id]');
}

/** The entries of the initiative order list, top to bottom. */
export function orderItems(page: Page, name: string): Locator {
  return page.getByRole('list', { name, exact: true }).getByRole('listitem');
}

/**
 * What each entry of the initiative order reads: its rank, the unit's name (then what only a screen
 * reader hears: its side, and whether it is down or playing), and its initiative at the end.
 */
export function orderEntry(rank: number, name: string, initiative: number): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The drag handle (⋮⋮, decision 031) comes first in the entry's text.
  return new RegExp(`^(?:⋮⋮\\s*)?${rank}\\.\\s*${escaped} \\(.*\\)\\s*${initiative}$`);
}

/**
 * Waits until no fight row is gliding to its new place: a target picked within 250 ms of the last
 * move waits for the glide's end, and the glide lasts that long.
 */
export async function targetMovesSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll('li:has([data-unit-id])')).flatMap((row) =>
            row.getAnimations(),
          ).length,
      ),
    )
    .toBe(0);
}

/** Picks the target as a game master would (a click on its row's button), once the last move is over. */
export async function chooseTarget(page: Page, label: string): Promise<Locator> {
  const button = page.getByRole('button', { name: label, exact: true });
  await targetMovesSettled(page);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  return button;
}

/** The options of a select as [text, disabled] pairs, in order. */
export function optionsOf(select: Locator): Promise<[string | null, boolean][]> {
  return select
    .locator('option')
    .evaluateAll((options) =>
      options.map((option): [string | null, boolean] => [
        option.textContent,
        (option as HTMLOptionElement).disabled,
      ]),
    );
}

/**
 * Start with player characters in the fight opens the dialog for their typed initiatives (decision
 * 031); leaving every field empty rolls them all with the campaign's rule, as before.
 */
export async function rollEveryInitiative(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', {
    name: /^(Initiative of the player characters|Initiative des personnages joueurs)$/,
  });
  await dialog.getByRole('button', { name: /^(Start combat|Lancer le combat)$/ }).click();
  await expect(dialog).toHaveCount(0);
}

/** A unit's counter as the server holds it (docs/decisions/062). */
export interface Counter {
  _id: string;
  label: string;
  max: number;
  kind: 'uses' | 'countdown';
  reset: 'turnStart' | 'turnEnd' | 'roundStart' | 'never';
  recharge: { die: number; min: number } | null;
}
/** The monsters' part of GET /api/combat (docs/decisions/062): order entries of units or hazards. */
export interface MonsterFight extends Omit<Fight, 'order'> {
  order: { unitId?: string; hazardId?: string; groupId?: string; initiative: number }[];
  counters: Record<string, Record<string, number>>;
  hazards: { id: string; name: string; initiative: number; hidden: boolean }[];
  rerollEachRound: boolean;
}

/** The fight with its counters, lair actions and groups, as saved. */
export async function monsterFight(api: CombatApi): Promise<MonsterFight> {
  return (await api.fight()) as unknown as MonsterFight;
}

/** `count` numbered copies of a unit ("Goblin 2"…), as the copies dialog makes them, answered in order. */
export async function copyUnit(
  request: APIRequestContext,
  user: ApiUser,
  campaign: Campaign,
  unitId: string,
  count: number,
): Promise<Unit[]> {
  const response = await request.post(`/api/units/${unitId}/copies`, {
    headers: { authorization: `Bearer ${user.token}`, 'x-campaign-id': campaign._id },
    data: { count },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { units: Unit[] }).units;
}

/** The player view's link of the campaign's fight (as the share panel makes it): its path and token. */
export async function sharePlayerView(
  request: APIRequestContext,
  user: ApiUser,
  campaign: Campaign,
): Promise<{ path: string; token: string }> {
  const response = await request.post('/api/combat/share', {
    headers: { authorization: `Bearer ${user.token}`, 'x-campaign-id': campaign._id },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const path = new URL(url).pathname;
  return { path, token: path.split('/').pop() ?? '' };
}

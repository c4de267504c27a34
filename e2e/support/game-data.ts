// A game master's data set up through the API, as the journeys need it before the browser takes over:
// a signed-in account of a tier with one default campaign, more campaigns, and units. One copy for
// every spec (the units, unit form, lists, profile, combat and demo billing journeys).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, seedSession, upgradeViaDemo, type ApiUser } from './helpers';

export type Language = 'en' | 'fr';
export type Tier = ApiUser['tier'];

interface Named {
  _id: string;
  name: string;
  note: string;
}
/** A campaign as GET /api/game-data answers it (the fields the journeys read). */
export interface Campaign {
  _id: string;
  name: string;
  rules: string;
  characteristics: (Named & { max: number })[];
  races: Named[];
  classes: (Named & { color: string })[];
  statuses: Named[];
  initiativeRule: string;
  initiativeCaracName: string;
}
export interface Unit {
  _id: string;
  name: string;
  gender: string;
  isPlayer: boolean;
  race: string;
  class: string;
  status: string;
  characteristics: Record<string, number>;
  hp: number;
  currentHp: number;
  money: { gold: number; silver: number; bronze: number };
  notes: string;
}
export type NewUnit = Partial<Omit<Unit, '_id'>> & { name: string };

export const bearer = (user: ApiUser) => ({ authorization: `Bearer ${user.token}` });

/** A campaign with the default values, created through the API. */
export async function createCampaign(
  request: APIRequestContext,
  user: ApiUser,
  name = 'Realm of Ash',
): Promise<Campaign> {
  const response = await request.post('/api/game-data', {
    headers: bearer(user),
    data: { name, template: 'default' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Campaign;
}

/**
 * A signed-in game master of `tier` (reached through the demo checkout, as a user would) with one
 * default campaign "Realm of Ash", in the browser and through the API.
 */
export async function gameMaster(
  page: Page,
  request: APIRequestContext,
  { language = 'en', tier = 'Novice' }: { language?: Language; tier?: Tier } = {},
): Promise<{ user: ApiUser; campaign: Campaign }> {
  const registered = await registerViaApi(request, { language });
  if (tier !== 'Novice') await upgradeViaDemo(request, registered, tier);
  const user: ApiUser = { ...registered, tier };
  const campaign = await createCampaign(request, user);
  await seedSession(page, user);
  return { user, campaign };
}

/** The units of one campaign as the server holds them; new units take the campaign's first race, class and status. */
export function unitApi(request: APIRequestContext, user: ApiUser, campaign: Campaign) {
  const headers = { ...bearer(user), 'x-campaign-id': campaign._id };
  async function create(unit: NewUnit): Promise<Unit> {
    const response = await request.post('/api/units', {
      headers,
      data: {
        race: campaign.races[0]!.name,
        class: campaign.classes[0]!.name,
        status: campaign.statuses[0]!.name,
        ...unit,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Unit;
  }
  async function list(): Promise<Unit[]> {
    const response = await request.get('/api/units', { headers });
    expect(response.status()).toBe(200);
    return (await response.json()) as Unit[];
  }
  return {
    headers,
    create,
    /**
     * A journey's roster of units, created one after the other so the views list them in this order;
     * answers the created units in the same order.
     */
    async createRoster<const T extends readonly NewUnit[]>(
      roster: T,
    ): Promise<{ -readonly [K in keyof T]: Unit }> {
      const created: Unit[] = [];
      for (const unit of roster) created.push(await create(unit));
      return created as { -readonly [K in keyof T]: Unit };
    },
    list,
    /** A save from another tab or device: only the fields given, no version (last write wins). */
    async update(id: string, fields: Partial<NewUnit>): Promise<Unit> {
      const response = await request.put(`/api/units/${id}`, { headers, data: fields });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as Unit;
    },
    async find(id: string): Promise<Unit | undefined> {
      return (await list()).find((unit) => unit._id === id);
    },
  };
}

/** `count` units named `${prefix} 1`, `${prefix} 2`…, for a roster that fills a list or a limit. */
export function numberedUnits(
  prefix: string,
  count: number,
  fields: (n: number) => Partial<NewUnit> = () => ({}),
): NewUnit[] {
  return Array.from({ length: count }, (_, i) => ({ ...fields(i + 1), name: `${prefix} ${i + 1}` }));
}

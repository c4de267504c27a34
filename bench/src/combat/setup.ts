// The fight the combat benchmark plays, made through the API as a user would: register, reach Hero
// through the demo checkout (the same two requests as upgradeViaDemo in e2e/support/helpers.ts),
// create a campaign, create the units, then a combat in setup with both groups, so the page opens on
// a ready setup.
//
// A Hero campaign holds at most 200 units (core/src/tiers.ts), and docs/decisions/015 asks for 200 allies AND
// 200 enemies: the units past that limit cannot be created through the API. They are written
// straight into the database (the server stopped, on the data folder the benchmark owns), as copies
// of a unit the API made, so every unit has the shape the API gives. The combat API then accepts
// them: they are units of the campaign. The setup itself is written there too (the combat row at
// version 1, no log): 400 add actions would leave 400 log entries in every answer the bench times,
// and there is no whole-state call any more (decision 021).
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import { openDatabase, type DatabaseOptions } from '../../../server/src/db/client';
import { and, eq, inArray } from 'drizzle-orm';
import { campaigns, combats, units } from '../../../server/src/db/schema';
import { limitsOf } from '@questkeeper/core/tiers';
import type { CombatActionResponse, CombatResponse, CombatState } from '@questkeeper/core/schemas/combat';
import { call, type HeroAccount } from '../shared/api';

export const HERO_UNIT_LIMIT = limitsOf('Hero').unitsPerCampaign;
/** The attacked enemy's HP: the most a unit may have, so 100 blows of 1 never fell it. */
export const TARGET_HP = 9999;

export interface Campaign {
  _id: string;
  name: string;
  initiativeRule: string;
  initiativeCaracName: string;
  races: { name: string }[];
  classes: { name: string }[];
  statuses: { name: string }[];
  characteristics: { name: string }[];
}

interface ApiUnit {
  _id: string;
  name: string;
  gender: 'Male' | 'Female' | 'Other';
  isPlayer: boolean;
  race: string;
  class: string;
  status: string;
  characteristics: Record<string, number>;
  hp: number;
  currentHp: number;
}

/** One unit to create: allies first, then enemies; the target is the last enemy. */
interface UnitPlan {
  name: string;
  side: 'ally' | 'enemy';
  isPlayer: boolean;
  gender: 'Male' | 'Female' | 'Other';
  race: string;
  class: string;
  hp: number;
}

export interface Fight {
  campaign: Campaign;
  allies: string[];
  enemies: string[];
  /** The last enemy: attacking it never moves it (it is already at the end of its group). */
  targetId: string;
  /** Unit names in creation order, for the floor's list. */
  names: string[];
  viaApi: number;
  viaDatabase: number;
  /** What the fight carries beyond HP (issue #37: the new fight features keep the targets). */
  features: { counters: number; pinned: string[]; portraits: number; grouping: 'byName' };
}

/**
 * The fight features of decisions 061, 062 and 064 on every row: two counters on every unit (legendary
 * actions reset at turn start, a recharge), the campaign's first two characteristics pinned, a
 * portrait on the units first in sight of each group and on the target, and the start grouping the
 * enemies named alike ("Aria the Grim 1", "Aria the Grim 21": 20 groups of 10 in the order).
 */
const COUNTERS: UnitCounter[] = [
  { _id: randomUUID(), label: 'Legendary', max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
  { _id: randomUUID(), label: 'Breath', max: 1, kind: 'uses', reset: 'never', recharge: { die: 6, min: 5 } },
];
const PINNED = 2;
/** Portraits on the first units of each side (those in sight) and on the target. */
const PORTRAITS_PER_SIDE = 12;

const FIRST_NAMES = [
  'Aria',
  'Borin',
  'Cassia',
  'Dorn',
  'Elowen',
  'Fenris',
  'Galen',
  'Hilda',
  'Ivo',
  'Jora',
  'Kael',
  'Lysa',
  'Morrow',
  'Nim',
  'Orla',
  'Perrin',
  'Quill',
  'Rhea',
  'Soren',
  'Tamsin',
];
const GENDERS = ['Male', 'Female', 'Other'] as const;

function plan(perSide: number, campaign: Campaign): UnitPlan[] {
  const pick = <T>(list: readonly T[], i: number, fallback: T): T => list[i % list.length] ?? fallback;
  const races = campaign.races.map((r) => r.name);
  const classes = campaign.classes.map((c) => c.name);
  const units: UnitPlan[] = [];
  for (const side of ['ally', 'enemy'] as const) {
    for (let i = 0; i < perSide; i++) {
      const first = pick(FIRST_NAMES, i, 'Unit');
      units.push({
        // Distinct names (the fight screen shows them; the setup's filter searches them).
        name: `${first} ${side === 'ally' ? 'of the Vale' : 'the Grim'} ${i + 1}`,
        side,
        isPlayer: side === 'ally',
        gender: pick(GENDERS, i, 'Male'),
        race: pick(races, i, 'Human'),
        class: pick(classes, i * 3 + (side === 'ally' ? 0 : 1), 'Warrior'),
        hp: side === 'enemy' && i === perSide - 1 ? TARGET_HP : 60 + ((i * 37) % 140),
      });
    }
  }
  return units;
}

/** Runs `task` over `items`, `width` at a time (the server takes a lock per campaign anyway). */
async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++];
        if (item !== undefined) await task(item);
      }
    }),
  );
}

/**
 * Seeds the account's campaign with `perSide` allies and `perSide` enemies: as many as a Hero may
 * create through POST /api/units, the rest (if any) through `addToDatabase`, which must stop the
 * server, run the insert it is given against the data folder, and start the server again (returning
 * its new origin).
 */
export async function seedFight(
  origin: string,
  account: HeroAccount,
  perSide: number,
  addToDatabase: (insert: (database: DatabaseOptions) => Promise<void>) => Promise<string>,
): Promise<{ origin: string; fight: Fight }> {
  const { token } = account;
  const campaign = await call<Campaign>(origin, 'POST', '/api/game-data', {
    token,
    json: { name: 'The Siege of Karst', template: 'default' },
    expect: 201,
  });
  const plans = plan(perSide, campaign);
  const viaApi = plans.slice(0, HERO_UNIT_LIMIT);
  const rest = plans.slice(HERO_UNIT_LIMIT);
  await inParallel(viaApi, 4, async (unit) => {
    await call<ApiUnit>(origin, 'POST', '/api/units', {
      token,
      campaignId: campaign._id,
      json: {
        name: unit.name,
        gender: unit.gender,
        isPlayer: unit.isPlayer,
        race: unit.race,
        class: unit.class,
        hp: unit.hp,
        notes: `${unit.side === 'ally' ? 'Sworn to the Vale' : 'Marches under the grey banner'}.`,
      },
      expect: 201,
    });
  });
  const [model] = await call<ApiUnit[]>(origin, 'GET', '/api/units', {
    token,
    campaignId: campaign._id,
    expect: 200,
  });
  if (!model) throw new Error('GET /api/units listed none of the units just created');
  origin = await addToDatabase(async (options) => {
    const database = await openDatabase(options);
    try {
      if (rest.length) {
        await database.db.insert(units).values(
          rest.map((unit) => ({
            userId: account.userId,
            campaignId: campaign._id,
            name: unit.name,
            gender: unit.gender,
            isPlayer: unit.isPlayer,
            race: unit.race,
            class: unit.class,
            status: model.status,
            characteristics: model.characteristics,
            hp: unit.hp,
            currentHp: unit.hp,
            notes: `${unit.side === 'ally' ? 'Sworn to the Vale' : 'Marches under the grey banner'}.`,
          })),
        );
      }
      await database.db.update(units).set({ counters: COUNTERS }).where(eq(units.campaignId, campaign._id));
      const [row] = await database.db
        .select({ characteristics: campaigns.characteristics })
        .from(campaigns)
        .where(eq(campaigns.id, campaign._id));
      await database.db
        .update(campaigns)
        .set({
          characteristics: (row?.characteristics ?? []).map((item, index) => ({
            ...item,
            pinned: index < PINNED,
          })),
        })
        .where(eq(campaigns.id, campaign._id));
      const rows = await database.db
        .select({ id: units.id, name: units.name })
        .from(units)
        .where(
          and(
            eq(units.campaignId, campaign._id),
            inArray(
              units.name,
              plans.map((unit) => unit.name),
            ),
          ),
        );
      const idByName = new Map(rows.map((row) => [row.name, row.id] as const));
      const side = (which: UnitPlan['side']) =>
        plans.filter((unit) => unit.side === which).map((unit) => idByName.get(unit.name) ?? '');
      await database.db
        .insert(combats)
        .values({ campaignId: campaign._id, state: setupState(side('ally'), side('enemy')), version: 1 });
    } finally {
      await database.close();
    }
  });

  const listed = await call<ApiUnit[]>(origin, 'GET', '/api/units', {
    token,
    campaignId: campaign._id,
    expect: 200,
  });
  const idOf = new Map(listed.map((unit) => [unit.name, unit._id] as const));
  const ids = (side: UnitPlan['side']) =>
    plans
      .filter((unit) => unit.side === side)
      .map((unit) => {
        const id = idOf.get(unit.name);
        if (!id) throw new Error(`GET /api/units does not list ${unit.name}`);
        return id;
      });
  const allies = ids('ally');
  const enemies = ids('enemy');
  const targetId = enemies[enemies.length - 1];
  if (!targetId) throw new Error('no enemy to attack');
  const portraits = [
    ...allies.slice(0, PORTRAITS_PER_SIDE),
    ...enemies.slice(0, PORTRAITS_PER_SIDE),
    targetId,
  ];
  const png = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 120, g: 60, b: 30 } },
  })
    .png()
    .toBuffer();
  await inParallel(portraits, 4, async (id) => {
    const answer = await fetch(`${origin}/api/units/${id}/portrait`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'x-campaign-id': campaign._id,
        'content-type': 'image/png',
      },
      body: png,
    });
    if (answer.status !== 200)
      throw new Error(`portrait upload answered ${answer.status}: ${await answer.text()}`);
  });
  const pinned = campaign.characteristics.slice(0, PINNED).map((item) => item.name);
  return {
    origin,
    fight: {
      campaign,
      allies,
      enemies,
      targetId,
      names: plans.map((unit) => unit.name),
      viaApi: viaApi.length,
      viaDatabase: rest.length,
      features: { counters: COUNTERS.length, pinned, portraits: portraits.length, grouping: 'byName' },
    },
  };
}

/** A setup with both groups, as End combat leaves it but with the groups kept (amount 1). */
function setupState(allies: string[], enemies: string[]): CombatState {
  return { ...EMPTY_COMBAT, allies, enemies, amount: 1, grouping: 'byName' };
}

/** The fight as the server has it now. */
export function readCombat(origin: string, token: string, campaignId: string): Promise<CombatResponse> {
  return call<CombatResponse>(origin, 'GET', '/api/combat', { token, campaignId, expect: 200 });
}

/** Undoes the last step (a start puts the fight back in setup with both groups, its log undone). */
export async function undoLastStep(origin: string, token: string, campaignId: string): Promise<void> {
  const { version } = await readCombat(origin, token, campaignId);
  await call<CombatActionResponse>(origin, 'POST', '/api/combat/undo', {
    token,
    campaignId,
    json: { version },
    expect: 200,
  });
}

/** The target's current HP on the server: the check that the blows were saved. */
export async function unitHp(origin: string, token: string, campaignId: string, id: string) {
  const list = await call<ApiUnit[]>(origin, 'GET', '/api/units', { token, campaignId, expect: 200 });
  const unit = list.find((u) => u._id === id);
  return unit ? { currentHp: unit.currentHp, hp: unit.hp } : null;
}

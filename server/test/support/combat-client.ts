// Helpers for the combat API tests: a user with a campaign and units, and one call per route.
import type { LightMyRequestResponse } from 'fastify';
import type { Tier } from '@questkeeper/core/tiers';
import type { CombatAction, CombatActionResponse, CombatResponse } from '@questkeeper/core/schemas/combat';
import type { Unit, UnitCounter } from '@questkeeper/core/schemas/units';
import { units } from '../../src/db/schema';
import { bearer, registerUser, type TestContext } from './harness';
import { insertCampaign } from './unit-fixtures';
import type { CampaignData } from '@questkeeper/core/campaigns/default-campaign';

export interface Table {
  token: string;
  userId: string;
  campaignId: string;
  /** Unit ids in creation order: U0, U1, … */
  ids: string[];
}

/** A user (Novice unless told) with a campaign holding `n` units named U0… with `hp` each. */
export async function setTable(
  ctx: TestContext,
  options: {
    n?: number;
    hp?: number;
    tier?: Tier;
    language?: 'en' | 'fr';
    campaign?: Partial<CampaignData>;
    characteristics?: Record<string, number>;
    /** Each unit's counters (docs/decisions/062), by its index. */
    counters?: (index: number) => UnitCounter[];
  } = {},
): Promise<Table> {
  const user = await registerUser(ctx.app, { tier: options.tier, language: options.language });
  const campaignId = await insertCampaign(ctx.app, user._id, options.campaign);
  const n = options.n ?? 4;
  const ids: string[] = [];
  if (n > 0) {
    const rows = await ctx.app.database.db
      .insert(units)
      .values(
        Array.from({ length: n }, (_, i) => ({
          userId: user._id,
          campaignId,
          name: `U${i}`,
          gender: 'Male' as const,
          isPlayer: i % 2 === 0,
          race: 'Human',
          class: 'Warrior',
          status: 'Normal',
          characteristics: options.characteristics ?? {},
          hp: options.hp ?? 30,
          currentHp: options.hp ?? 30,
          counters: options.counters?.(i) ?? [],
        })),
      )
      .returning({ id: units.id });
    ids.push(...rows.map((row) => row.id));
  }
  return { token: user.token, userId: user._id, campaignId, ids };
}

export function combatClient(ctx: TestContext, table: Pick<Table, 'token' | 'campaignId'>) {
  const headers = bearer(table.token, table.campaignId);
  const post = (url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
  return {
    get: async (): Promise<CombatResponse> =>
      (await ctx.app.inject({ method: 'GET', url: '/api/combat', headers })).json(),
    /** The raw answer of an action. */
    send: (version: number, action: CombatAction | Record<string, unknown>) =>
      post('/api/combat/actions', { version, action }),
    undoAt: (version: number) => post('/api/combat/undo', { version }),
    redoAt: (version: number) => post('/api/combat/redo', { version }),
    units: async (): Promise<Unit[]> =>
      (await ctx.app.inject({ method: 'GET', url: '/api/units', headers })).json(),
  };
}

/** Parses a 200 answer of an action, undo or redo, failing loudly on anything else. */
export function applied(response: LightMyRequestResponse): CombatActionResponse {
  if (response.statusCode !== 200)
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** Acts at the current version, expecting success. */
export async function play(client: ReturnType<typeof combatClient>, ...actions: CombatAction[]) {
  let last: CombatActionResponse | undefined;
  for (const action of actions) {
    const { version } = last?.combat ?? (await client.get());
    last = applied(await client.send(version, action));
  }
  return last!;
}

/** The four `add` actions most tests start from: a and b allies, c and d enemies. */
export function twoAgainstTwo(a: string, b: string, c: string, d: string): CombatAction[] {
  return [
    { type: 'add', unitId: a, group: 'allies' },
    { type: 'add', unitId: b, group: 'allies' },
    { type: 'add', unitId: c, group: 'enemies' },
    { type: 'add', unitId: d, group: 'enemies' },
  ];
}

/**
 * A table of five units (U0…U4) with a fight started on typed initiatives: `sides` gives each
 * joining unit's index, group and initiative; the others stay out. Ids by letter: a = U0 … e = U4.
 */
export async function startedFight(
  ctx: TestContext,
  sides: readonly { index: number; group: 'allies' | 'enemies'; initiative: number }[],
  language: 'en' | 'fr' = 'en',
) {
  const table = await setTable(ctx, { n: 5, language });
  const client = combatClient(ctx, table);
  const [a = '', b = '', c = '', d = '', e = ''] = table.ids;
  const idOf = (index: number) => table.ids[index] ?? '';
  await play(
    client,
    ...sides.map(({ index, group }) => ({ type: 'add' as const, unitId: idOf(index), group })),
  );
  const initiatives = Object.fromEntries(sides.map(({ index, initiative }) => [idOf(index), initiative]));
  const started = await play(client, { type: 'start', initiatives });
  return { table, client, ids: { a, b, c, d, e }, started };
}

/** Two units in a setup fight (U0 ally, U1 enemy), and the service to act on it without HTTP. */
export async function setupPair(ctx: TestContext) {
  const table = await setTable(ctx, { n: 2 });
  const client = combatClient(ctx, table);
  const [a = '', b = ''] = table.ids;
  await play(
    client,
    { type: 'add', unitId: a, group: 'allies' },
    { type: 'add', unitId: b, group: 'enemies' },
  );
  const user = { id: table.userId, tier: 'Novice' as const };
  return { table, client, user, combat: ctx.app.services.combat, a, b };
}

/**
 * `count` status changes of `unitId` through the service (fast enough for hundreds of steps),
 * cycling through `statuses`, from `version`; returns the fight's version after them.
 */
export async function statusChanges(
  pair: Awaited<ReturnType<typeof setupPair>>,
  count: number,
  statuses: readonly string[],
  version: number,
): Promise<number> {
  for (let i = 0; i < count; i++) {
    const action: CombatAction = {
      type: 'setStatus',
      unitId: pair.a,
      status: statuses[i % statuses.length]!,
    };
    version = (await pair.combat.act(pair.user, pair.table.campaignId, { version, action })).combat.version;
  }
  return version;
}

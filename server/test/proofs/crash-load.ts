// The write load of the crash proof and its ledger: simulated game masters
// register, sign in, create their campaign, create and update units, save rules and act in the
// fight, through the HTTP API, while the server may be killed at any moment. Every write answered
// 2xx goes into the ledger; a write whose answer never came (the process died) is "pending": it may
// or may not have happened. After a restart, `verify` reads everything back through the API and
// counts what an acknowledged write left missing or rolled back.
//
// Each simulated user has at most one request in flight, so a pending write is the last one of its
// user, and "acknowledged or that pending value" is exactly what a durable server may show.

/** A small seeded generator (mulberry32): the same seed gives the same load and kill moments. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const WRITE_KINDS = [
  'register',
  'login',
  'campaign',
  'unit',
  'unitUpdate',
  'rules',
  'combat',
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

interface UnitRecord {
  name: string;
  hp: number;
}

type Pending =
  | { kind: 'register' }
  | { kind: 'login' }
  | { kind: 'campaign'; name: string }
  | { kind: 'unit'; name: string; hp: number }
  | { kind: 'unitUpdate'; id: string; hp: number }
  | { kind: 'rules'; rules: string }
  | { kind: 'combat' };

interface Actor {
  /** The worker loop that drives this user (one request in flight per user). */
  worker: number;
  email: string;
  password: string;
  registered: boolean;
  tokens: string[];
  campaign: { id: string; name: string; race: string; className: string } | null;
  /** The last acknowledged rules, or null when none was saved. */
  rules: string | null;
  units: Map<string, UnitRecord>;
  unitCounter: number;
  combatVersion: number;
  allies: Set<string>;
  pending: Pending | null;
}

export interface Ledger {
  actors: Actor[];
  acknowledged: Record<WriteKind, number>;
  /** Answers that are neither 2xx nor a dropped connection: any is a failure of the proof. */
  unexpected: string[];
  /** Requests cut by the kill (their write may or may not have happened). */
  cut: number;
}

export const newLedger = (): Ledger => ({
  actors: [],
  acknowledged: Object.fromEntries(WRITE_KINDS.map((kind) => [kind, 0])) as Record<WriteKind, number>,
  unexpected: [],
  cut: 0,
});

export const PASSWORD = 'Str0ng!pass';
const TIMEOUT_MS = 15_000;

class Cut extends Error {}

interface Answer {
  status: number;
  json: unknown;
}

async function send(
  base: string,
  method: string,
  url: string,
  options: { token?: string | undefined; campaign?: string | undefined; body?: unknown } = {},
): Promise<Answer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(base + url, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.campaign ? { 'x-campaign-id': options.campaign } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        'accept-language': 'en',
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    throw new Cut(error instanceof Error ? error.message : String(error));
  }
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

const ok = (status: number) => status >= 200 && status < 300;

/** A read of the verification: anything but 200 is a failure of the server, not a lost write. */
async function read<T>(base: string, url: string, token: string, campaign?: string): Promise<T> {
  const answer = await send(base, 'GET', url, { token, campaign });
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status} after a restart`);
  return answer.json as T;
}
type Json = Record<string, unknown>;

/**
 * Runs `workers` users' loops against `base` until `stop()` turns true or the server stops
 * answering. Resolves when every loop has ended.
 */
export async function runLoad(options: {
  base: string;
  ledger: Ledger;
  random: () => number;
  workers: number;
  stopped: () => boolean;
  /** Prefix of new accounts' emails, unique per run. */
  tag: string;
}): Promise<void> {
  const { base, ledger, random } = options;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  const ack = (kind: WriteKind): void => {
    ledger.acknowledged[kind] += 1;
  };
  const refuse = (what: string, answer: Answer): void => {
    ledger.unexpected.push(`${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  };

  async function step(worker: number): Promise<void> {
    const ready = ledger.actors.filter(
      (actor) => actor.worker === worker && actor.registered && actor.tokens.length > 0,
    );
    if (ready.length === 0 || random() < 0.03) {
      const actor: Actor = {
        worker,
        email: `${options.tag}-${ledger.actors.length}-${Math.floor(random() * 1e9)}@example.test`,
        password: PASSWORD,
        registered: false,
        tokens: [],
        campaign: null,
        rules: null,
        units: new Map(),
        unitCounter: 0,
        combatVersion: 0,
        allies: new Set(),
        pending: { kind: 'register' },
      };
      ledger.actors.push(actor);
      const answer = await send(base, 'POST', '/api/auth/register', {
        body: { email: actor.email, password: actor.password },
      });
      actor.pending = null;
      if (!ok(answer.status)) return refuse('register', answer);
      actor.registered = true;
      actor.tokens.push((answer.json as Json).token as string);
      return ack('register');
    }
    const actor = pick(ready);
    const token = actor.tokens.at(-1)!;
    if (!actor.campaign) {
      const name = `Crash ${Math.floor(random() * 1e6)}`;
      actor.pending = { kind: 'campaign', name };
      const answer = await send(base, 'POST', '/api/game-data', { token, body: { name } });
      actor.pending = null;
      if (!ok(answer.status)) return refuse('campaign', answer);
      actor.campaign = campaignOf(answer.json as Json, name);
      return ack('campaign');
    }
    const campaign = actor.campaign.id;
    const choices: WriteKind[] = ['login', 'rules', 'rules', 'rules'];
    if (actor.units.size < 10) choices.push('unit', 'unit', 'unit');
    if (actor.units.size > 0) choices.push('unitUpdate', 'unitUpdate', 'unitUpdate', 'combat', 'combat');
    const kind = pick(choices);
    switch (kind) {
      case 'login': {
        actor.pending = { kind: 'login' };
        const answer = await send(base, 'POST', '/api/auth/login', {
          body: { email: actor.email, password: actor.password },
        });
        actor.pending = null;
        if (!ok(answer.status)) return refuse('login', answer);
        actor.tokens.push((answer.json as Json).token as string);
        return ack('login');
      }
      case 'rules': {
        const rules = `Rules ${Math.floor(random() * 1e9)} `.repeat(1 + Math.floor(random() * 40));
        actor.pending = { kind: 'rules', rules };
        const answer = await send(base, 'PUT', `/api/game-data/${campaign}`, { token, body: { rules } });
        actor.pending = null;
        if (!ok(answer.status)) return refuse('rules', answer);
        actor.rules = rules;
        return ack('rules');
      }
      case 'unit': {
        actor.unitCounter += 1;
        const name = `Unit ${actor.unitCounter}`;
        const hp = 1 + Math.floor(random() * 500);
        actor.pending = { kind: 'unit', name, hp };
        const answer = await send(base, 'POST', '/api/units', {
          token,
          campaign,
          body: { name, race: actor.campaign.race, class: actor.campaign.className, hp },
        });
        actor.pending = null;
        if (!ok(answer.status)) return refuse('unit', answer);
        actor.units.set((answer.json as Json)._id as string, { name, hp });
        return ack('unit');
      }
      case 'unitUpdate': {
        const id = pick([...actor.units.keys()]);
        const hp = 1 + Math.floor(random() * 500);
        actor.pending = { kind: 'unitUpdate', id, hp };
        const answer = await send(base, 'PUT', `/api/units/${id}`, { token, campaign, body: { hp } });
        actor.pending = null;
        if (!ok(answer.status)) return refuse('unitUpdate', answer);
        actor.units.get(id)!.hp = hp;
        return ack('unitUpdate');
      }
      case 'combat': {
        const unitId = pick([...actor.units.keys()]);
        const action = actor.allies.has(unitId)
          ? { type: 'remove', unitId }
          : { type: 'add', unitId, group: 'allies' };
        actor.pending = { kind: 'combat' };
        const answer = await send(base, 'POST', '/api/combat/actions', {
          token,
          campaign,
          body: { version: actor.combatVersion, action },
        });
        actor.pending = null;
        if (!ok(answer.status)) return refuse('combat', answer);
        const combat = (answer.json as Json).combat as { version: number; allies: string[] };
        actor.combatVersion = combat.version;
        actor.allies = new Set(combat.allies);
        return ack('combat');
      }
      default:
        return;
    }
  }

  const loop = async (worker: number) => {
    while (!options.stopped()) {
      try {
        await step(worker);
      } catch (error) {
        if (!(error instanceof Cut)) throw error;
        ledger.cut += 1;
        return; // The server is gone: this user's pending write stays pending.
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, worker) => loop(worker)));
}

/** A new campaign is seeded with default races and classes: units take the first of each. */
const campaignOf = (campaign: Json, name: string) => ({
  id: campaign._id as string,
  name,
  race: (campaign.races as { name: string }[])[0]!.name,
  className: (campaign.classes as { name: string }[])[0]!.name,
});

export interface Loss {
  kind: WriteKind;
  what: string;
}

/**
 * Reads every user's data back through the API (the server just restarted) and answers each
 * acknowledged write that is missing or rolled back. Pending writes that did happen are adopted, so
 * the next round builds on what the server has; those that did not are forgotten.
 */
export async function verify(base: string, ledger: Ledger): Promise<Loss[]> {
  const losses: Loss[] = [];
  const lose = (kind: WriteKind, what: string) => losses.push({ kind, what });
  const check = async (actor: Actor): Promise<boolean> => {
    const pending = actor.pending;
    actor.pending = null;
    const login = await send(base, 'POST', '/api/auth/login', {
      body: { email: actor.email, password: actor.password },
    });
    if (login.status !== 200) {
      if (actor.registered) lose('register', `${actor.email}: sign-in answers ${login.status}`);
      return false; // A registration that never happened: not a user.
    }
    actor.registered = true;
    const fresh = (login.json as Json).token as string;
    for (const token of actor.tokens) {
      const answer = await send(base, 'GET', '/api/game-data/campaigns/limit', { token });
      if (answer.status !== 200)
        lose('login', `${actor.email}: an acknowledged session answers ${answer.status}`);
    }
    actor.tokens.push(fresh);
    const campaigns = await read<Json[]>(base, '/api/game-data', fresh);

    if (actor.campaign) {
      const found = campaigns.find((campaign) => campaign._id === actor.campaign!.id);
      if (!found || found.name !== actor.campaign.name) {
        lose('campaign', `${actor.email}: campaign ${actor.campaign.id} ${found ? 'renamed' : 'missing'}`);
        actor.campaign = null;
        return true;
      }
    } else if (pending?.kind === 'campaign') {
      const found = campaigns.find((campaign) => campaign.name === pending.name);
      if (found) actor.campaign = campaignOf(found, pending.name);
    }
    if (!actor.campaign) return true;
    const rules = campaigns.find((item) => item._id === actor.campaign!.id)!.rules as string;
    // Never saved: whatever the campaign holds (its default, or the pending save) is right.
    if (
      actor.rules !== null &&
      rules !== actor.rules &&
      !(pending?.kind === 'rules' && rules === pending.rules)
    ) {
      lose('rules', `${actor.email}: rules are not the last saved ones`);
    }
    actor.rules = rules;

    const units = await read<Json[]>(base, '/api/units', fresh, actor.campaign.id);
    for (const [id, record] of actor.units) {
      const found = units.find((unit) => unit._id === id);
      if (!found) {
        lose('unit', `${actor.email}: unit ${record.name} missing`);
        actor.units.delete(id);
        continue;
      }
      const allowed = [record.hp, pending?.kind === 'unitUpdate' && pending.id === id ? pending.hp : -1];
      if (!allowed.includes(found.hp as number)) {
        lose('unitUpdate', `${actor.email}: unit ${record.name} hp ${String(found.hp)}, saved ${record.hp}`);
      }
      record.hp = found.hp as number;
    }
    if (pending?.kind === 'unit') {
      const found = units.find((unit) => unit.name === pending.name);
      if (found) actor.units.set(found._id as string, { name: pending.name, hp: found.hp as number });
    }

    const combat = await read<{ version: number; allies: string[] }>(
      base,
      '/api/combat',
      fresh,
      actor.campaign.id,
    );
    const allowedVersions = [actor.combatVersion, pending?.kind === 'combat' ? actor.combatVersion + 1 : -1];
    if (!allowedVersions.includes(combat.version)) {
      lose(
        'combat',
        `${actor.email}: fight at version ${combat.version}, acknowledged ${actor.combatVersion}`,
      );
    }
    actor.combatVersion = combat.version;
    actor.allies = new Set(combat.allies);
    return true;
  };
  // Four users at a time: sign-ins hash passwords, which is most of the time spent here.
  const kept = new Map<Actor, boolean>();
  const queue = [...ledger.actors];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let actor = queue.shift(); actor; actor = queue.shift()) kept.set(actor, await check(actor));
    }),
  );
  const survivors = ledger.actors.filter((actor) => kept.get(actor));
  ledger.actors = survivors;
  return losses;
}

export const totalAcknowledged = (ledger: Ledger) =>
  Object.values(ledger.acknowledged).reduce((sum, count) => sum + count, 0);

// The world the proof suites attack: two paying users, an owner and an intruder, each
// with what the app lets a user own — a subscription bought through the demo checkout, a campaign
// with custom lists and rules, units, a fight with an undone step, a contact message — all made
// through the API, every text tagged so a leak is recognizable.
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app';
import { bearer, registerUser } from './harness';
import { ADDRESS, UUID } from './payment-steps';

export interface Party {
  label: string;
  /** In every text the party wrote (names, notes, rules, email), so a leak is recognizable. */
  tag: string;
  id: string;
  email: string;
  password: string;
  token: string;
  campaignId: string;
  /** A unit in the fight (allies). */
  fighterId: string;
  /** A unit out of the fight: its `add` was undone, so an action can add it and redo can bring it back. */
  benchId: string;
  /** A saved encounter naming both units (docs/decisions/062). */
  encounterId: string;
  combatVersion: number;
  /** The campaign's export file (GET …/export), the valid body of an import. */
  exported: unknown;
  /** A race and a class of the party's campaign (unit bodies must name them). */
  race: string;
  className: string;
}

export interface World {
  owner: Party;
  intruder: Party;
}

async function expectJson<T>(app: App, options: InjectOptions, status: number): Promise<T> {
  const response = await app.inject(options);
  if (response.statusCode !== status) {
    throw new Error(
      `world setup: ${options.method} ${options.url} answered ${response.statusCode} ${response.body}`,
    );
  }
  return response.json<T>();
}

/** Opens a demo checkout (for Hero: a party is Adventurer) or portal session; its id is the capability. */
export async function openDemoSession(app: App, party: Party, kind: 'checkout' | 'portal'): Promise<string> {
  const { url } = await expectJson<{ url: string }>(
    app,
    {
      method: 'POST',
      url:
        kind === 'checkout'
          ? '/api/stripe/create-checkout-session'
          : '/api/stripe/create-customer-portal-session',
      headers: bearer(party.token),
      payload: kind === 'checkout' ? { plan: 'Hero' } : {},
    },
    200,
  );
  const id = UUID.exec(url)?.[0];
  if (!id) throw new Error(`no session id in ${url}`);
  return id;
}

export async function buildParty(app: App, label: string): Promise<Party> {
  const tag = `${label}-${crypto.randomBytes(4).toString('hex')}`;
  const user = await registerUser(app, { email: `${tag}@example.test` });
  const auth = bearer(user.token);

  // Adventurer as a customer becomes one: lists editable, one more campaign allowed, Hero to buy.
  const { url } = await expectJson<{ url: string }>(
    app,
    {
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: auth,
      payload: { plan: 'Adventurer' },
    },
    200,
  );
  await expectJson(
    app,
    {
      method: 'POST',
      url: `/api/stripe/demo/checkout/${UUID.exec(url)?.[0]}/confirm`,
      payload: { ...ADDRESS, line1: `1 ${tag} street` },
    },
    200,
  );

  const campaign = await expectJson<{ _id: string; races: object[]; classes: { name: string }[] }>(
    app,
    { method: 'POST', url: '/api/game-data', headers: auth, payload: { name: `Campaign ${tag}` } },
    201,
  );
  const race = `Race ${tag}`;
  await expectJson(
    app,
    {
      method: 'PUT',
      url: `/api/game-data/${campaign._id}`,
      headers: auth,
      payload: {
        rules: `# Rules of ${tag}`,
        races: [...campaign.races, { name: race, note: `Race note of ${tag}` }],
        classes: campaign.classes.map((c, i) => (i === 0 ? { ...c, note: `Class note of ${tag}` } : c)),
      },
    },
    200,
  );
  const unit = (n: number) =>
    expectJson<{ _id: string }>(
      app,
      {
        method: 'POST',
        url: '/api/units',
        headers: bearer(user.token, campaign._id),
        payload: {
          name: `Unit ${n} ${tag}`,
          race,
          class: campaign.classes[0]!.name,
          notes: `Notes of ${tag}`,
        },
      },
      201,
    );
  const fighter = await unit(1);
  const bench = await unit(2);

  const encounter = await expectJson<{ _id: string }>(
    app,
    {
      method: 'POST',
      url: '/api/encounters',
      headers: bearer(user.token, campaign._id),
      payload: {
        name: `Encounter ${tag}`,
        allies: [{ unitId: fighter._id }],
        enemies: [{ unitId: bench._id }],
        notes: `Notes of ${tag}`,
      },
    },
    201,
  );

  const fight = (path: string, payload: object) =>
    expectJson<{ combat: { version: number } }>(
      app,
      { method: 'POST', url: `/api/combat/${path}`, headers: bearer(user.token, campaign._id), payload },
      200,
    );
  await fight('actions', { version: 0, action: { type: 'add', unitId: fighter._id, group: 'allies' } });
  await fight('actions', { version: 1, action: { type: 'add', unitId: bench._id, group: 'enemies' } });
  const undone = await fight('undo', { version: 2 });

  await expectJson(
    app,
    {
      method: 'POST',
      url: '/api/contact/send',
      headers: auth,
      payload: { subject: `Subject ${tag}`, message: `Message of ${tag}` },
    },
    200,
  );

  const exported = await expectJson(
    app,
    { method: 'GET', url: `/api/game-data/${campaign._id}/export`, headers: auth },
    200,
  );

  return {
    label,
    tag,
    exported,
    id: user._id,
    email: user.email,
    password: user.password,
    token: user.token,
    campaignId: campaign._id,
    fighterId: fighter._id,
    benchId: bench._id,
    encounterId: encounter._id,
    combatVersion: undone.combat.version,
    race,
    className: campaign.classes[0]!.name,
  };
}

export async function buildWorld(app: App): Promise<World> {
  return { owner: await buildParty(app, 'owner'), intruder: await buildParty(app, 'intruder') };
}

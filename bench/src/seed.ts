// Seeds one Hero user with one campaign of 50 units, through the app where it can (register, create
// campaign), then answers one GET /api/units in-process to record the SQL the floor must run and the
// body both servers must return.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { defaultCampaignData } from '@questkeeper/core/campaigns/default-campaign';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import type { Database } from '../../server/src/db/client';
import { campaigns, units, users } from '../../server/src/db/schema';
import { captureQueries, pickUnitsQuery, type CapturedQuery } from './units-query';

export const UNIT_COUNT = 50;

export interface Seeded {
  token: string;
  userId: string;
  campaignId: string;
  campaignVia: 'POST /api/game-data' | 'direct insert';
  /** The statement the floor runs, recorded from the app's answer to GET /api/units. */
  unitsQuery: CapturedQuery;
  /** The app's in-process answer, the reference both servers are checked against. */
  reference: { status: number; body: string };
}

const NOTE_PARTS = [
  'Met the party at the Crossed Keys inn and offered them a map of the old mine for a share of the silver.',
  'Owes a favour to the harbour master; will not cross the river after dark since the ferry sank.',
  'Carries a sealed letter addressed to the Duchess of Valmont — the wax bears a broken-wing crest.',
  'Fought in the siege of Karst as a conscript and still limps when it rains. Distrusts mages openly.',
  'Knows the passwords of the thieves’ guild for this season: “amber”, “lantern” and “grey heron”.',
  'Speaks Common, Dwarvish and a little Elvish; sings badly and loudly when drunk, which is often.',
  'Session 12: lost the family sword in the marsh. Session 14: bought it back from a pedlar at twice the price.',
];

/** A few hundred characters of game-master notes, different for every unit. */
function notesFor(index: number): string {
  const parts = [0, 2, 5].map((offset) => NOTE_PARTS[(index + offset) % NOTE_PARTS.length] ?? '');
  return `## ${index % 2 === 0 ? 'Background' : 'Hooks'}\n\n${parts.join('\n\n')}`;
}

/**
 * The app on `database`, in-process for `inject`: no web build, no logs, no rate limit; `env` adds
 * or overrides settings (NODE_ENV=test checks every answer against its zod schema: production does
 * not).
 */
export async function benchApp(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '0',
    WEB_DIST: '/nonexistent-web-dist',
    PUBLIC_URL: 'http://questkeeper.bench',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** A new account registered through `app`, made Hero in the database: the user and its header. */
export async function heroOn(app: Awaited<ReturnType<typeof benchApp>>, database: Database, prefix: string) {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.test`,
      password: 'Str0ng!pass',
    },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const user = registered.json<AuthUser>();
  await database.db.update(users).set({ tier: 'Hero' }).where(eq(users.id, user._id));
  return { user, auth: { authorization: `Bearer ${user.token}` } };
}

/**
 * `rulesChars` replaces the campaign's rules with that many characters of markdown (a Hero may hold
 * 600,000): the units list reads the campaign row, so its size is part of what a request costs.
 */
export async function seed(database: Database, options: { rulesChars?: number } = {}): Promise<Seeded> {
  const app = await benchApp(database);
  try {
    const { user, auth } = await heroOn(app, database, 'bench');
    const { db } = database;

    let campaignId: string;
    let campaignVia: Seeded['campaignVia'];
    const created = await app.inject({
      method: 'POST',
      url: '/api/game-data',
      headers: auth,
      payload: { name: 'Benchmark campaign' },
    });
    if (created.statusCode === 201 || created.statusCode === 200) {
      campaignId = created.json<{ _id: string }>()._id;
      campaignVia = 'POST /api/game-data';
    } else {
      const data = defaultCampaignData('en', () => crypto.randomUUID());
      const [row] = await db
        .insert(campaigns)
        .values({ userId: user._id, name: 'Benchmark campaign', ...data })
        .returning({ id: campaigns.id });
      if (!row) throw new Error('campaign insert returned nothing');
      campaignId = row.id;
      campaignVia = 'direct insert';
    }

    if (options.rulesChars) {
      const paragraph =
        '## House rule\n\nCritical hits double the dice, never the modifiers. Fumbles cost a turn.\n\n';
      const rules = paragraph
        .repeat(Math.ceil(options.rulesChars / paragraph.length))
        .slice(0, options.rulesChars);
      await db.update(campaigns).set({ rules }).where(eq(campaigns.id, campaignId));
    }
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!campaign) throw new Error('seeded campaign not found');
    const pick = <T extends { name: string }>(list: T[], i: number) => list[i % list.length]?.name ?? '—';
    const base = Date.now() - UNIT_COUNT * 60_000;
    await db.insert(units).values(
      Array.from({ length: UNIT_COUNT }, (_, i) => {
        const hp = 40 + ((i * 37) % 120);
        const at = new Date(base + i * 60_000);
        return {
          userId: user._id,
          campaignId,
          name: `${i % 5 === 0 ? 'Sir ' : ''}${['Aldric', 'Brenna', 'Corvin', 'Dagna', 'Eluned'][i % 5]} ${i + 1}`,
          gender: (['Male', 'Female', 'Other'] as const)[i % 3] ?? 'Male',
          isPlayer: i < 6,
          race: pick(campaign.races, i),
          class: pick(campaign.classes, i),
          status: pick(campaign.statuses, i),
          characteristics: Object.fromEntries(
            campaign.characteristics.map((c, k) => [c.name, 20 + ((i * 13 + k * 29) % 70)]),
          ),
          hp,
          currentHp: hp - ((i * 11) % hp),
          gold: (i * 7) % 300,
          silver: (i * 13) % 100,
          bronze: (i * 17) % 100,
          notes: notesFor(i),
          createdAt: at,
          updatedAt: at,
        };
      }),
    );

    let reference = { status: 0, body: '' };
    const queries = await captureQueries(database, async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/units',
        headers: { ...auth, 'x-campaign-id': campaignId },
      });
      reference = { status: response.statusCode, body: response.body };
    });
    const captured = reference.status === 200 ? pickUnitsQuery(queries) : undefined;
    // The floor runs the app's statement and maps with its presenter: nothing to measure without it.
    if (!captured)
      throw new Error(`GET /api/units answered ${reference.status}: ${reference.body.slice(0, 200)}`);
    return {
      token: user.token,
      userId: user._id,
      campaignId,
      campaignVia,
      unitsQuery: captured,
      reference,
    };
  } finally {
    await app.close();
  }
}

// Test helpers for the units and combat tests: campaigns and filler units written straight into the
// database, so these tests do not depend on the campaigns routes and limit tests stay fast.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { defaultCampaignData, type CampaignData } from '@questkeeper/core/campaigns/default-campaign';
import type { CharacteristicDef } from '@questkeeper/core/schemas/campaigns';
import type { App } from '../../src/app';
import { campaigns, units } from '../../src/db/schema';

export async function insertCampaign(
  app: App,
  userId: string,
  overrides: Partial<Omit<CampaignData, 'characteristics'>> & {
    name?: string;
    /** `pinned` may be left out, as in rows saved before pins (docs/decisions/061). */
    characteristics?: (Omit<CharacteristicDef, 'pinned'> & { pinned?: boolean })[];
  } = {},
): Promise<string> {
  const [row] = await app.database.db
    .insert(campaigns)
    .values({
      userId,
      name: 'Campaign',
      ...defaultCampaignData('en', () => crypto.randomUUID()),
      ...(overrides as Partial<CampaignData>),
    })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('campaign insert returned no row');
  return row.id;
}

/** `n` filler units in one multi-row insert. */
export async function insertUnits(app: App, userId: string, campaignId: string, n: number): Promise<void> {
  if (n === 0) return;
  await app.database.db.insert(units).values(
    Array.from({ length: n }, (_, i) => ({
      userId,
      campaignId,
      name: `Filler ${i + 1}`,
      gender: 'Male' as const,
      isPlayer: false,
      race: 'Human',
      class: 'Warrior',
      status: 'Normal',
      characteristics: {},
      hp: 100,
      currentHp: 100,
    })),
  );
}

export async function countUnitsInDb(app: App, campaignId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(units)
    .where(eq(units.campaignId, campaignId));
  return row?.n ?? 0;
}

/** A valid create body; tests override what they look at. */
export function unitBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Aria', race: 'Elf', class: 'Mage', ...overrides };
}

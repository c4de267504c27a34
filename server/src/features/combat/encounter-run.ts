// The units a saved encounter brings to the table (docs/decisions/062): its allies as they are, and for
// each enemy the unit and its numbered copies up to its count ("Goblin", "Goblin 2"…) — the copies the
// campaign already has are taken, the missing ones made like the units service's copies, within the
// tier's unit limit, all or nothing (the caller's transaction holds the campaign row).
import { baseName } from '@questkeeper/core/units/copies';
import { NAME_MAX } from '@questkeeper/core/limits';
import { limitsOf, type Tier } from '@questkeeper/core/tiers';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { encounters, units, type EncounterData } from '../../db/schema';
import { versionedUnit, type VersionedUnitRow } from '../../db/shared/units';
import { AppError } from '../../lib/app-error';

/** The encounter's sides, hazards and choices, when it is one of this user's campaign's. */
export async function findEncounterData(
  tx: Executor,
  userId: string,
  campaignId: string,
  id: string,
): Promise<EncounterData | null> {
  const [row] = await tx
    .select({ data: encounters.data })
    .from(encounters)
    .where(and(eq(encounters.id, id), eq(encounters.campaignId, campaignId), eq(encounters.userId, userId)))
    .limit(1);
  return row?.data ?? null;
}

/** A unit of the user's campaign, locked until the transaction ends (its copies are made from it). */
async function lockSource(tx: Executor, userId: string, campaignId: string, id: string) {
  const [row] = await tx
    .select(versionedUnit)
    .from(units)
    .where(and(eq(units.id, id), eq(units.campaignId, campaignId), eq(units.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

const fold = (name: string) => name.trim().toLocaleLowerCase();

/** The campaign's unit ids by name (without case or surrounding spaces), oldest first. */
async function unitsByName(tx: Executor, campaignId: string): Promise<Map<string, string[]>> {
  const rows = await tx
    .select({ id: units.id, name: units.name })
    .from(units)
    .where(eq(units.campaignId, campaignId))
    .orderBy(asc(units.createdAt), asc(units.seq));
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(fold(row.name), [...(byName.get(fold(row.name)) ?? []), row.id]);
  return byName;
}

/** The name of copy number `n` of `base`, within the name limit. */
function copyName(base: string, n: number): string {
  const suffix = ` ${n}`;
  return base.slice(0, NAME_MAX - suffix.length).trimEnd() + suffix;
}

/**
 * The enemies' unit ids in order (each enemy, then its copies), creating the missing copies (`created`:
 * their rows, for the answer). A unit the encounter names that is gone answers 400 on its field.
 */
export async function encounterEnemies(
  tx: Executor,
  user: { id: string; tier: Tier },
  campaignId: string,
  encounter: Pick<EncounterData, 'enemies'>,
): Promise<{ ids: string[]; created: VersionedUnitRow[] }> {
  const names = await unitsByName(tx, campaignId);
  const used = new Set<string>();
  /** Copy names planned by an earlier enemy of this encounter (two units named alike). */
  const planned = new Set<string>();
  const plan: { index: number; ids: string[]; make: string[]; source: VersionedUnitRow }[] = [];
  const missing: Record<string, { key: 'validation.unknownUnit' }> = {};
  for (const [index, enemy] of encounter.enemies.entries()) {
    const source = await lockSource(tx, user.id, campaignId, enemy.unitId);
    if (!source) {
      missing[`enemies.${index}.unitId`] = { key: 'validation.unknownUnit' };
      continue;
    }
    used.add(source.id);
    const ids = [source.id];
    const make: string[] = [];
    const base = baseName(source.name);
    for (let n = 2; ids.length + make.length < enemy.count; n++) {
      const name = copyName(base, n);
      if (fold(name) === fold(source.name) || planned.has(fold(name))) continue;
      const existing = (names.get(fold(name)) ?? []).find((id) => !used.has(id));
      if (existing) {
        used.add(existing);
        ids.push(existing);
      } else {
        make.push(name);
        planned.add(fold(name));
      }
    }
    plan.push({ index, ids, make, source });
  }
  if (Object.keys(missing).length > 0) throw new AppError('VALIDATION_FAILED', {}, missing);
  const toMake = plan.reduce((sum, item) => sum + item.make.length, 0);
  if (toMake > 0) {
    const limit = limitsOf(user.tier).unitsPerCampaign;
    const [counted] = await tx.select({ n: count() }).from(units).where(eq(units.campaignId, campaignId));
    const current = counted?.n ?? 0;
    if (current + toMake > limit) {
      const room = Math.max(0, limit - current);
      throw new AppError('UNIT_COPIES_OVER_LIMIT', { tier: user.tier, limit, current, room });
    }
  }
  // One insert for every copy, in numbering order: each row takes the next `seq`, as the units
  // service's copies do one by one (lists keep their numbering when they share a timestamp).
  const rows = plan.flatMap((item) => {
    const { id: _id, createdAt: _c, updatedAt: _u, version: _v, seq: _seq, ...fields } = item.source;
    return item.make.map((name) => ({
      ...fields,
      name,
      currentHp: item.source.hp,
      createdAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    }));
  });
  const created: VersionedUnitRow[] =
    rows.length === 0 ? [] : await tx.insert(units).values(rows).returning(versionedUnit);
  const byName = new Map(created.map((row) => [row.name, row.id]));
  const ids = plan.flatMap((item) => [...item.ids, ...item.make.map((name) => byName.get(name)!)]);
  return { ids, created };
}

// The guided first fight's checklist on the user's row (docs/decisions/068): features where a step's
// real action happens (encounters, combat, player view, the demo table) tick it here, and the guide
// feature reads and changes it. Each tick is one conditional UPDATE that writes only when the step is
// not done yet.
import { and, eq, sql } from 'drizzle-orm';
import type { GuideStep } from '@questkeeper/core/guide/steps';
import type { Executor } from '../client';
import { campaigns, users } from '../schema';

export interface GuideRow {
  done: string[];
  dismissed: boolean;
}

export async function readGuide(db: Executor, userId: string): Promise<GuideRow | undefined> {
  const [row] = await db
    .select({ done: users.guideDone, dismissed: users.guideDismissed })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function setGuideDismissed(db: Executor, userId: string, dismissed: boolean): Promise<void> {
  await db.update(users).set({ guideDismissed: dismissed }).where(eq(users.id, userId));
}

const notDone = (step: GuideStep) => sql`not (${step} = any(${users.guideDone}))`;

/** Ticks the user's step; writes nothing when it is done already. */
export async function tickGuideStep(db: Executor, userId: string, step: GuideStep): Promise<void> {
  await db
    .update(users)
    .set({ guideDone: sql`array_append(${users.guideDone}, ${step}::text)` })
    .where(and(eq(users.id, userId), notDone(step)));
}

/** Ticks the step of the user who owns the campaign (a player page opened through its share link). */
export async function tickCampaignOwnerStep(
  db: Executor,
  campaignId: string,
  step: GuideStep,
): Promise<void> {
  await db
    .update(users)
    .set({ guideDone: sql`array_append(${users.guideDone}, ${step}::text)` })
    .where(
      and(
        eq(
          users.id,
          sql`(select ${campaigns.userId} from ${campaigns} where ${campaigns.id} = ${campaignId})`,
        ),
        notDone(step),
      ),
    );
}

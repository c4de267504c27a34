// The guided first fight (docs/product.md#guided-first-fight, docs/decisions/068): the user's checklist,
// and the ticks the features call where a step's real action happens. A tick is one conditional
// UPDATE the first time; after that this process remembers the step is done and asks nothing, so the
// fight's and the player page's hot paths pay a Set lookup.
import type { FastifyBaseLogger } from 'fastify';
import { orderedSteps, type GuideStep } from '@questkeeper/core/guide/steps';
import type { GuideChange, GuideState } from '@questkeeper/core/schemas/guide';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { readGuide, setGuideDismissed, tickCampaignOwnerStep, tickGuideStep } from '../../db/shared/guide';

/** Past this many remembered ticks the memory starts again (a few more no-op UPDATEs, no growth). */
const REMEMBERED_MAX = 50_000;

export function createGuideService(deps: { db: Db; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  const remembered = new Set<string>();
  const remember = (key: string) => {
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    remembered.add(key);
  };

  /** Runs a tick once per key and process; a failure is logged and never fails the action itself. */
  async function once(key: string, write: () => Promise<void>): Promise<void> {
    if (remembered.has(key)) return;
    try {
      await write();
      remember(key);
    } catch (error) {
      log.warn({ err: error }, 'guide: tick failed');
    }
  }

  async function state(userId: string): Promise<GuideState> {
    const row = await readGuide(db, userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return { done: orderedSteps(row.done), dismissed: row.dismissed };
  }

  return {
    state,

    async change(userId: string, change: GuideChange): Promise<GuideState> {
      if (change.dismissed !== undefined) await setGuideDismissed(db, userId, change.dismissed);
      if (change.seen !== undefined) await tickGuideStep(db, userId, change.seen);
      return state(userId);
    },

    /** The user did the step's real action. */
    tick(userId: string, step: GuideStep): Promise<void> {
      return once(`u ${userId} ${step}`, () => tickGuideStep(db, userId, step));
    },

    /** The step is the campaign owner's (a player page opened through the campaign's link). */
    tickOwner(campaignId: string, step: GuideStep): Promise<void> {
      return once(`c ${campaignId} ${step}`, () => tickCampaignOwnerStep(db, campaignId, step));
    },
  };
}

export type GuideService = ReturnType<typeof createGuideService>;

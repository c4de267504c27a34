// STUB — being written (issue #2).
import type { Db } from '../../db/client';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

export function createCampaignsService(deps: { db: Db }) {
  return { deps };
}

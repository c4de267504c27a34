// STUB — being written (issue #2).
import type { Db } from '../../db/client';

export type CombatService = ReturnType<typeof createCombatService>;

export function createCombatService(deps: { db: Db }) {
  return { deps };
}

// STUB — being written (issue #2).
import type { Db } from '../../db/client';

export type UnitsService = ReturnType<typeof createUnitsService>;

export function createUnitsService(deps: { db: Db }) {
  return { deps };
}

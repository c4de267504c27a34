// The 409 COMBAT_CONFLICT answer, which carries the current fight: every write made from a fight's
// version answers it alike (combat actions, undo, redo, an encounter's run: docs/decisions/062).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@questkeeper/core/i18n';
import type { CombatConflictBody } from '@questkeeper/core/schemas/combat';
import { CombatConflict } from './service';

/** Runs a write; a stale version answers 409 with the current fight instead of an error body. */
export async function orConflict<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CombatConflict)) throw error;
    const body: CombatConflictBody = {
      code: 'COMBAT_CONFLICT',
      message: translate(request.language, 'errors.COMBAT_CONFLICT'),
      combat: error.combat,
    };
    return reply.code(409).send(body);
  }
}

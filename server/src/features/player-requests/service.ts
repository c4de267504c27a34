// Players take part (docs/product.md#players-take-part): a player's page sends requests for the
// character it plays, naming units by the link's opaque ids only; the game master approves one (it is
// applied as one combat action, logged as requested by that character's player, undoable) or rejects
// it with a reason the player's page shows. Nothing a player sends changes the fight by itself: typed
// initiatives wait in the GM's start dialog until the GM starts the fight.
import type { FastifyBaseLogger } from 'fastify';
import { turnUnitIds } from '@questkeeper/core/combat/turns';
import type { CombatAction } from '@questkeeper/core/schemas/combat';
import type {
  ApproveRequestResponse,
  GmPlayerRequest,
  PlayerRequestBody,
  PlayerRequestLine,
  PlayerRequestPayload,
} from '@questkeeper/core/schemas/player-requests';
import type { Db } from '../../db/client';
import { ownsCampaign } from '../../db/shared/campaigns';
import { publishOrWarn, type PubSub } from '../../infra/pubsub';
import { AppError, notFound } from '../../lib/app-error';
import type { CombatActor, CombatService } from '../combat/service';
import type { LiveLink, PlayerViewService } from '../player-view/service';
import * as repo from './repository';

export type PlayerRequestsService = ReturnType<typeof createPlayerRequestsService>;

const invalid = (field: string, key: 'validation.notAPlayerCharacter' | 'validation.notShown') =>
  new AppError('VALIDATION_FAILED', {}, { [field]: { key } });

export function createPlayerRequestsService(deps: {
  db: Db;
  events: PubSub;
  log: FastifyBaseLogger;
  combat: Pick<CombatService, 'act'>;
  playerView: Pick<PlayerViewService, 'resolve' | 'announce' | 'hasLiveLink'>;
}) {
  const { db, events, log, combat, playerView } = deps;

  /**
   * Wakes the GM's queue (its combat stream) and, unless the fight's new version already carries the
   * change to them, the players' pages.
   */
  const changed = (campaignId: string, players: 'announce' | 'carriedByTheFight' = 'announce') => {
    publishOrWarn(events, log, 'playerRequests', { campaignId });
    if (players === 'announce') playerView.announce(campaignId);
  };

  const owned = async (user: CombatActor, campaignId: string) => {
    if (!(await ownsCampaign(db, user.id, campaignId))) throw notFound();
  };

  async function toGm(rows: repo.PlayerRequestRow[], campaignId: string): Promise<GmPlayerRequest[]> {
    const ids = rows.flatMap((row) => [
      row.asUnitId,
      ...(row.payload.targetId ? [row.payload.targetId] : []),
    ]);
    const names = await repo.unitNames(db, campaignId, ids);
    const ref = (id: string) => ({ id, name: names.get(id) ?? '' });
    return rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      status: row.status,
      as: ref(row.asUnitId),
      target: row.payload.targetId ? ref(row.payload.targetId) : null,
      amount: row.payload.amount ?? null,
      initiative: row.payload.initiative ?? null,
      condition: row.payload.status ?? null,
      rounds: row.payload.rounds ?? null,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The action a request asks for, with the real ids it was read into. */
  function actionOf(row: repo.PlayerRequestRow): CombatAction {
    const { payload } = row;
    switch (row.kind) {
      case 'damage':
        return {
          type: 'attack',
          targetId: payload.targetId!,
          amount: payload.amount!,
          sourceId: row.asUnitId,
        };
      case 'heal':
        return { type: 'heal', targetId: payload.targetId!, amount: payload.amount!, sourceId: row.asUnitId };
      case 'condition':
        return {
          type: 'addCondition',
          unitId: row.asUnitId,
          status: payload.status!,
          ...(payload.rounds === undefined ? {} : { rounds: payload.rounds }),
        };
      case 'endTurn':
        return { type: 'nextTurn' };
      default:
        // Typed initiatives are taken by the start the GM confirms, not approved one by one.
        throw new AppError('REQUEST_OUTDATED');
    }
  }

  return {
    /**
     * A player's request through a live link (404 otherwise), read against what the link shows now:
     * `as` a player character shown, targets shown, a condition among the campaign's; initiatives
     * before the start only, the rest during the fight, the end of a turn on that character's turn.
     */
    async create(link: LiveLink, body: PlayerRequestBody): Promise<PlayerRequestLine> {
      const { payload, realIds } = await playerView.resolve(link);
      if (payload.units.length === 0) throw new AppError('NO_FIGHT');
      if (body.kind === 'initiative') {
        if (payload.phase !== 'setup') throw new AppError('FIGHT_ALREADY_STARTED');
      } else if (payload.phase !== 'fight') throw new AppError('FIGHT_NOT_STARTED');
      const shown = new Map(payload.units.map((unit) => [unit.id, unit]));
      const as = shown.get(body.as);
      const asUnitId = realIds.get(body.as);
      if (!as?.player || !asUnitId) throw invalid('as', 'validation.notAPlayerCharacter');
      const stored: PlayerRequestPayload = {};
      switch (body.kind) {
        case 'initiative':
          stored.initiative = body.initiative;
          break;
        case 'damage':
        case 'heal': {
          const targetId = shown.has(body.targetId) ? realIds.get(body.targetId) : undefined;
          if (!targetId) throw invalid('targetId', 'validation.notShown');
          stored.targetId = targetId;
          stored.amount = String(body.amount).trim();
          break;
        }
        case 'condition': {
          const choice = (payload.conditionChoices ?? []).find((item) => item.id === body.conditionId);
          const statusId = choice ? realIds.get(choice.id) : undefined;
          if (!choice || !statusId) throw invalid('conditionId', 'validation.notShown');
          stored.statusId = statusId;
          stored.status = choice.name;
          if (body.rounds !== undefined) stored.rounds = body.rounds;
          break;
        }
        case 'endTurn':
          if (payload.turn?.unitId !== body.as) throw new AppError('NOT_YOUR_TURN');
          break;
      }
      const row = await db.transaction(async (tx) => {
        if (body.kind === 'initiative')
          await repo.dropPendingInitiatives(tx, link.campaignId, link.tokenHash, asUnitId);
        return repo.insertRequest(tx, {
          campaignId: link.campaignId,
          linkHash: link.tokenHash,
          asUnitId,
          kind: body.kind,
          payload: stored,
          phoneId: body.phoneId,
        });
      });
      changed(link.campaignId);
      // The line as the link's payload now shows it (its id is opaque like every other).
      const after = await playerView.resolve(link);
      const line = after.payload.requests?.find((item) => after.realIds.get(item.id) === row.id);
      if (!line) throw new Error('a new player request is missing from its payload');
      return line;
    },

    /** The fight's pending requests, oldest first (404 when the campaign is not the user's). */
    async pending(user: CombatActor, campaignId: string): Promise<GmPlayerRequest[]> {
      await owned(user, campaignId);
      return toGm(await repo.pendingRequests(db, campaignId), campaignId);
    },

    /**
     * Applies a pending request as one combat action at `version` (409 COMBAT_CONFLICT when stale),
     * logged as requested by its character's player, and marks it approved in the same transaction.
     */
    async approve(
      user: CombatActor,
      campaignId: string,
      id: string,
      version: number,
    ): Promise<ApproveRequestResponse> {
      await owned(user, campaignId);
      const found = await repo.findRequest(db, campaignId, id);
      if (!found) throw notFound();
      if (found.status !== 'pending') throw new AppError('REQUEST_DECIDED');
      const action = actionOf(found);
      const names = await repo.unitNames(db, campaignId, [found.asUnitId]);
      let decided: repo.PlayerRequestRow | undefined;
      const result = await combat.act(
        user,
        campaignId,
        { version, action },
        {
          requestedBy: { id: found.asUnitId, name: names.get(found.asUnitId) ?? '' },
          check: (fight) => {
            const { state } = fight;
            const inFight = [...state.allies, ...state.enemies].includes(found.asUnitId);
            if (state.phase !== 'fight' || !inFight) throw new AppError('REQUEST_OUTDATED');
            if (found.kind === 'endTurn') {
              const entry = state.order[state.turnIndex];
              const turn = entry?.unitId === undefined ? [] : turnUnitIds(state.order, state.turnIndex);
              if (entry?.unitId !== found.asUnitId && !turn.includes(found.asUnitId))
                throw new AppError('REQUEST_OUTDATED');
            }
          },
          within: async (tx) => {
            // Locked: of two approvals (or an approval and a rejection) one decides.
            const locked = await repo.findRequest(tx, campaignId, id, true);
            if (locked?.status !== 'pending') throw new AppError('REQUEST_DECIDED');
            decided = await repo.decide(tx, id, 'approved', null);
          },
        },
      );
      // The action's version went out with the payload read after the commit, the request already
      // approved in it: a second wake-up would make every player stream read it again, in the way of
      // the first.
      changed(campaignId, 'carriedByTheFight');
      const [request] = await toGm([decided!], campaignId);
      return { ...result, request: request! };
    },

    /** Refuses a pending request; the reason (if any) reaches the player's page. */
    async reject(
      user: CombatActor,
      campaignId: string,
      id: string,
      reason: string | undefined,
    ): Promise<{ request: GmPlayerRequest }> {
      await owned(user, campaignId);
      const row = await db.transaction(async (tx) => {
        const found = await repo.findRequest(tx, campaignId, id, true);
        if (!found) throw notFound();
        if (found.status !== 'pending') throw new AppError('REQUEST_DECIDED');
        return repo.decide(tx, id, 'rejected', reason?.trim() ? reason.trim() : null);
      });
      changed(campaignId);
      const [request] = await toGm([row], campaignId);
      return { request: request! };
    },
  };
}

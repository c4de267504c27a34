// The combat of a campaign (decisions 008, 015, 021, 022). Open to every tier. Each action, undo or
// redo runs in one transaction that locks the campaign row and checks the version the client saw;
// the new version is published to live-sync streams once the transaction has committed.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { effectiveInitiativeRule } from '@questkeeper/core/combat/combat';
import {
  CombatRefusal,
  endsFight,
  type ActionContext,
  type ActionOutcome,
  type UnitChange,
} from '@questkeeper/core/combat/action-types';
import { setupEncounter } from '@questkeeper/core/combat/encounter-setup';
import { applyCombatAction } from '@questkeeper/core/combat/actions';
import { COMBAT_LOG_MAX_ENTRIES } from '@questkeeper/core/limits';
import { applyStepSide, diffSteps } from '@questkeeper/core/combat/history';
import type { InitiativeRule } from '@questkeeper/core/constants';
import type {
  CombatAction,
  CombatActionBody,
  CombatActionResponse,
  CombatLogPage,
  CombatResponse,
} from '@questkeeper/core/schemas/combat';
import type { Tier } from '@questkeeper/core/tiers';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { toUnit } from '../units/presenter';
import { unitIdsOf } from './combat-state';
import { publishOrWarn, type PubSub } from '../../infra/pubsub';
import type { TopicMessage } from '../../infra/topics';
import type { VersionEvent } from './events/sse';
import {
  healed,
  loadFight,
  present,
  windowAfterAction,
  windowAfterTravel,
  type LoadedFight,
} from './fight-store';
import { pageCursor, placeOf, toLogEntry } from './presenter';
import * as repo from './repository';
import { encounterEnemies, findEncounterData } from './encounter-run';
import { closeRequestsAfterStep } from '../../db/shared/player-requests';
import type { PlayerViewService } from '../player-view/service';

/** What the service needs of the signed-in user. */
export interface CombatActor {
  id: string;
  tier: Tier;
}

/** 409 COMBAT_CONFLICT: the client's version is stale; the route answers with this fight. */
export class CombatConflict extends Error {
  constructor(readonly combat: CombatResponse) {
    super('COMBAT_CONFLICT');
    this.name = 'CombatConflict';
  }
}

export type CombatService = ReturnType<typeof createCombatService>;

/** How long a campaign whose player payload did not fit the transport goes without one (decision 075). */
export const OVERSIZE_PAUSE_MS = 60_000;

// Initiative rules take a float in [0, 1); 48 random bits make every die face equally likely.
const RANDOM_RANGE = 2 ** 48 - 1;

/** The random sources of the rules: initiative rolls, dice amounts, recharges (tests seed them). */
export interface CombatDice {
  /** A float in [0, 1), like Math.random. */
  random: () => number;
  /** An integer 1..sides. */
  rollDie: (sides: number) => number;
}

const cryptoDice: CombatDice = {
  random: () => crypto.randomInt(0, RANDOM_RANGE) / RANDOM_RANGE,
  rollDie: (sides: number) => crypto.randomInt(1, sides + 1),
};

function actionUnitIds(action: CombatAction): string[] {
  switch (action.type) {
    case 'add':
      return action.unitIds ?? (action.unitId === undefined ? [] : [action.unitId]);
    case 'remove':
    case 'setStatus':
    case 'removeCondition':
    case 'reorder':
    case 'deathSave':
    case 'setTempHp':
    case 'useCounter':
    case 'setCounter':
      return [action.unitId];
    case 'group':
      return action.unitIds;
    case 'addCondition':
      return action.ofUnitId ? [action.unitId, action.ofUnitId] : [action.unitId];
    case 'attack':
    case 'heal':
      return [action.targetId, ...(action.targetIds ?? [])];
    default:
      return [];
  }
}

/**
 * An action a player asked for (docs/product.md#players-take-part): checked against the locked fight
 * before it applies, its entries marked with who asked, and the request decided in the same transaction.
 */
export interface ActRequest {
  requestedBy: { id: string; name: string };
  /** Throws (an AppError) when the request no longer fits the fight as it is now. */
  check: (fight: LoadedFight['fight']) => void;
  within: (tx: Executor) => Promise<void>;
}

/** The refusal's fields go with it when it names any (UNKNOWN_UNIT does for `add` with `unitIds`). */
function toAppError(refusal: CombatRefusal): AppError {
  return new AppError(refusal.code, {}, Object.keys(refusal.fields).length > 0 ? refusal.fields : undefined);
}

export function createCombatService(deps: {
  db: Db;
  events: PubSub;
  log: FastifyBaseLogger;
  dice?: CombatDice;
  /**
   * Hides a run encounter's hidden units from players, and reads the link's payload once for every
   * process after an action (player-view service).
   */
  playerView?: Pick<PlayerViewService, 'hideUnits' | 'announce' | 'published'>;
}) {
  const { db, events, log } = deps;
  const { random, rollDie } = deps.dice ?? cryptoDice;

  const send = (message: TopicMessage<'combat'>) => {
    events.publish('combat', message).catch((error: unknown) => {
      log.warn({ err: error, campaignId: message.campaignId }, 'combat events: publish failed');
    });
  };
  /** Wakes the GM's queue of players' requests (its combat stream's `{ "requests": true }`). */
  const requestsChanged = (campaignId: string) =>
    publishOrWarn(events, log, 'playerRequests', { campaignId });
  // Campaigns whose payload was too large for the transport (a long log on NOTIFY's 8,000 bytes), and
  // until when: not read for publishing meanwhile, since every stream reads it anyway. A hint of this
  // process only; another process without it just reads once more.
  const oversize = new Map<string, number>();
  const paused = (campaignId: string) => {
    const until = oversize.get(campaignId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    oversize.delete(campaignId);
    return false;
  };
  const pause = (campaignId: string) => {
    if (oversize.size >= 10_000) for (const id of [...oversize.keys()]) paused(id);
    oversize.set(campaignId, Date.now() + OVERSIZE_PAUSE_MS);
  };
  /**
   * The new version, with the share link's redacted payload when pages watch it (docs/decisions/075):
   * read here once, after the commit, instead of once in every process holding a stream of the link.
   * Without it (no live link, nobody watching, a payload too large for the transport, a failed read)
   * the version alone goes, and streams read the payload themselves.
   */
  const publish = (campaignId: string, version: number) => {
    const published = deps.playerView?.published;
    if (!published || paused(campaignId)) return send({ campaignId, version });
    published(campaignId).then(
      (player) => {
        const message = player ? { campaignId, version, player } : null;
        if (message && events.fits('combat', message)) return send(message);
        if (message) pause(campaignId);
        send({ campaignId, version });
      },
      (error: unknown) => {
        log.warn({ err: error, campaignId }, 'combat events: player payload not read');
        send({ campaignId, version });
      },
    );
  };

  /** Locks, loads and checks the version; a stale one answers the current fight with 409. */
  async function lockedFight(
    tx: Executor,
    user: CombatActor,
    campaignId: string,
    version: number,
    ids: string[] = [],
  ) {
    const loaded = await loadFight(tx, user.id, campaignId, { lock: true, extraIds: ids, lockUnits: ids });
    if (version !== loaded.version) {
      throw new CombatConflict(
        await present(tx, { ...loaded, updatedAt: loaded.row?.updatedAt ?? null }, loaded),
      );
    }
    return loaded;
  }

  /**
   * Stores the fight at the next version and builds the answer (`log`: the log's head and window
   * after this write, when known; an undo or a redo reads the head again).
   */
  async function commit(
    tx: Executor,
    loaded: LoadedFight,
    fight: LoadedFight['fight'],
    unitRows: repo.UnitRow[],
    entries: repo.LogRow[],
    log: { head?: repo.LogHead; window?: repo.LogRow[] | undefined },
  ): Promise<CombatActionResponse> {
    const version = loaded.version + 1;
    // Undo and redo flag entries; only an action adds or drops them (and then knows the head after).
    const logTotal = (log.head ?? loaded.head).total;
    const row = await repo.saveCombat(
      tx,
      loaded.campaign.id,
      { ...fight, version, logTotal },
      loaded.row?.state,
    );
    return {
      combat: await present(tx, { campaign: loaded.campaign, fight, version, updatedAt: row.updatedAt }, log),
      units: unitRows.map(toUnit),
      entries: entries.map(toLogEntry),
    };
  }

  /**
   * Stores an action's outcome as the next step (one transaction, the fight locked by the caller):
   * the log dropped after an end or an undo, the units written, the step and its undo data inserted,
   * the log capped, and the answer built.
   */
  async function storeOutcome(
    tx: Executor,
    loaded: LoadedFight,
    outcome: ActionOutcome,
  ): Promise<{ answer: CombatActionResponse; requestsClosed: boolean }> {
    const campaignId = loaded.campaign.id;
    // After the end of a fight, the next action sets up a new one: the old history goes; after
    // an undo, the redo steps go.
    const { head } = loaded;
    const over = head.ended;
    const drop = over
      ? { all: true as const }
      : head.firstUndone !== null
        ? { from: head.firstUndone }
        : null;
    const dropped = drop ? await repo.dropLog(tx, campaignId, drop) : 0;
    const unitsBefore = new Map<string, UnitChange>();
    for (const id of outcome.units.keys()) {
      const unit = loaded.units.get(id);
      if (unit) unitsBefore.set(id, { currentHp: unit.currentHp, status: unit.status });
    }
    const changes = diffSteps(loaded.fight, outcome.fight, unitsBefore, outcome.units);
    const unitRows = await repo.updateUnits(tx, campaignId, outcome.units);
    // Undone steps always follow the last applied one, so the new step comes right after it.
    const step = over ? 1 : (head.lastApplied ?? 0) + 1;
    const entries = await repo.insertStep(tx, campaignId, step, outcome.entries, changes);
    // Players' requests: a start takes the typed initiatives, an end closes the rest
    // (docs/product.md#players-take-part); the player streams hear the new version anyway, the GM's
    // queue is told after the commit.
    const requestsClosed = await closeRequestsAfterStep(tx, campaignId, {
      started: outcome.entries.some((entry) => entry.type === 'start'),
      ended: entries.some((row) => endsFight(row.data)),
    });
    // A fight's log holds COMBAT_LOG_MAX_ENTRIES at most (decision 046): past it, its oldest
    // steps go, so undo reaches back that far and no further. They are never in the window (the
    // cap is far above it), so the window built below stays right.
    let total = head.total - dropped + entries.length;
    if (total > COMBAT_LOG_MAX_ENTRIES) {
      total -= await repo.trimLog(tx, campaignId, total - COMBAT_LOG_MAX_ENTRIES, step);
    }
    // The log's head after this step is known without reading it again.
    const after: repo.LogHead = {
      total,
      lastApplied: step,
      firstUndone: null,
      canUndo: true,
      canRedo: false,
      ended: entries.some((row) => endsFight(row.data)),
    };
    const answer = await commit(tx, loaded, outcome.fight, unitRows, entries, {
      head: after,
      window: windowAfterAction(loaded.window, drop, entries, after.total) ?? undefined,
    });
    return { answer, requestsClosed };
  }

  /** Undo (`back`) or redo one step: lays its stored before/after over the fight and the units. */
  async function travel(user: CombatActor, campaignId: string, version: number, back: boolean) {
    const result = await db.transaction(async (tx) => {
      const loaded = await lockedFight(tx, user, campaignId, version);
      const { head } = loaded;
      const step = back ? head.lastApplied : head.firstUndone;
      const changes =
        step === null || !(back ? head.canUndo : head.canRedo)
          ? null
          : await repo.stepChanges(tx, campaignId, step);
      if (step === null || !changes) throw new AppError(back ? 'NOTHING_TO_UNDO' : 'NOTHING_TO_REDO');
      const side = back ? changes.before : changes.after;
      let fight = applyStepSide(loaded.fight, side);
      // Units deleted since the step was taken stay out of the fight. The fight's units were just
      // read with it; only those the step brings back (a removal undone) are looked up.
      const known = new Set(loaded.units.keys());
      const others = unitIdsOf(fight.state).filter((id) => !known.has(id));
      const found =
        others.length === 0
          ? []
          : await repo.fightUnits(tx, user.id, campaignId, others, loaded.campaign.initiativeCaracName);
      fight = healed(fight, new Set([...known, ...found.map((unit) => unit._id)]));
      const unitRows = await repo.updateUnits(tx, campaignId, Object.entries(side.units));
      const entries = await repo.markStep(tx, campaignId, step, back);
      return commit(tx, loaded, fight, unitRows, entries, {
        window: windowAfterTravel(loaded.window, entries),
      });
    });
    publish(campaignId, result.combat.version);
    return result;
  }

  return {
    async get(user: CombatActor, campaignId: string): Promise<CombatResponse> {
      const loaded = await loadFight(db, user.id, campaignId, { lock: false });
      return present(db, { ...loaded, updatedAt: loaded.row?.updatedAt ?? null }, loaded);
    },

    /**
     * A page of the log (decision 030): the `limit` entries before `before` (the newest without it),
     * oldest first, and the cursor to go further back. 404 when the campaign is not the user's.
     */
    async logPage(
      user: CombatActor,
      campaignId: string,
      query: { before?: string | undefined; limit: number },
    ): Promise<CombatLogPage> {
      const campaign = await repo.findCombatCampaign(db, user.id, campaignId);
      if (!campaign) throw notFound();
      const before = query.before === undefined ? undefined : placeOf(query.before);
      // One more row than asked says whether older ones are left.
      const rows = await repo.logPage(db, campaignId, query.limit + 1, before);
      const page = rows.length > query.limit ? rows.slice(1) : rows;
      return { entries: page.map(toLogEntry), before: pageCursor(page, rows.length > query.limit) };
    },

    /** The fight's version now (404 when the campaign is not the user's). */
    async version(user: CombatActor, campaignId: string): Promise<number> {
      const campaign = await repo.findCombatCampaign(db, user.id, campaignId);
      if (!campaign) throw notFound();
      return repo.combatVersion(db, campaignId);
    },

    async subscribe(campaignId: string, listener: (event: VersionEvent) => void): Promise<() => void> {
      return events.subscribe('combat', listener, campaignId);
    },

    async act(
      user: CombatActor,
      campaignId: string,
      body: CombatActionBody,
      request?: ActRequest,
    ): Promise<CombatActionResponse> {
      const { action } = body;
      const result = await db.transaction(async (tx) => {
        const loaded = await lockedFight(tx, user, campaignId, body.version, actionUnitIds(action));
        request?.check(loaded.fight);
        const ctx: ActionContext = {
          units: loaded.units,
          statuses: loaded.campaign.statuses,
          initiativeRule: effectiveInitiativeRule(
            user.tier,
            loaded.campaign.initiativeRule as InitiativeRule,
          ),
          initiativeCharacteristic: loaded.campaign.initiativeCaracName,
          initiativeModifier: loaded.campaign.initiativeModifier,
          random,
          rollDie,
          newId: () => crypto.randomUUID(),
        };
        let outcome;
        try {
          outcome = applyCombatAction(loaded.fight, action, ctx);
        } catch (error) {
          throw error instanceof CombatRefusal ? toAppError(error) : error;
        }
        if (request) {
          const requestedBy = request.requestedBy;
          outcome = { ...outcome, entries: outcome.entries.map((entry) => ({ ...entry, requestedBy })) };
        }
        const stored = await storeOutcome(tx, loaded, outcome);
        await request?.within(tx);
        return stored;
      });
      publish(campaignId, result.answer.combat.version);
      if (result.requestsClosed) requestsChanged(campaignId);
      return result.answer;
    },

    /**
     * Runs a saved encounter (docs/decisions/062): in setup only (409 COMBAT_IN_PROGRESS during a
     * fight), the setup is replaced in one step — one version, one undo step — with the missing copies
     * made within the unit limit and the hidden units hidden from players; all or nothing.
     */
    async runEncounter(
      user: CombatActor,
      campaignId: string,
      encounterId: string,
      version: number,
    ): Promise<CombatActionResponse> {
      let hidden = false;
      const result = await db.transaction(async (tx) => {
        const loaded = await lockedFight(tx, user, campaignId, version);
        const encounter = await findEncounterData(tx, user.id, campaignId, encounterId);
        if (!encounter) throw notFound();
        if (loaded.fight.state.phase === 'fight') throw new AppError('COMBAT_IN_PROGRESS');
        const { ids: enemies, created } = await encounterEnemies(tx, user, campaignId, encounter);
        const allies = encounter.allies.map((ally) => ally.unitId);
        const ids = [...allies, ...enemies];
        await repo.lockUnits(tx, campaignId, ids);
        const found = await repo.fightUnits(
          tx,
          user.id,
          campaignId,
          ids,
          loaded.campaign.initiativeCaracName,
        );
        const units = new Map([...loaded.units, ...found.map((unit) => [unit._id, unit] as const)]);
        let outcome;
        try {
          outcome = setupEncounter(
            loaded.fight,
            { allies, enemies, hazards: encounter.hazards, grouping: encounter.groups },
            units,
            () => crypto.randomUUID(),
          );
        } catch (error) {
          throw error instanceof CombatRefusal ? toAppError(error) : error;
        }
        const toHide = encounter.hidden.filter((id) => units.has(id));
        if (deps.playerView && toHide.length > 0) {
          await deps.playerView.hideUnits(tx, user.id, campaignId, toHide);
          hidden = true;
        }
        // In setup: no request is taken or closed.
        const { answer } = await storeOutcome(tx, { ...loaded, units }, outcome);
        // The copies it made are units the client has not seen yet: the answer brings them.
        return { ...answer, units: [...answer.units, ...created.map(toUnit)] };
      });
      publish(campaignId, result.combat.version);
      if (hidden) deps.playerView?.announce(campaignId);
      return result;
    },

    undo: (user: CombatActor, campaignId: string, version: number) => travel(user, campaignId, version, true),
    redo: (user: CombatActor, campaignId: string, version: number) =>
      travel(user, campaignId, version, false),
  };
}

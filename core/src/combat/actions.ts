// One combat action applied to a fight (docs/decisions/021): the new fight, the unit changes, the log
// entries. Pure: the server loads and locks, calls this, and stores the outcome in one transaction; the web
// may use it to show an action before the server answers. Every random draw comes through the context.
import type { CombatAction, CombatState, CombatUnitRef, ConditionMap } from '../schemas/combat';
import { baseName } from '../units/copies';
import {
  addToGroup,
  advanceTurn,
  applyAmount,
  applyBlowShare,
  blowShare,
  defeatedGroup,
  endedCombat,
  initiativeOf,
  removeFromGroups,
  selectTarget,
  startFight,
  withoutKey,
  type Combatant,
} from './combat';
import { deathSaveOutcome, deathSavesOf, isDown, matchingStatus } from './death-saves';
import {
  BLANK_LOG_DETAILS,
  CombatRefusal,
  groupOf,
  Problems,
  resolveStatus,
  type ActionContext,
  type ActionOutcome,
  type Fight,
  type FightUnit,
  type LogDraft,
  type UnitChange,
} from './action-types';
import { resolveAmount } from './amount';
import { CONDITIONS_PER_UNIT_MAX, HAZARD_DEFAULT_INITIATIVE, HAZARDS_PER_FIGHT_MAX } from '../limits';
import { counterValue, resetCounters, withCounterValue, type CounterChange } from './counters';
import { insertInOrder, removeFromOrder, removeHazardFromOrder } from './order';
import { rerolledState } from './reroll';
import {
  entryKey,
  groupMembers,
  groupRef,
  hazardOf,
  insertHazard,
  normalizeGroups,
  turnUnitIds,
  withOrder,
} from './turns';
import { moveInOrder } from './reorder';
import { conditionsOf, keepConditionsOf, tickAll, type ExpiredCondition } from './conditions';

export function applyCombatAction(fight: Fight, action: CombatAction, ctx: ActionContext): ActionOutcome {
  const { state } = fight;
  const units = ctx.units;
  const problems = new Problems();
  const ref = (id: string, at: CombatState = state): CombatUnitRef => ({
    id,
    name: units.get(id)?.name ?? '',
    group: groupOf(at, id),
  });
  /** An entry with the turn it was written in: a unit's (`turnOf`) or a hazard's (`hazard`). */
  const blank = (type: LogDraft['type'], at: CombatState = state): LogDraft => {
    const entry = at.phase === 'fight' ? at.order[at.turnIndex] : undefined;
    const current = entry?.unitId;
    const hazard = hazardOf(at, entry);
    return {
      type,
      round: at.round,
      turnOf: current === undefined ? null : ref(current, at),
      ...BLANK_LOG_DETAILS,
      ...(hazard ? { hazard: { id: hazard.id, name: hazard.name, hidden: hazard.hidden } } : {}),
    };
  };
  const expiryEntries = (expired: readonly ExpiredCondition[], at: CombatState): LogDraft[] =>
    expired.map(({ unitId, condition }) => ({
      ...blank('conditionExpired', at),
      target: ref(unitId, at),
      condition: { ...logCondition(condition), ofUnit: ref(condition.ofUnitId, at) },
    }));
  const counterEntries = (changes: readonly CounterChange[], at: CombatState): LogDraft[] =>
    changes.map((change) => ({
      ...blank('counter', at),
      target: ref(change.unitId, at),
      counter: {
        id: change.counter._id,
        label: change.counter.label,
        kind: change.counter.kind,
        reason: change.reason,
        before: change.before,
        after: change.after,
        max: change.counter.max,
        roll: change.roll,
        die: change.reason === 'recharge' ? (change.counter.recharge?.die ?? null) : null,
        min: change.reason === 'recharge' ? (change.counter.recharge?.min ?? null) : null,
        ranOut: change.ranOut,
      },
    }));
  /** Whose turn it is beyond `turnOf` (docs/decisions/062): a hazard's, or a group's. */
  const turnDetails = (at: CombatState): Pick<LogDraft, 'hazard' | 'group'> => {
    const hazard = hazardOf(at, at.order[at.turnIndex]);
    return {
      hazard: hazard ? { id: hazard.id, name: hazard.name, hidden: hazard.hidden } : null,
      group: groupRef(at.order, at.turnIndex, units),
    };
  };
  /** The order as a reroll's log entry lists it: units, hazards, groups. */
  const orderList = (at: CombatState) => {
    const typed = new Set(at.typed);
    return at.order.map((entry) => {
      if (entry.unitId === undefined) {
        const hazard = hazardOf(at, entry);
        return {
          unit: { id: entry.hazardId!, name: hazard?.name ?? '', group: null },
          initiative: entry.initiative,
          typed: false,
          hazard: true,
          groupId: null,
        };
      }
      return {
        unit: ref(entry.unitId, at),
        initiative: entry.initiative,
        typed: typed.has(entry.unitId),
        hazard: false,
        groupId: entry.groupId ?? null,
      };
    });
  };
  /**
   * The start of the turn at `at.turnIndex` (docs/decisions/062): the conditions of its units counted,
   * their turn-start counters reset and their recharges rolled.
   */
  const startTurn = (at: CombatState, conditions: ConditionMap) => {
    const ids = turnUnitIds(at.order, at.turnIndex);
    const ticked = tickAll(
      conditions,
      ids.map((unitId) => ({ unitId, moment: 'start' as const })),
    );
    const reset = resetCounters(at.counters, units, ids, 'turnStart', ctx.rollDie);
    return {
      state: { ...at, counters: reset.values },
      conditions: ticked.conditions,
      entries: [...counterEntries(reset.changes, at), ...expiryEntries(ticked.expired, at)],
    };
  };
  /** The unit must be the campaign's (else UNKNOWN_UNIT) and in a group (else a field problem). */
  const member = (field: string, id: string): FightUnit => {
    const unit = units.get(id);
    if (!unit) throw new CombatRefusal('UNKNOWN_UNIT');
    if (groupOf(state, id) === null) problems.add(field, 'validation.unitNotInCombat');
    return unit;
  };
  const requireFight = () => {
    if (state.phase !== 'fight') throw new CombatRefusal('FIGHT_NOT_STARTED');
  };
  const done = (
    next: Fight,
    entries: LogDraft[],
    changes = new Map<string, UnitChange>(),
  ): ActionOutcome => ({
    fight: next,
    units: changes,
    entries,
  });
  /**
   * Closes the fight when a side has nobody standing (docs/product.md#combat), flagging the entry that did
   * it.
   */
  const withEndCheck = (next: Fight, entry: LogDraft, standing: ReadonlyMap<string, Combatant>) => {
    const { allies, enemies, deathSaves } = next.state;
    const defeated =
      next.state.phase === 'fight' ? defeatedGroup(allies, enemies, standing, deathSaves) : null;
    if (defeated === null) return next;
    entry.defeated = defeated;
    return { state: endedCombat(), conditions: {} };
  };

  switch (action.type) {
    case 'add': {
      // One unit (`unitId`) or several (`unitIds`: spawned copies, a bulk add) join in one
      // step, all or none; each unit's problem is named by its own field (`unitIds.2`).
      const many = action.unitIds !== undefined;
      if (many === (action.unitId !== undefined)) {
        problems.add(
          many ? 'unitIds' : 'unitId',
          many ? 'validation.unitIdOrUnitIds' : 'validation.required',
        );
      }
      problems.throwIfAny();
      const ids = action.unitIds ?? [action.unitId!];
      const fieldOf = (index: number) => (many ? `unitIds.${index}` : 'unitId');
      const unknown = ids.flatMap((id, index) => (units.has(id) ? [] : [fieldOf(index)]));
      if (unknown.length > 0) {
        // The single form stays as it was (no field); a list says which of its units.
        const fields = many
          ? Object.fromEntries(unknown.map((field) => [field, { key: 'validation.unknownUnit' as const }]))
          : {};
        throw new CombatRefusal('UNKNOWN_UNIT', fields);
      }
      const seen = new Set<string>();
      const joining = ids.map((id, index) => {
        const unit = units.get(id)!;
        if (seen.has(id)) problems.add(fieldOf(index), 'validation.duplicateUnit');
        else if (groupOf(state, id) !== null) problems.add(fieldOf(index), 'validation.unitAlreadyInCombat');
        else if (unit.currentHp <= 0) problems.add(fieldOf(index), 'validation.unitFallen');
        seen.add(id);
        return unit;
      });
      problems.throwIfAny();
      // A typed initiative is for one unit joining mid-fight (reinforcements): at setup
      // there is no order yet, and Start takes the typed ones; units joining together roll each.
      if (action.initiative !== undefined) {
        if (many) problems.add('initiative', 'validation.initiativeOneUnit');
        else if (state.phase !== 'fight') problems.add('initiative', 'validation.initiativeAtStart');
      }
      problems.throwIfAny();
      let next = addToGroup(state, action.group, ids, units);
      const entries: LogDraft[] = joining.map((unit) => ({
        ...blank('add'),
        target: { id: unit._id, name: unit.name, group: action.group },
      }));
      if (next.phase === 'fight') {
        joining.forEach((unit, index) => {
          const initiative =
            action.initiative ??
            initiativeOf(
              unit,
              ctx.initiativeRule,
              ctx.initiativeCharacteristic,
              ctx.random,
              ctx.initiativeModifier,
            );
          next = insertInOrder(next, { unitId: unit._id, initiative }, units, ctx.initiativeCharacteristic);
          entries[index]!.initiative = initiative;
        });
      }
      return done({ state: next, conditions: fight.conditions }, entries);
    }
    case 'remove': {
      member('unitId', action.unitId);
      problems.throwIfAny();
      const entry = { ...blank('remove'), target: ref(action.unitId) };
      let next = removeFromGroups(state, action.unitId);
      if (next.targetId === action.unitId) next = { ...next, targetId: null };
      if (next.phase === 'fight') next = removeFromOrder(next, action.unitId, units);
      const members = new Set([...next.allies, ...next.enemies]);
      const after = withEndCheck(
        { state: next, conditions: keepConditionsOf(fight.conditions, members) },
        entry,
        units,
      );
      return done(after, [entry]);
    }
    case 'start': {
      if (state.phase === 'fight') throw new CombatRefusal('FIGHT_ALREADY_STARTED');
      if (defeatedGroup(state.allies, state.enemies, units, state.deathSaves) !== null) {
        throw new CombatRefusal('FIGHT_NEEDS_BOTH_GROUPS');
      }
      const typed = action.initiatives ?? {};
      for (const unitId of Object.keys(typed)) {
        if (groupOf(state, unitId) === null) {
          problems.add(`initiatives.${unitId}`, 'validation.unitNotInCombat');
        }
      }
      problems.throwIfAny();
      const started = startFight(
        state,
        units,
        ctx.initiativeRule,
        ctx.initiativeCharacteristic,
        ctx.random,
        typed,
        ctx.initiativeModifier,
        {
          ...(action.groups === undefined ? {} : { grouping: action.groups }),
          rerollEachRound: action.rerollEachRound ?? false,
          newId: ctx.newId,
        },
      );
      // The order as it began is the fight's own `order` (and `typed`) in this step's answer and in
      // its stored changes: the entry does not list it again (docs/decisions/074 — on a 200 v 200
      // fight that list was two thirds of the start's answer, and of every log read that held it).
      const entry: LogDraft = { ...blank('start', started), ...turnDetails(started) };
      const turn = startTurn(started, fight.conditions);
      return done({ state: turn.state, conditions: turn.conditions }, [entry, ...turn.entries]);
    }
    case 'attack':
    case 'heal': {
      requireFight();
      // Area damage: the same amount, rolled once, on every target; one entry each.
      const ids = [...new Set([action.targetId, ...(action.targetIds ?? [])])];
      const targets = ids.map((id, index) => {
        const field = index === 0 ? 'targetId' : 'targetIds';
        const target = member(field, id);
        if (action.type === 'attack' && groupOf(state, id) !== null && target.currentHp <= 0) {
          problems.add(field, 'validation.targetFallen');
        }
        return target;
      });
      // Who did it: the source the action names, any unit of the fight (a fallen one
      // too), or nobody. Never guessed from the turn: the web sends the turn's unit by default.
      const actor = action.sourceId ?? undefined;
      if (actor !== undefined && groupOf(state, actor) === null) {
        problems.add('sourceId', 'validation.sourceNotInCombat');
      }
      // Per-target modifiers of an attack (docs/decisions/061) name the blow's own targets.
      const modifiers = action.type === 'attack' ? (action.modifiers ?? {}) : {};
      for (const id of Object.keys(modifiers)) {
        if (!ids.includes(id)) problems.add(`modifiers.${id}`, 'validation.modifierNotTarget');
      }
      const resolved = resolveAmount(action.amount, ctx.rollDie);
      if (!resolved.ok) problems.add('amount', resolved.key, resolved.params);
      problems.throwIfAny();
      if (!resolved.ok) throw new Error('unreachable: refused above');
      const standing = new Map(units);
      const changes = new Map<string, UnitChange>();
      let tempHp = state.tempHp;
      let deathSaves = state.deathSaves;
      const entries = targets.map((target): LogDraft => {
        const entry: LogDraft = {
          ...blank(action.type),
          actor: actor === undefined ? null : ref(actor),
          target: ref(target._id),
          input: resolved.input,
          amount: resolved.amount,
          breakdown: resolved.breakdown,
          clamped: resolved.clamped,
          hpBefore: target.currentHp,
        };
        let hpAfter: number;
        if (action.type === 'heal') {
          hpAfter = applyAmount(target, 'heal', resolved.amount);
          // Any heal ends the death saves (docs/decisions/061).
          deathSaves = withoutKey(deathSaves, target._id);
        } else {
          // One roll for all; each target takes its share, temporary HP first (docs/decisions/061).
          const modifier = Object.hasOwn(modifiers, target._id) ? modifiers[target._id]! : null;
          const share = blowShare(resolved.amount, modifier);
          const tempBefore = Object.hasOwn(tempHp, target._id) ? tempHp[target._id]! : 0;
          const after = applyBlowShare(target, tempBefore, share);
          hpAfter = after.currentHp;
          if (modifier !== null) {
            entry.modifier = modifier;
            entry.rolled = resolved.amount;
            entry.amount = share;
          }
          if (tempBefore > 0) {
            entry.tempBefore = tempBefore;
            entry.tempAfter = after.tempHp;
            tempHp =
              after.tempHp > 0 ? { ...tempHp, [target._id]: after.tempHp } : withoutKey(tempHp, target._id);
          }
        }
        entry.hpAfter = hpAfter;
        standing.set(target._id, { ...target, currentHp: hpAfter });
        changes.set(target._id, { currentHp: hpAfter, status: target.status });
        return entry;
      });
      const next = { ...selectTarget(state, action.targetId), amount: 0, tempHp, deathSaves };
      const after =
        action.type === 'attack'
          ? withEndCheck({ state: next, conditions: fight.conditions }, entries.at(-1)!, standing)
          : { state: next, conditions: fight.conditions };
      return done(after, entries, changes);
    }
    case 'reorder': {
      requireFight();
      member('unitId', action.unitId);
      const from = state.order.findIndex((entry) => entry.unitId === action.unitId);
      if (action.toIndex >= state.order.length) {
        problems.add('toIndex', 'validation.tooBig', { max: state.order.length - 1 });
      } else if (from === action.toIndex) {
        problems.add('toIndex', 'validation.samePlace');
      }
      problems.throwIfAny();
      const moved = moveInOrder(state, action.unitId, action.toIndex);
      if (!moved) throw new Error('unreachable: a member is in the order');
      const entry = { ...blank('reorder'), target: ref(action.unitId), initiative: moved.initiative };
      return done({ state: moved.state, conditions: fight.conditions }, [entry]);
    }
    case 'setStatus': {
      const unit = member('unitId', action.unitId);
      const status = resolveStatus(ctx.statuses, action.status);
      if (!status) problems.add('status', 'validation.unknownStatus');
      problems.throwIfAny();
      const name = status!.name;
      const entry = {
        ...blank('setStatus'),
        target: ref(unit._id),
        statusBefore: unit.status,
        statusAfter: name,
      };
      return done(fight, [entry], new Map([[unit._id, { currentHp: unit.currentHp, status: name }]]));
    }
    case 'addCondition': {
      const unit = member('unitId', action.unitId);
      const status = resolveStatus(ctx.statuses, action.status);
      if (!status) problems.add('status', 'validation.unknownStatus');
      const ofUnitId = action.ofUnitId ?? action.unitId;
      if (ofUnitId !== action.unitId) member('ofUnitId', ofUnitId);
      const list = conditionsOf(fight.conditions, unit._id);
      if (list.length >= CONDITIONS_PER_UNIT_MAX) {
        problems.add('unitId', 'validation.tooManyConditions', { max: CONDITIONS_PER_UNIT_MAX });
      }
      problems.throwIfAny();
      const condition = {
        id: ctx.newId(),
        statusId: status!._id,
        status: status!.name,
        rounds: action.rounds ?? null,
        endsOn: action.endsOn ?? 'end',
        ofUnitId,
        elapsed: 0,
      };
      const entry = {
        ...blank('addCondition'),
        target: ref(unit._id),
        condition: { ...logCondition(condition), ofUnit: ref(ofUnitId) },
      };
      const conditions = { ...fight.conditions, [unit._id]: [...list, condition] };
      return done({ state, conditions }, [entry]);
    }
    case 'removeCondition': {
      const unit = member('unitId', action.unitId);
      const list = conditionsOf(fight.conditions, unit._id);
      const condition = list.find((item) => item.id === action.conditionId);
      if (!condition && groupOf(state, unit._id) !== null) {
        problems.add('conditionId', 'validation.unknownCondition');
      }
      problems.throwIfAny();
      const entry = {
        ...blank('removeCondition'),
        target: ref(unit._id),
        condition: { ...logCondition(condition!), ofUnit: ref(condition!.ofUnitId) },
      };
      const conditions = { ...fight.conditions, [unit._id]: list.filter((item) => item !== condition) };
      if (conditions[unit._id]!.length === 0) delete conditions[unit._id];
      return done({ state, conditions }, [entry]);
    }
    case 'nextTurn': {
      requireFight();
      const endedIds = turnUnitIds(state.order, state.turnIndex);
      const advanced = advanceTurn(state, units);
      const { wrapped } = advanced;
      const moved = wrapped || advanced.state.turnIndex !== state.turnIndex;
      if (!moved) {
        return done({ state: advanced.state, conditions: fight.conditions }, [
          { ...blank('nextTurn', advanced.state), wrapped, ...turnDetails(advanced.state) },
        ]);
      }
      // The end of the turn: conditions counted, turn-end counters reset (docs/decisions/062).
      const atEnd = tickAll(
        fight.conditions,
        endedIds.map((unitId) => ({ unitId, moment: 'end' as const })),
      );
      const endReset = resetCounters(state.counters, units, endedIds, 'turnEnd', ctx.rollDie);
      const entries: LogDraft[] = [
        ...expiryEntries(atEnd.expired, state),
        ...counterEntries(endReset.changes, state),
      ];
      let next: CombatState = { ...advanced.state, counters: endReset.values };
      if (wrapped && state.rerollEachRound) {
        next = rerolledState(next, units, {
          rule: ctx.initiativeRule,
          characteristic: ctx.initiativeCharacteristic,
          modifier: ctx.initiativeModifier,
          random: ctx.random,
        });
        entries.push({ ...blank('reroll', next), initiatives: orderList(next) });
      }
      entries.push({ ...blank('nextTurn', next), wrapped, ...turnDetails(next) });
      if (wrapped) {
        const roundReset = resetCounters(
          next.counters,
          units,
          [...next.allies, ...next.enemies],
          'roundStart',
          ctx.rollDie,
        );
        next = { ...next, counters: roundReset.values };
        entries.push(...counterEntries(roundReset.changes, next));
      }
      const turn = startTurn(next, atEnd.conditions);
      return done({ state: turn.state, conditions: turn.conditions }, [...entries, ...turn.entries]);
    }
    case 'rerollInitiative': {
      requireFight();
      const next = rerolledState(state, units, {
        rule: ctx.initiativeRule,
        characteristic: ctx.initiativeCharacteristic,
        modifier: ctx.initiativeModifier,
        random: ctx.random,
      });
      const entry = { ...blank('reroll'), initiatives: orderList(next) };
      // The turn goes to the new first entry: a turn that starts, logged as one (players read it, and
      // a unit hidden until its first turn shows), as after a wrap.
      const moved = entryKey(next.order[next.turnIndex]!) !== entryKey(state.order[state.turnIndex]!);
      if (!moved) return done({ state: next, conditions: fight.conditions }, [entry]);
      const turn = startTurn(next, fight.conditions);
      return done({ state: turn.state, conditions: turn.conditions }, [
        entry,
        { ...blank('nextTurn', next), wrapped: false, ...turnDetails(next) },
        ...turn.entries,
      ]);
    }
    case 'useCounter':
    case 'setCounter': {
      const unit = member('unitId', action.unitId);
      const counter = (unit.counters ?? []).find((item) => item._id === action.counterId);
      if (!counter) problems.add('counterId', 'validation.unknownCounter');
      problems.throwIfAny();
      const before = counterValue(state.counters, unit._id, counter!);
      let after: number;
      if (action.type === 'useCounter') {
        after = before - (action.amount ?? 1);
        if (after < 0) problems.add('amount', 'validation.counterTooLow', { value: before });
      } else {
        after = action.value;
        if (after > counter!.max) problems.add('value', 'validation.tooBig', { max: counter!.max });
      }
      problems.throwIfAny();
      const counters = withCounterValue(state.counters, unit._id, counter!._id, after);
      const [entry] = counterEntries(
        [
          {
            unitId: unit._id,
            counter: counter!,
            reason: action.type === 'useCounter' ? 'use' : 'set',
            before,
            after,
            roll: null,
            ranOut: counter!.kind === 'countdown' && before > 0 && after === 0,
          },
        ],
        state,
      );
      return done({ state: { ...state, counters }, conditions: fight.conditions }, [entry!]);
    }
    case 'addHazard': {
      if (state.hazards.length >= HAZARDS_PER_FIGHT_MAX) {
        problems.add('name', 'validation.tooManyItems', { max: HAZARDS_PER_FIGHT_MAX });
      }
      problems.throwIfAny();
      const hazard = {
        id: ctx.newId(),
        name: action.name,
        initiative: action.initiative ?? HAZARD_DEFAULT_INITIATIVE,
        hidden: action.hidden ?? false,
      };
      let next: CombatState = { ...state, hazards: [...state.hazards, hazard] };
      if (next.phase === 'fight') next = insertHazard(next, hazard);
      const entry = {
        ...blank('addHazard'),
        hazard: { id: hazard.id, name: hazard.name, hidden: hazard.hidden },
        initiative: hazard.initiative,
      };
      return done({ state: next, conditions: fight.conditions }, [entry]);
    }
    case 'removeHazard': {
      const hazard = state.hazards.find((item) => item.id === action.hazardId);
      if (!hazard) problems.add('hazardId', 'validation.unknownHazard');
      problems.throwIfAny();
      const entry = {
        ...blank('removeHazard'),
        hazard: { id: hazard!.id, name: hazard!.name, hidden: hazard!.hidden },
      };
      let next: CombatState = { ...state, hazards: state.hazards.filter((item) => item !== hazard) };
      if (next.phase === 'fight') next = removeHazardFromOrder(next, hazard!.id, units);
      return done({ state: next, conditions: fight.conditions }, [entry]);
    }
    case 'group': {
      requireFight();
      const seen = new Set<string>();
      const members = action.unitIds.map((id, index) => {
        const unit = member(`unitIds.${index}`, id);
        if (seen.has(id)) problems.add(`unitIds.${index}`, 'validation.duplicateUnit');
        seen.add(id);
        return unit;
      });
      problems.throwIfAny();
      const side = groupOf(state, members[0]!._id);
      if (members.some((unit) => groupOf(state, unit._id) !== side)) {
        problems.add('unitIds', 'validation.groupOneSide');
      }
      problems.throwIfAny();
      // The others join the first one where it stands, at its initiative; they leave their groups.
      const groupId = ctx.newId();
      const firstId = members[0]!._id;
      const first = state.order.find((entry) => entry.unitId === firstId)!;
      const others = new Set(members.slice(1).map((unit) => unit._id));
      const joined = members.slice(1).map((unit) => ({
        unitId: unit._id,
        initiative: first.initiative,
        groupId,
      }));
      const order = normalizeGroups(
        state.order
          .filter((entry) => entry.unitId === undefined || !others.has(entry.unitId))
          .flatMap((entry) =>
            entry.unitId === firstId
              ? [{ unitId: firstId, initiative: first.initiative, groupId }, ...joined]
              : [entry],
          ),
      );
      const next = withOrder(state, order);
      const entry = {
        ...blank('group', next),
        group: { id: groupId, name: baseName(members[0]!.name), size: members.length },
        initiative: first.initiative,
      };
      return done({ state: next, conditions: fight.conditions }, [entry]);
    }
    case 'ungroup': {
      requireFight();
      const memberIds = groupMembers(state.order, action.groupId);
      if (memberIds.length === 0) problems.add('groupId', 'validation.unknownGroup');
      problems.throwIfAny();
      const entry = {
        ...blank('ungroup'),
        group: groupRef(
          state.order,
          state.order.findIndex((e) => e.groupId === action.groupId),
          units,
        ),
      };
      const order = state.order.map((item) => {
        if (item.groupId !== action.groupId) return item;
        const { groupId: _dropped, ...rest } = item;
        return rest;
      });
      return done({ state: { ...state, order }, conditions: fight.conditions }, [entry]);
    }
    case 'deathSave': {
      requireFight();
      const unit = member('unitId', action.unitId);
      problems.throwIfAny();
      const tally = deathSavesOf(state.deathSaves, unit._id);
      if (!isDown(unit)) problems.add('unitId', 'validation.notDown');
      else if (deathSaveOutcome(tally) !== null) problems.add('unitId', 'validation.deathSavesEnded');
      problems.throwIfAny();
      const after =
        action.result === 'success'
          ? { ...tally, successes: tally.successes + 1 }
          : { ...tally, failures: tally.failures + 1 };
      const entry: LogDraft = {
        ...blank('deathSave'),
        target: ref(unit._id),
        deathSave: { result: action.result, ...after },
      };
      const next = { ...state, deathSaves: { ...state.deathSaves, [unit._id]: after } };
      const outcome = deathSaveOutcome(after);
      if (outcome === null) return done({ state: next, conditions: fight.conditions }, [entry]);
      // Saves ended: the campaign's matching status, if it has one, goes on the unit; the side may
      // have nobody standing now.
      const changes = new Map<string, UnitChange>();
      const status = matchingStatus(ctx.statuses, outcome);
      if (status) {
        entry.statusBefore = unit.status;
        entry.statusAfter = status.name;
        changes.set(unit._id, { currentHp: unit.currentHp, status: status.name });
      }
      const ended = withEndCheck({ state: next, conditions: fight.conditions }, entry, units);
      return done(ended, [entry], changes);
    }
    case 'setTempHp': {
      const unit = member('unitId', action.unitId);
      problems.throwIfAny();
      const before = Object.hasOwn(state.tempHp, unit._id) ? state.tempHp[unit._id]! : 0;
      // A new value replaces the old one: temporary HP do not add up (docs/decisions/061).
      const tempHp =
        action.value > 0 ? { ...state.tempHp, [unit._id]: action.value } : withoutKey(state.tempHp, unit._id);
      const entry: LogDraft = {
        ...blank('setTempHp'),
        target: ref(unit._id),
        tempBefore: before,
        tempAfter: action.value,
      };
      return done({ state: { ...state, tempHp }, conditions: fight.conditions }, [entry]);
    }
    case 'end': {
      if (
        state.phase === 'setup' &&
        state.allies.length === 0 &&
        state.enemies.length === 0 &&
        state.hazards.length === 0
      ) {
        throw new CombatRefusal('FIGHT_NOT_STARTED');
      }
      return done({ state: endedCombat(), conditions: {} }, [blank('end')]);
    }
  }
}

function logCondition(condition: ConditionMap[string][number]) {
  return { id: condition.id, status: condition.status, rounds: condition.rounds, endsOn: condition.endsOn };
}

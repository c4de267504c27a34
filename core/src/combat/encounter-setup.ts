// A saved encounter set up in one step (docs/decisions/062): the setup is replaced by the encounter's
// sides and hazards, every unit joining with its counters full, the enemies at full HP. Pure, like an
// action: the server makes the missing copies first, then stores this outcome as one undoable step.
import type { GroupingMode } from '../schemas/combat';
import {
  BLANK_LOG_DETAILS,
  CombatRefusal,
  Problems,
  type ActionOutcome,
  type Fight,
  type FightUnit,
  type LogDraft,
  type UnitChange,
} from './action-types';
import { addToGroup, EMPTY_COMBAT } from './combat';

export interface EncounterSetup {
  allies: readonly string[];
  enemies: readonly string[];
  hazards: readonly { name: string; initiative: number; hidden: boolean }[];
  grouping: GroupingMode;
}

export function setupEncounter(
  fight: Fight,
  setup: EncounterSetup,
  units: ReadonlyMap<string, FightUnit>,
  newId: () => string,
): ActionOutcome {
  if (fight.state.phase === 'fight') throw new CombatRefusal('FIGHT_ALREADY_STARTED');
  const problems = new Problems();
  setup.allies.forEach((id, index) => {
    const unit = units.get(id);
    if (!unit) problems.add(`allies.${index}.unitId`, 'validation.unknownUnit');
    // A fallen ally cannot join a fight (docs/product.md#combat); enemies come back at full HP.
    else if (unit.currentHp <= 0) problems.add(`allies.${index}.unitId`, 'validation.unitFallen');
  });
  setup.enemies.forEach((id, index) => {
    if (!units.has(id)) problems.add(`enemies.${index}.unitId`, 'validation.unknownUnit');
  });
  problems.throwIfAny();
  const changes = new Map<string, UnitChange>();
  const fresh = new Map(units);
  for (const id of setup.enemies) {
    const unit = units.get(id)!;
    if (unit.currentHp !== unit.hp) {
      changes.set(id, { currentHp: unit.hp, status: unit.status });
      fresh.set(id, { ...unit, currentHp: unit.hp });
    }
  }
  let state = { ...EMPTY_COMBAT, amount: fight.state.amount, grouping: setup.grouping };
  state = addToGroup(state, 'allies', setup.allies, fresh);
  state = addToGroup(state, 'enemies', setup.enemies, fresh);
  const hazards = setup.hazards.map((hazard) => ({ id: newId(), ...hazard }));
  state = { ...state, hazards };
  const blank = (type: LogDraft['type']): LogDraft => ({
    type,
    round: 1,
    turnOf: null,
    ...BLANK_LOG_DETAILS,
  });
  const entries: LogDraft[] = [
    ...(['allies', 'enemies'] as const).flatMap((group) =>
      state[group].map((id) => ({ ...blank('add'), target: { id, name: units.get(id)!.name, group } })),
    ),
    ...hazards.map((hazard) => ({
      ...blank('addHazard'),
      hazard: { id: hazard.id, name: hazard.name, hidden: hazard.hidden },
      initiative: hazard.initiative,
    })),
  ];
  return { fight: { state, conditions: {} }, units: changes, entries };
}

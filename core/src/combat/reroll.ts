// Initiative rolled again (docs/decisions/062): each round when the fight was started so, or on the game
// master's demand. Every rolled initiative is rolled again (a typed one is kept, a group rolls once at its
// first member), the order is sorted again with the start's rule, hazards go back at their initiative,
// and the turn goes to the new first entry that takes one.
import type { InitiativeModifier, InitiativeRule } from '../constants';
import type { CombatState, OrderEntry } from '../schemas/combat';
import { compareInitiative, initiativeOf, type Combatant, type Random } from './combat';
import { entryTakesTurn, insertHazard } from './turns';

export interface RerollRules {
  rule: InitiativeRule;
  characteristic: string;
  modifier: InitiativeModifier;
  random: Random;
}

export function rerolledState(
  state: CombatState,
  units: ReadonlyMap<string, Combatant>,
  rules: RerollRules,
): CombatState {
  const typed = new Set(state.typed);
  const blocks: { unit: Combatant; initiative: number; entries: OrderEntry[] }[] = [];
  const byGroup = new Map<string, (typeof blocks)[number]>();
  for (const entry of state.order) {
    if (entry.unitId === undefined) continue;
    const block = entry.groupId === undefined ? undefined : byGroup.get(entry.groupId);
    if (block) {
      block.entries.push(entry);
      continue;
    }
    const unit = units.get(entry.unitId) ?? {
      _id: entry.unitId,
      name: '',
      hp: 0,
      currentHp: 0,
      characteristics: {},
    };
    const initiative = typed.has(entry.unitId)
      ? entry.initiative
      : initiativeOf(unit, rules.rule, rules.characteristic, rules.random, rules.modifier);
    const created = { unit, initiative, entries: [entry] };
    blocks.push(created);
    if (entry.groupId !== undefined) byGroup.set(entry.groupId, created);
  }
  blocks.sort((a, b) => compareInitiative(a, b, rules.characteristic));
  let next: CombatState = {
    ...state,
    order: blocks.flatMap((block) =>
      block.entries.map((entry) => ({ ...entry, initiative: block.initiative })),
    ),
    turnIndex: 0,
  };
  for (const hazard of state.hazards) next = insertHazard(next, hazard);
  const first = next.order.findIndex((entry) => entryTakesTurn(entry, units, state.deathSaves));
  return { ...next, turnIndex: Math.max(first, 0), targetId: null };
}

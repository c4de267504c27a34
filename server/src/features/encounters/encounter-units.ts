// Which units an encounter may name (docs/decisions/062): units of its campaign, each once across both
// sides, and each hidden unit once. Pure, so the API and the campaign import (in its worker thread,
// decision 047) say the same words on the same fields.
import type { MessageKey } from '@questkeeper/core/i18n';

export interface EncounterUnits {
  allies: readonly { unitId: string }[];
  enemies: readonly { unitId: string }[];
  hidden: readonly string[];
}

/** Problems by field (`enemies.2.unitId`, `hidden.0`): a unit not in `known`, or named twice. */
export function encounterUnitProblems(
  encounter: EncounterUnits,
  known: (unitId: string) => boolean,
): Record<string, { key: MessageKey }> {
  const problems: Record<string, { key: MessageKey }> = {};
  const check = (field: string, unitId: string, seen: Set<string>) => {
    if (!known(unitId)) problems[field] = { key: 'validation.unknownUnit' };
    else if (seen.has(unitId)) problems[field] = { key: 'validation.duplicateUnit' };
    seen.add(unitId);
  };
  const inFight = new Set<string>();
  encounter.allies.forEach(({ unitId }, i) => check(`allies.${i}.unitId`, unitId, inFight));
  encounter.enemies.forEach(({ unitId }, i) => check(`enemies.${i}.unitId`, unitId, inFight));
  const hidden = new Set<string>();
  encounter.hidden.forEach((unitId, i) => check(`hidden.${i}`, unitId, hidden));
  return problems;
}

/** Every unit id an encounter names. */
export const encounterUnitIds = (encounter: EncounterUnits): string[] => [
  ...encounter.allies.map((ally) => ally.unitId),
  ...encounter.enemies.map((enemy) => enemy.unitId),
  ...encounter.hidden,
];

// Campaign files with a fight and its log, for the import tests (decision 047).
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import { campaignFile } from './user-data-fixtures';

/** A log entry as the export writes it: a blow of u0 on u0 in round 1. */
export function logEntry(step: number, at = '2026-11-27T10:00:00.000Z') {
  const unit = { id: 'u0', name: 'U0', group: 'allies' as const };
  return {
    id: `e${step}`,
    step,
    type: 'attack',
    round: 1,
    turnOf: unit,
    ...BLANK_LOG_DETAILS,
    actor: unit,
    target: unit,
    input: '3',
    amount: 3,
    hpBefore: 10,
    hpAfter: 7,
    undone: false,
    at,
  };
}

/** A valid file with one unit and a fight whose log is `log`. */
export function fileWithLog(log: unknown[]) {
  return {
    ...campaignFile({ units: 1 }),
    fight: {
      phase: 'fight',
      allies: ['u0'],
      enemies: [],
      order: [{ unitId: 'u0', initiative: 10 }],
      turnIndex: 0,
      round: 1,
      amount: 0,
      targetId: null,
      conditions: {},
      log,
    },
  };
}

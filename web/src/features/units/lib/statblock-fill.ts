// A read stat block laid over the unit form (docs/product.md#paste-a-stat-block): the fields it read
// replace the form's, the others stay as typed; its notes go after notes already written, its counters
// after the form's up to the limit. The GM reviews the form and saves it as usual.
import { COUNTERS_PER_UNIT_MAX } from '@questkeeper/core/limits';
import type { ParseStatBlockResponse } from '@questkeeper/core/schemas/statblock';
import { applyGenerated, newCounter, type CounterDraft, type UnitFormValues } from './unit-form';

export type StatBlockUnreadItem = ParseStatBlockResponse['unread'][number];
type CampaignLists = Parameters<typeof applyGenerated>[1];

export function applyStatBlock(
  values: UnitFormValues,
  campaign: CampaignLists,
  read: ParseStatBlockResponse['unit'],
): { values: UnitFormValues; leftOut: StatBlockUnreadItem[] } {
  const counters: CounterDraft[] = read.counters.map((counter) => ({
    ...newCounter('blank'),
    label: counter.label,
    max: String(counter.max),
    kind: counter.kind,
    reset: counter.reset,
    recharge: counter.recharge
      ? { die: String(counter.recharge.die), min: String(counter.recharge.min) }
      : null,
  }));
  const room = Math.max(0, COUNTERS_PER_UNIT_MAX - values.counters.length);
  const leftOut = counters.slice(room).map((counter): StatBlockUnreadItem => ({
    reason: 'tooManyCounters',
    text: counter.label,
    limit: COUNTERS_PER_UNIT_MAX,
  }));
  const notes =
    read.notes === ''
      ? values.notes
      : values.notes.trim() === ''
        ? read.notes
        : `${values.notes.trimEnd()}\n\n${read.notes}`;
  return {
    values: {
      ...applyGenerated(values, campaign, read.characteristics),
      name: read.name ?? values.name,
      hp: read.hp === undefined ? values.hp : String(read.hp),
      notes,
      counters: [...values.counters, ...counters.slice(0, room)],
    },
    leftOut,
  };
}

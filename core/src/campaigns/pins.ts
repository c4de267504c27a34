// Pinned characteristics (docs/decisions/061; docs/product.md#fight-rows): a campaign shows at most
// PINNED_CHARACTERISTICS_MAX of its characteristics on the game master's fight rows. One check for
// the whole-list save (the schema), every list edit (the campaign rules run it on the list the edit
// gives), an import, and the characteristics view, which disables a pin that would be one too many.
import type { Problem } from '../checks';
import { PINNED_CHARACTERISTICS_MAX } from '../limits';

interface Pinnable {
  name: string;
  pinned?: boolean | undefined;
}

/** How many entries of a characteristics list are pinned. */
export function pinnedCount(list: readonly Pinnable[]): number {
  return list.reduce((count, item) => (item.pinned === true ? count + 1 : count), 0);
}

/** A list with `count` pinned entries: the problem when that is more than the campaign may pin. */
export function checkPinnedCount(count: number): Problem | null {
  if (count <= PINNED_CHARACTERISTICS_MAX) return null;
  return { key: 'validation.tooManyPinned', params: { max: PINNED_CHARACTERISTICS_MAX } };
}

/** Whether one more entry of this list may be pinned. */
export function mayPinAnother(list: readonly Pinnable[]): boolean {
  return checkPinnedCount(pinnedCount(list) + 1) === null;
}

/**
 * A list that pins too many: the problem, and the entry its field message goes beside — given the list
 * as saved (`before`), the first entry pinned now that was not then (the pin just asked for), else the
 * first pin past the limit. null when the list is fine.
 */
export function checkPinnedCharacteristics(
  list: readonly Pinnable[],
  before?: readonly Pinnable[],
): { index: number; problem: Problem } | null {
  const problem = checkPinnedCount(pinnedCount(list));
  if (!problem) return null;
  const pins = list.flatMap((item, index) => (item.pinned === true ? [index] : []));
  const wasPinned = new Set(before?.filter((item) => item.pinned === true).map((item) => item.name));
  const fresh = before ? pins.find((index) => !wasPinned.has(list[index]!.name)) : undefined;
  return { index: fresh ?? pins[PINNED_CHARACTERISTICS_MAX]!, problem };
}

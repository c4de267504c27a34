// One edit of one list entry (decision 036), applied to the list as saved: the result is the whole
// list a save would send, so the service checks and writes it exactly like a whole-list save (tier
// rules, unit follow-ups). Pure: the service runs it under the campaign's row lock.
import type { CampaignData } from '@questkeeper/core/campaigns/default-campaign';
import type { CampaignList, ListEditBody } from '@questkeeper/core/schemas/campaigns';
import { AppError, notFound } from '../../lib/app-error';

type Entry = CampaignData[CampaignList][number];

export interface ListEditResult {
  list: Entry[];
  /** Where the added or changed entry is in `list` (-1 for a delete). */
  index: number;
  /** The added or changed entry's id (`_id`, or the name of a characteristic). */
  itemId?: string;
}

/** Characteristics have no `_id`: their name is their id (units key their values by it). */
const idOf = (entry: Entry): string => ('_id' in entry ? entry._id : entry.name);

export function applyListEdit(
  current: readonly Entry[],
  edit: ListEditBody,
  newId: () => string,
): ListEditResult {
  if (edit.op === 'add') {
    const entry = (
      edit.list === 'characteristics' ? { ...edit.item } : { ...edit.item, _id: newId() }
    ) as Entry;
    assertUniqueName(current, entry.name, -1, 'item.name');
    const index = Math.min(edit.at ?? current.length, current.length);
    return {
      list: [...current.slice(0, index), entry, ...current.slice(index)],
      index,
      itemId: idOf(entry),
    };
  }

  const index = current.findIndex((entry) => idOf(entry) === edit.itemId);
  // Deleted meanwhile (another tab), or never there.
  if (index === -1) throw notFound();
  if (edit.op === 'delete') return { list: current.filter((_, i) => i !== index), index: -1 };

  const changes = Object.fromEntries(Object.entries(edit.changes).filter(([, value]) => value !== undefined));
  const entry = { ...current[index]!, ...changes } as Entry;
  if (changes.name !== undefined) assertUniqueName(current, entry.name, index, 'changes.name');
  return { list: current.map((item, i) => (i === index ? entry : item)), index, itemId: idOf(entry) };
}

/** No two entries of one list share a name, ignoring case (as a whole-list save refuses). */
function assertUniqueName(list: readonly Entry[], name: string, except: number, field: string) {
  const key = name.toLocaleLowerCase();
  if (list.some((entry, i) => i !== except && entry.name.toLocaleLowerCase() === key)) {
    throw new AppError('VALIDATION_FAILED', {}, { [field]: { key: 'validation.duplicateName' } });
  }
}

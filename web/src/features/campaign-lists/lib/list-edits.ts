// List edits: each add, rename, recolour, note or delete is one call for one entry
// (POST /api/game-data/{id}/lists, decision 036), applied by the server to the list as it is then, so
// two tabs editing the same list never undo each other.
import {
  CHARACTERISTIC_MAX_CHOICES,
  DEFAULT_CHARACTERISTIC_MAX,
  DEFAULT_CLASS_COLOR,
} from '@questkeeper/core/constants';
import type { ListEditInput } from '@questkeeper/core/schemas/campaigns';
import type { ListKind } from './list-access';

/** Any entry of the four lists; `_id` and `note` are absent on characteristics. */
export interface ListItem {
  _id?: string | undefined;
  name: string;
  note?: string | undefined;
  color?: string | undefined;
  max?: number | undefined;
  /** A characteristic shown on the fight rows (docs/decisions/061). */
  pinned?: boolean | undefined;
}

/** What the add and edit forms change. */
export interface ItemFields {
  name: string;
  color?: string | undefined;
  max?: number | undefined;
}

export type CharacteristicMax = (typeof CHARACTERISTIC_MAX_CHOICES)[number];

export function isCharacteristicMax(value: unknown): value is CharacteristicMax {
  return (CHARACTERISTIC_MAX_CHOICES as readonly unknown[]).includes(value);
}

const DEFAULT_CHARACTERISTIC_MAX_CHOICE: CharacteristicMax = isCharacteristicMax(DEFAULT_CHARACTERISTIC_MAX)
  ? DEFAULT_CHARACTERISTIC_MAX
  : 100;

/** A stable React key: the item's id, or its position for characteristics (they have no id). */
export function itemKey(item: ListItem, index: number): string {
  return item._id ?? `#${index}`;
}

/** Whether the form changed anything worth a save (names compare trimmed). */
export function fieldsChanged(item: ListItem, fields: ItemFields): boolean {
  return (
    item.name !== fields.name.trim() ||
    (fields.color !== undefined && fields.color.toLowerCase() !== item.color?.toLowerCase()) ||
    (fields.max !== undefined && fields.max !== item.max)
  );
}

/** How the server addresses an entry: its `_id`, or its name for a characteristic (they have none). */
export function itemIdOf(item: ListItem): string {
  return item._id ?? item.name;
}

/** The fields of an entry that a list of this kind has, for an add. */
function addedFields(kind: ListKind, item: ListItem) {
  const name = item.name.trim();
  switch (kind) {
    case 'characteristics':
      return {
        name,
        max: isCharacteristicMax(item.max) ? item.max : DEFAULT_CHARACTERISTIC_MAX_CHOICE,
        // Undo of a delete brings the pin back too.
        ...(item.pinned ? { pinned: true } : {}),
      };
    case 'classes':
      return { name, color: item.color ?? DEFAULT_CLASS_COLOR, note: item.note ?? '' };
    case 'races':
    case 'statuses':
      return { name, note: item.note ?? '' };
  }
}

/**
 * A new entry (POST /api/game-data/{id}/lists, decision 036): the server adds it to the list as it is
 * then, at `at` (Undo puts a deleted entry back where it was) or at the end, and gives it an `_id`.
 */
export function addEdit(kind: ListKind, item: ListItem, at?: number): ListEditInput {
  return {
    op: 'add',
    list: kind,
    item: addedFields(kind, item),
    ...(at === undefined ? {} : { at }),
  } as ListEditInput;
}

/** A change of one entry: only the fields that changed and that its kind has. */
export function changeEdit(kind: ListKind, item: ListItem, patch: Partial<ListItem>): ListEditInput {
  const changes: Record<string, unknown> = {};
  if (patch.name !== undefined && patch.name.trim() !== item.name) changes.name = patch.name.trim();
  if (
    kind === 'classes' &&
    patch.color !== undefined &&
    patch.color.toLowerCase() !== item.color?.toLowerCase()
  )
    changes.color = patch.color;
  if (kind === 'characteristics' && isCharacteristicMax(patch.max) && patch.max !== item.max)
    changes.max = patch.max;
  if (kind === 'characteristics' && patch.pinned !== undefined && patch.pinned !== (item.pinned === true))
    changes.pinned = patch.pinned;
  if (kind !== 'characteristics' && patch.note !== undefined) changes.note = patch.note;
  return { op: 'update', list: kind, itemId: itemIdOf(item), changes } as ListEditInput;
}

export function deleteEdit(kind: ListKind, item: ListItem): ListEditInput {
  return { op: 'delete', list: kind, itemId: itemIdOf(item) };
}

export type ItemField = 'name' | 'color' | 'max' | 'note';

/**
 * Splits the server's field errors of one edit (`item.name` for an add, `changes.note` for a change:
 * "Two entries cannot have the same name.") into those of the entry, shown beside its inputs, and the
 * rest, shown in the form's alert.
 */
export function splitFieldErrors(fields: Readonly<Record<string, string>>): {
  item: Partial<Record<ItemField, string>>;
  other: string[];
} {
  const item: Partial<Record<ItemField, string>> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const field = /^(?:item|changes)\.(\w+)$/.exec(path)?.[1] ?? '';
    if (field === 'name' || field === 'color' || field === 'max' || field === 'note') item[field] = message;
    else other.push(message);
  }
  return { item, other };
}

// Whole-list edits: the server saves a list at once (PUT /api/game-data/{id} with `{ races: […] }`),
// so every add, rename, recolour, note or delete builds the full new list from the saved one.
import {
  CHARACTERISTIC_MAX_CHOICES,
  DEFAULT_CHARACTERISTIC_MAX,
  DEFAULT_CLASS_COLOR,
} from '@questkeeper/core/constants';
import type { UpdateCampaignBody } from '@questkeeper/core/schemas/campaigns';
import type { ListKind } from './list-access';

/** Any entry of the four lists; `_id` and `note` are absent on characteristics. */
export interface ListItem {
  _id?: string | undefined;
  name: string;
  note?: string | undefined;
  color?: string | undefined;
  max?: number | undefined;
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

/** A new entry at the end of the list; the server gives it an `_id`. */
export function appendItem<T extends ListItem>(list: readonly T[], fields: ItemFields): ListItem[] {
  return [...list, { ...fields, name: fields.name.trim(), note: '' }];
}

export function updateItem<T extends ListItem>(
  list: readonly T[],
  index: number,
  patch: Partial<ListItem>,
): ListItem[] {
  return list.map((item, i) => {
    if (i !== index) return item;
    const next = { ...item, ...patch };
    return patch.name === undefined ? next : { ...next, name: patch.name.trim() };
  });
}

export function removeItem<T extends ListItem>(list: readonly T[], index: number): ListItem[] {
  return list.filter((_, i) => i !== index);
}

/**
 * `item` back at `index` (or at the end when the list got shorter meanwhile): Undo after a delete.
 * Without its old `_id`: the server gives it a new one, as for any new entry.
 */
export function insertItem<T extends ListItem>(
  list: readonly T[],
  index: number,
  item: ListItem,
): ListItem[] {
  const { _id: _dropped, ...fields } = item;
  const at = Math.min(Math.max(index, 0), list.length);
  return [...list.slice(0, at), fields, ...list.slice(at)];
}

/** Whether the form changed anything worth a save (names compare trimmed). */
export function fieldsChanged(item: ListItem, fields: ItemFields): boolean {
  return (
    item.name !== fields.name.trim() ||
    (fields.color !== undefined && fields.color.toLowerCase() !== item.color?.toLowerCase()) ||
    (fields.max !== undefined && fields.max !== item.max)
  );
}

/** The request body that replaces one list, with only the fields the schema accepts. */
export function listChanges(kind: ListKind, list: readonly ListItem[]): UpdateCampaignBody {
  const id = (item: ListItem) => (item._id ? { _id: item._id } : {});
  switch (kind) {
    case 'characteristics':
      return {
        characteristics: list.map((item) => ({
          name: item.name,
          max: isCharacteristicMax(item.max) ? item.max : DEFAULT_CHARACTERISTIC_MAX_CHOICE,
        })),
      };
    case 'classes':
      return {
        classes: list.map((item) => ({
          ...id(item),
          name: item.name,
          color: item.color ?? DEFAULT_CLASS_COLOR,
          note: item.note ?? '',
        })),
      };
    case 'races':
      return { races: list.map((item) => ({ ...id(item), name: item.name, note: item.note ?? '' })) };
    case 'statuses':
      return { statuses: list.map((item) => ({ ...id(item), name: item.name, note: item.note ?? '' })) };
  }
}

export type ItemField = 'name' | 'color' | 'max' | 'note';

/**
 * Splits the server's field errors (`races.2.name: "Two entries cannot have the same name."`) into
 * those of the entry at `index`, shown beside its inputs, and the rest, shown in the form's alert.
 */
export function splitFieldErrors(
  fields: Readonly<Record<string, string>>,
  kind: ListKind,
  index: number,
): { item: Partial<Record<ItemField, string>>; other: string[] } {
  const item: Partial<Record<ItemField, string>> = {};
  const other: string[] = [];
  const prefix = `${kind}.${index}.`;
  for (const [path, message] of Object.entries(fields)) {
    const field = path.startsWith(prefix) ? path.slice(prefix.length) : '';
    if (field === 'name' || field === 'color' || field === 'max' || field === 'note') item[field] = message;
    else other.push(message);
  }
  return { item, other };
}

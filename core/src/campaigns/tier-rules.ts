// The tier rules a change to a campaign's data must pass (docs/product.md#tiers). Pure, so
// the server enforces them and the web app can mirror them before it sends anything.
import type { ErrorCode } from '../errors';
import type { MessageKey } from '../i18n';
import type { CharacteristicDef, ClassDef, Race, Status, UpdateCampaignBody } from '../schemas/campaigns';
import { limitsOf, mayHoldCount, mayHoldText, type Tier, type TierLimits } from '../tiers';
import { mayUseInitiativeRule } from '../combat/combat';
import type { CampaignData } from './default-campaign';
import { checkPinnedCharacteristics } from './pins';

/** A refusal: the server turns it into an AppError, the web into a message. */
export interface CampaignProblem {
  code: ErrorCode;
  params: Record<string, string | number>;
  /** The field at fault (`races.2.note`) and the message to show beside it. */
  field?: { name: string; key: MessageKey };
}

export type CampaignDataChange = Partial<CampaignData>;

const LIST_LIMITS = {
  characteristics: { limit: 'characteristics', code: 'CHARACTERISTIC_LIMIT_REACHED' },
  races: { limit: 'races', code: 'RACE_LIMIT_REACHED' },
  classes: { limit: 'classes', code: 'CLASS_LIMIT_REACHED' },
  statuses: { limit: 'statuses', code: 'STATUS_LIMIT_REACHED' },
} as const satisfies Record<string, { limit: keyof TierLimits; code: ErrorCode }>;

const NOTE_LIMITS = {
  races: 'raceNoteChars',
  classes: 'classNoteChars',
  statuses: 'statusNoteChars',
} as const satisfies Record<string, keyof TierLimits>;

type ListField = keyof typeof LIST_LIMITS;
type NotedListField = keyof typeof NOTE_LIMITS;
const LIST_FIELDS = Object.keys(LIST_LIMITS) as ListField[];
const NOTED_LIST_FIELDS = Object.keys(NOTE_LIMITS) as NotedListField[];

interface ItemInput {
  _id?: string | undefined;
}

/**
 * Gives every list item a unique `_id`: a given one is kept, a missing or repeated one is replaced by
 * a fresh id, so units and the UI can always tell items apart.
 */
export function withItemIds<T extends ItemInput>(
  items: readonly T[],
  newId: () => string,
): (T & { _id: string })[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const _id = item._id && !seen.has(item._id) ? item._id : newId();
    seen.add(_id);
    return { ...item, _id };
  });
}

/** The data part of an update body (everything but the name), with ids given to list items. */
export function toCampaignDataChange(
  body: Omit<UpdateCampaignBody, 'name'>,
  newId: () => string,
): CampaignDataChange {
  const change: CampaignDataChange = {};
  if (body.rules !== undefined) change.rules = body.rules;
  if (body.characteristics !== undefined) {
    change.characteristics = body.characteristics.map(({ name, max, pinned }) => ({ name, max, pinned }));
  }
  if (body.races !== undefined) change.races = withItemIds(body.races, newId).map(pickRace);
  if (body.classes !== undefined) change.classes = withItemIds(body.classes, newId).map(pickClass);
  if (body.statuses !== undefined) change.statuses = withItemIds(body.statuses, newId).map(pickRace);
  if (body.initiativeRule !== undefined) change.initiativeRule = body.initiativeRule;
  if (body.initiativeCaracName !== undefined) change.initiativeCaracName = body.initiativeCaracName;
  if (body.initiativeModifier !== undefined) change.initiativeModifier = body.initiativeModifier;
  return change;
}

const pickRace = ({ _id, name, note }: Race): Race => ({ _id, name, note });
const pickClass = ({ _id, name, color, note }: ClassDef): ClassDef => ({ _id, name, color, note });

/**
 * What a list item shows, apart from its note and its pin. Notes stay editable for every tier
 * (docs/product.md#list-views: each list has "editable notes"; the tier table gives Novice note limits), and so
 * do pins (docs/decisions/061), so a Novice may change a note or a pin but not add, remove, rename, recolour
 * or reorder items. `_id` is left out: units
 * refer to items by name, so the same names under other ids (a copy between two default campaigns) change
 * nothing visible.
 */
function identityOf(item: CharacteristicDef | Race | ClassDef | Status): string {
  if ('max' in item) return JSON.stringify([item.name, item.max]);
  return JSON.stringify([item.name, 'color' in item ? item.color : null]);
}

function sameItems(
  current: readonly (CharacteristicDef | Race)[],
  next: readonly (CharacteristicDef | Race)[],
) {
  return (
    current.length === next.length && current.every((item, i) => identityOf(item) === identityOf(next[i]!))
  );
}

/**
 * Checks a change to a campaign's data against the user's tier. `current` is the campaign as saved;
 * `next` holds only the fields being changed. Limits are on growth: after a downgrade a list or note
 * over its new limit stays editable as long as it does not grow (mayHoldCount / mayHoldText).
 */
export function checkCampaignChange(
  tier: Tier,
  current: CampaignData,
  next: CampaignDataChange,
): CampaignProblem | null {
  const limits = limitsOf(tier);

  if (!limits.canEditLists) {
    for (const field of LIST_FIELDS) {
      const list = next[field];
      if (list && !sameItems(current[field], list)) return { code: 'LISTS_LOCKED', params: {} };
    }
  }

  for (const field of LIST_FIELDS) {
    const list = next[field];
    const { limit, code } = LIST_LIMITS[field];
    if (list && !mayHoldCount(limits[limit], current[field].length, list.length))
      return { code, params: { tier } };
  }

  for (const field of NOTED_LIST_FIELDS) {
    const problem = checkNotes(tier, field, current[field], next[field]);
    if (problem) return problem;
  }

  // Rules have no "not longer than before" allowance (docs/product.md#tiers: Novice saves rules only within
  // 50,000); unchanged rules sent along with another field are not a change.
  if (next.rules !== undefined && next.rules !== current.rules && next.rules.length > limits.rulesChars) {
    const params = { limit: limits.rulesChars, tier };
    return { code: 'RULES_TOO_LONG', params, field: { name: 'rules', key: 'errors.RULES_TOO_LONG' } };
  }

  // Pins are not tier-bound (decision 061): one limit for every list save, list edit and import.
  const pins =
    next.characteristics && checkPinnedCharacteristics(next.characteristics, current.characteristics);
  if (pins) {
    const { key, params } = pins.problem;
    return {
      code: 'VALIDATION_FAILED',
      params,
      field: { name: `characteristics.${pins.index}.pinned`, key },
    };
  }

  // The modifier is every tier's (decision 061): it changes nothing for the random rules.
  const rule = next.initiativeRule;
  if (rule !== undefined && rule !== current.initiativeRule && !mayUseInitiativeRule(tier, rule)) {
    return { code: 'INITIATIVE_RULE_LOCKED', params: {} };
  }

  const caracName = next.initiativeCaracName;
  if (caracName) {
    const characteristics = next.characteristics ?? current.characteristics;
    if (!characteristics.some((c) => c.name === caracName)) {
      return {
        code: 'VALIDATION_FAILED',
        params: {},
        field: { name: 'initiativeCaracName', key: 'validation.unknownCharacteristic' },
      };
    }
  }
  return null;
}

function checkNotes(
  tier: Tier,
  field: NotedListField,
  current: readonly Race[],
  next: readonly Race[] | undefined,
): CampaignProblem | null {
  if (!next) return null;
  const limit = limitsOf(tier)[NOTE_LIMITS[field]];
  const previous = new Map(current.map((item) => [item._id, item.note.length]));
  const index = next.findIndex((item) => !mayHoldText(limit, previous.get(item._id), item.note.length));
  if (index === -1) return null;
  return {
    code: 'NOTE_TOO_LONG',
    params: { limit, tier },
    field: { name: `${field}.${index}.note`, key: 'errors.NOTE_TOO_LONG' },
  };
}

// The unit form's rules without React (docs/product.md#units, #unit-form, #validation, #limits): the values a
// form opens with, the checks that keep Save disabled, the current-HP clamping and the body sent to the
// server. Number fields hold the text typed, so a field can be emptied while editing it.
// The unit's shape between form and API is mapped here once each way: initialValues (unit → form
// values) and createBody / updateBody (form values → API body). The checks are core's
// (@questkeeper/core/checks), the functions the server's schemas call, so both word a mistake alike.
import { DEFAULT_CHARACTERISTIC_VALUE, DEFAULT_HP, type Gender } from '@questkeeper/core/constants';
import {
  COUNTER_LABEL_MAX,
  COUNTER_MAX,
  COUNTERS_PER_UNIT_MAX,
  HP_MAX,
  MONEY_MAX,
  NAME_MAX,
  RECHARGE_DIE_MAX,
  RECHARGE_DIE_MIN,
} from '@questkeeper/core/limits';
import { checkName, checkWholeNumber, parseWhole, type Problem } from '@questkeeper/core/checks';
import type { CounterKind, CounterReset } from '@questkeeper/core/constants';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import { checkCounters, checkRecharge } from '@questkeeper/core/units/counters';
import { clampCurrentHp } from '@questkeeper/core/combat/hit-points';
import {
  UNKNOWN_LIST_CHOICE,
  checkCharacteristicValue,
  matchListChoice,
} from '@questkeeper/core/units/fields';
import type { Campaign } from '@/lib/campaigns';
import type { NewUnit, Unit, UpdateUnitBody } from '@/lib/units';

export const MONEY_KINDS = ['gold', 'silver', 'bronze'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
export const LIST_FIELDS = ['race', 'class', 'status'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

export interface UnitFormValues {
  name: string;
  gender: Gender;
  isPlayer: boolean;
  race: string;
  class: string;
  status: string;
  /** One text per characteristic of the campaign, in the campaign's order. */
  characteristics: string[];
  hp: string;
  /** Empty means "full health": the unit gets its hp. */
  currentHp: string;
  money: Record<MoneyKind, string>;
  notes: string;
  /** Legendary actions, recharges, countdowns (docs/decisions/062), in the unit's order. */
  counters: CounterDraft[];
}

/** A counter as the form holds it: numbers as typed. */
export interface CounterDraft {
  /** A stable key for the list: the counter's id, or a local one until the server gives it one. */
  key: string;
  /** Absent for a new counter (the server gives it one). */
  _id?: string;
  label: string;
  max: string;
  kind: CounterKind;
  reset: CounterReset;
  /** Null: no recharge roll. The die is one of d2..d20 (a select), the min typed. */
  recharge: { die: string; min: string } | null;
}

/**
 * A form field's name, spelled as the server names fields in its validation answers:
 * `name`, `race`, `hp`, `money.gold`, `characteristics.Strength`…
 */
export type FieldName = string;

/** A message key (the shared `validation.*` catalogue, or the form's own) with its parameters. */
export type FieldProblem = Problem;

export type FormProblems = Partial<Record<FieldName, FieldProblem>>;

export const characteristicField = (name: string): FieldName => `characteristics.${name}`;
export const moneyField = (kind: MoneyKind): FieldName => `money.${kind}`;
/** A counter's field as the server names it in a 400: `counters.2.label`, `counters.0.recharge.min`. */
export const counterField = (
  index: number,
  part: 'label' | 'max' | 'kind' | 'reset' | 'recharge' | 'recharge.die' | 'recharge.min',
): FieldName => `counters.${index}.${part}`;
/** The whole list (too many counters; the server's checkCounters answer). */
export const COUNTERS_FIELD: FieldName = 'counters';
const COUNTER_PARTS = ['label', 'max', 'kind', 'reset', 'recharge', 'recharge.die', 'recharge.min'] as const;

/** The dice a recharge may roll: d2..d20. */
export const RECHARGE_DICE: readonly number[] = Array.from(
  { length: RECHARGE_DIE_MAX - RECHARGE_DIE_MIN + 1 },
  (_, index) => RECHARGE_DIE_MIN + index,
);

/** Another counter may be added (at most COUNTERS_PER_UNIT_MAX). */
export const canAddCounter = (counters: readonly unknown[]) => counters.length < COUNTERS_PER_UNIT_MAX;

let newCounterKeys = 0;

/**
 * A new counter of the form: a blank one, or one of the presets (docs/decisions/062): legendary actions
 * (3 uses back at the start of the creature's turn) and a "recharge 5–6" ability (one use, a d6 rolled
 * at each turn start while spent).
 */
export function newCounter(
  preset: 'blank' | 'legendary' | 'recharge',
  labels: { legendary: string; recharge: string } = { legendary: '', recharge: '' },
): CounterDraft {
  const key = `new-${++newCounterKeys}`;
  if (preset === 'legendary') {
    return { key, label: labels.legendary, max: '3', kind: 'uses', reset: 'turnStart', recharge: null };
  }
  if (preset === 'recharge') {
    return {
      key,
      label: labels.recharge,
      max: '1',
      kind: 'uses',
      reset: 'never',
      recharge: { die: '6', min: '5' },
    };
  }
  return { key, label: '', max: '1', kind: 'uses', reset: 'turnStart', recharge: null };
}

function counterDraft(counter: UnitCounter): CounterDraft {
  return {
    key: counter._id,
    _id: counter._id,
    label: counter.label,
    max: String(counter.max),
    kind: counter.kind,
    reset: counter.reset,
    recharge: counter.recharge
      ? { die: String(counter.recharge.die), min: String(counter.recharge.min) }
      : null,
  };
}

/**
 * The field names of the counters after the one at `index` was removed: `counters.3.label` becomes
 * `counters.2.label`, the removed one's are gone. Other names are kept.
 */
export function shiftCounterFields(names: Iterable<FieldName>, index: number): FieldName[] {
  const shifted: FieldName[] = [];
  for (const name of names) {
    const match = /^counters\.(\d+)\.(.+)$/.exec(name);
    if (!match) {
      shifted.push(name);
      continue;
    }
    const at = Number(match[1]);
    if (at < index) shifted.push(name);
    else if (at > index) shifted.push(`counters.${at - 1}.${match[2]}`);
  }
  return shifted;
}

/** docs/product.md#campaign: every characteristic starts at 50, or at its max when that is lower. */
export function characteristicDefault(max: number): number {
  return Math.min(DEFAULT_CHARACTERISTIC_VALUE, max);
}

type CampaignLists = Pick<Campaign, 'characteristics' | 'races' | 'classes' | 'statuses'>;

/**
 * Create mode (unit null): docs/product.md#units defaults — gender Male, non-player unless the user started
 * from the players' section, the campaign's first status, hp 100 with current HP following it, no money,
 * no notes. Race and class start unchosen: a default would quietly make every new unit a
 * "Human Warrior"; the user picks them deliberately.
 * Edit mode: the unit's values; a characteristic the unit lacks (added to the campaign later) shows
 * its default.
 */
export function initialValues(
  campaign: CampaignLists,
  unit: Unit | null,
  defaultIsPlayer = false,
): UnitFormValues {
  const characteristics = campaign.characteristics.map(({ name, max }) => {
    const own = unit && Object.hasOwn(unit.characteristics, name) ? unit.characteristics[name] : undefined;
    return String(own ?? characteristicDefault(max));
  });
  if (!unit) {
    return {
      name: '',
      gender: 'Male',
      isPlayer: defaultIsPlayer,
      race: '',
      class: '',
      status: campaign.statuses[0]?.name ?? '',
      characteristics,
      hp: String(DEFAULT_HP),
      currentHp: '',
      money: { gold: '0', silver: '0', bronze: '0' },
      notes: '',
      counters: [],
    };
  }
  return {
    name: unit.name,
    gender: unit.gender,
    isPlayer: unit.isPlayer,
    race: unit.race,
    class: unit.class,
    status: unit.status,
    characteristics,
    hp: String(unit.hp),
    currentHp: String(unit.currentHp),
    money: {
      gold: String(unit.money.gold),
      silver: String(unit.money.silver),
      bronze: String(unit.money.bronze),
    },
    notes: unit.notes,
    counters: (unit.counters ?? []).map(counterDraft),
  };
}

/** An optional number field: empty is fine (none, or full health), anything else is checked. */
function checkOptionalWhole(text: string, range: { min: number; max: number }): FieldProblem | null {
  return text.trim() === '' ? null : checkWholeNumber(text, range);
}

const listOf = (campaign: CampaignLists, field: ListField) =>
  field === 'race' ? campaign.races : field === 'class' ? campaign.classes : campaign.statuses;

/**
 * The choices of a list field: the campaign's entries, plus — in edit mode — the unit's own value
 * when the entry has since left the list (it stays valid as long as it is not changed).
 */
export function listChoices(campaign: CampaignLists, field: ListField, unit: Unit | null) {
  const names = listOf(campaign, field).map((entry) => entry.name);
  const kept = unit?.[field];
  const orphan = kept !== undefined && kept !== '' && !names.includes(kept) ? kept : null;
  return { names, orphan };
}

/** Every problem of the form, by field name (docs/product.md#unit-form). Empty when it can be saved. */
export function validate(values: UnitFormValues, campaign: CampaignLists, unit: Unit | null): FormProblems {
  const problems: FormProblems = {};
  const name = checkName(values.name, NAME_MAX);
  if (name) problems.name = name;

  for (const field of LIST_FIELDS) {
    const chosen = values[field];
    const { orphan } = listChoices(campaign, field, unit);
    // The server's rule (core): a value the list lacks is refused, unless it is the unit's own,
    // which an update leaves unsent.
    if (chosen === '') problems[field] = { key: 'validation.required', params: {} };
    else if (chosen !== orphan && matchListChoice(listOf(campaign, field), chosen) === undefined) {
      problems[field] = { key: UNKNOWN_LIST_CHOICE[field], params: {} };
    }
  }

  campaign.characteristics.forEach(({ name: characteristic, max }, index) => {
    const problem = checkCharacteristicValue(values.characteristics[index] ?? '', max);
    if (problem) problems[characteristicField(characteristic)] = problem;
  });

  const hp = checkWholeNumber(values.hp, { min: 0, max: HP_MAX });
  if (hp) problems.hp = hp;
  // Any whole number is accepted: submit clamps it into 0..hp (docs/product.md#unit-form).
  const currentHp = checkOptionalWhole(values.currentHp, { min: -HP_MAX, max: Number.MAX_SAFE_INTEGER });
  if (currentHp?.key === 'validation.integer') problems.currentHp = currentHp;
  // Empty money is none at all.
  for (const kind of MONEY_KINDS) {
    const problem = checkOptionalWhole(values.money[kind], { min: 0, max: MONEY_MAX });
    if (problem) problems[moneyField(kind)] = problem;
  }
  Object.assign(problems, validateCounters(values.counters));
  return problems;
}

/** The counters' problems: core's checks, each beside its field (docs/decisions/062). */
export function validateCounters(counters: readonly CounterDraft[]): FormProblems {
  const problems: FormProblems = {};
  counters.forEach((counter, index) => {
    const label = checkName(counter.label, COUNTER_LABEL_MAX);
    if (label) problems[counterField(index, 'label')] = label;
    const max = checkWholeNumber(counter.max, { min: 1, max: COUNTER_MAX });
    if (max) problems[counterField(index, 'max')] = max;
    if (counter.recharge) {
      const die = checkWholeNumber(counter.recharge.die, { min: RECHARGE_DIE_MIN, max: RECHARGE_DIE_MAX });
      if (die) problems[counterField(index, 'recharge.die')] = die;
      const min =
        checkWholeNumber(counter.recharge.min, { min: 1, max: RECHARGE_DIE_MAX }) ??
        (die ? null : checkRecharge({ die: whole(counter.recharge.die), min: whole(counter.recharge.min) }));
      if (min) problems[counterField(index, 'recharge.min')] = min;
    }
  });
  // The list's own rule (how many); the recharges' part of it is said beside each min above.
  const list = checkCounters(counters.map(({ _id }) => ({ _id })));
  if (list) problems[COUNTERS_FIELD] = list;
  return problems;
}

export function hasProblems(problems: FormProblems): boolean {
  return Object.values(problems).some(Boolean);
}

/**
 * The current HP the unit will be saved with (docs/product.md#unit-form): empty or above hp becomes hp, below
 * 0 becomes 0. Null while hp itself is not valid.
 */
export function resolvedCurrentHp(values: Pick<UnitFormValues, 'hp' | 'currentHp'>): number | null {
  const hp = parseWhole(values.hp);
  if (hp === null || Number.isNaN(hp) || hp < 0 || hp > HP_MAX) return null;
  const current = parseWhole(values.currentHp);
  if (current !== null && Number.isNaN(current)) return null;
  return clampCurrentHp(current, hp);
}

const whole = (text: string, fallback = 0) => {
  const value = parseWhole(text);
  return value === null || Number.isNaN(value) ? fallback : value;
};

/** The body of POST /api/units; call only when `validate` found nothing. */
export function createBody(values: UnitFormValues, campaign: CampaignLists): NewUnit {
  const hp = whole(values.hp, DEFAULT_HP);
  return {
    name: values.name.trim(),
    gender: values.gender,
    isPlayer: values.isPlayer,
    race: values.race,
    class: values.class,
    status: values.status,
    characteristics: Object.fromEntries(
      campaign.characteristics.map(({ name }, index) => [name, whole(values.characteristics[index] ?? '')]),
    ),
    hp,
    currentHp: resolvedCurrentHp(values) ?? hp,
    money: {
      gold: whole(values.money.gold),
      silver: whole(values.money.silver),
      bronze: whole(values.money.bronze),
    },
    notes: values.notes,
    counters: countersBody(values.counters),
  };
}

type CountersBody = NonNullable<UpdateUnitBody['counters']>;

/** The counters as POST and PUT /api/units take them; a new one goes without `_id`. */
export function countersBody(counters: readonly CounterDraft[]): CountersBody {
  return counters.map((counter) => ({
    ...(counter._id === undefined ? {} : { _id: counter._id }),
    label: counter.label.trim(),
    max: whole(counter.max, 1),
    kind: counter.kind,
    reset: counter.reset,
    recharge: counter.recharge
      ? { die: whole(counter.recharge.die, 6), min: whole(counter.recharge.min, 1) }
      : null,
  }));
}

/** The counters as saved, comparable with a body's (an old unit may lack the field). */
const savedCounters = (unit: Unit): CountersBody =>
  (unit.counters ?? []).map(({ _id, label, max, kind, reset, recharge }) => ({
    _id,
    label,
    max,
    kind,
    reset,
    recharge: recharge ? { die: recharge.die, min: recharge.min } : null,
  }));

const sameCounters = (a: CountersBody, b: CountersBody) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The body of PUT /api/units/{id}: only what differs from the unit, so an entry that has left the
 * campaign's lists, or a field another device changed meanwhile, is not written back. Empty when
 * nothing changed.
 */
export function updateBody(values: UnitFormValues, campaign: CampaignLists, unit: Unit): UpdateUnitBody {
  const full = createBody(values, campaign);
  const changes: UpdateUnitBody = {};
  if (full.name !== unit.name) changes.name = full.name;
  if (full.gender !== unit.gender) changes.gender = full.gender;
  if (full.isPlayer !== unit.isPlayer) changes.isPlayer = full.isPlayer;
  if (full.race !== unit.race) changes.race = full.race;
  if (full.class !== unit.class) changes.class = full.class;
  if (full.status !== unit.status) changes.status = full.status;
  const characteristics = Object.fromEntries(
    Object.entries(full.characteristics).filter(
      ([name, value]) => !Object.hasOwn(unit.characteristics, name) || unit.characteristics[name] !== value,
    ),
  );
  if (Object.keys(characteristics).length > 0) changes.characteristics = characteristics;
  if (full.hp !== unit.hp) changes.hp = full.hp;
  if (full.currentHp !== unit.currentHp) changes.currentHp = full.currentHp ?? null;
  if (MONEY_KINDS.some((kind) => full.money[kind] !== unit.money[kind])) changes.money = full.money;
  if (full.notes !== unit.notes) changes.notes = full.notes;
  // The whole list when any of it changed: ids keep the fight's values of the counters kept.
  if (full.counters && !sameCounters(full.counters, savedCounters(unit))) changes.counters = full.counters;
  return changes;
}

/**
 * A field of the unit changed elsewhere: `name`, `race`, `hp`, `money`, `characteristics.Strength`…
 * (the names the form and the server's validation answers use).
 */
export type ConflictField = FieldName;

/**
 * The fields the draft changes (`changes`, an update body) that were saved with another value since
 * `base`, the unit the changes were made on (decision 036). Empty: someone changed only other fields
 * (HP in combat, a note in another tab), so the changes can be sent again on top of `theirs`.
 */
export function conflictingFields(changes: UpdateUnitBody, base: Unit, theirs: Unit): ConflictField[] {
  const fields: ConflictField[] = [];
  const check = (...names: ('name' | 'gender' | 'isPlayer' | ListField | 'hp' | 'currentHp' | 'notes')[]) => {
    for (const field of names) {
      if (changes[field] !== undefined && theirs[field] !== base[field]) fields.push(field);
    }
  };
  // In the order the form shows them.
  check('name', 'gender', 'isPlayer', ...LIST_FIELDS);
  for (const name of Object.keys(changes.characteristics ?? {})) {
    const own = (unit: Unit) =>
      Object.hasOwn(unit.characteristics, name) ? unit.characteristics[name] : undefined;
    if (own(theirs) !== own(base)) fields.push(characteristicField(name));
  }
  check('hp', 'currentHp');
  if (changes.money && MONEY_KINDS.some((kind) => theirs.money[kind] !== base.money[kind])) {
    fields.push('money');
  }
  check('notes');
  if (changes.counters && !sameCounters(savedCounters(theirs), savedCounters(base))) {
    fields.push(COUNTERS_FIELD);
  }
  return fields;
}

/** True when the values differ from those the form opened with. */
export function isDirty(values: UnitFormValues, initial: UnitFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(initial);
}

/** The characteristics of a quick generation answer laid over the form's, by name. */
export function applyGenerated(
  values: UnitFormValues,
  campaign: CampaignLists,
  generated: Readonly<Record<string, number>>,
): UnitFormValues {
  return {
    ...values,
    characteristics: campaign.characteristics.map(({ name }, index) =>
      Object.hasOwn(generated, name) && typeof generated[name] === 'number'
        ? String(generated[name])
        : (values.characteristics[index] ?? ''),
    ),
  };
}

/**
 * Splits the server's field errors into those the form shows beside a field it has and the rest
 * (shown in the alert at the top).
 */
export function placeFieldErrors(
  fields: Readonly<Record<string, string>>,
  campaign: CampaignLists,
): { placed: Record<FieldName, string>; other: string[] } {
  const known = new Set<FieldName>([
    'name',
    'gender',
    'isPlayer',
    ...LIST_FIELDS,
    'hp',
    'currentHp',
    'notes',
    ...MONEY_KINDS.map(moneyField),
    ...campaign.characteristics.map(({ name }) => characteristicField(name)),
    COUNTERS_FIELD,
  ]);
  const placed: Record<FieldName, string> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    // A whole-money refusal ("money") belongs to the first money field.
    const target = field === 'money' ? moneyField('gold') : field;
    if (known.has(target) || isCounterPart(target)) placed[target] = message;
    else other.push(message);
  }
  return { placed, other };
}

/** `counters.<n>.<part>`: a counter's field the form shows. */
function isCounterPart(field: FieldName): boolean {
  const match = /^counters\.\d+\.(.+)$/.exec(field);
  return match !== null && (COUNTER_PARTS as readonly string[]).includes(match[1] ?? '');
}

// The unit form's state as a reducer (decision 057): what the user typed, which fields show their
// errors, the server's refusal, the conflict notice (decision 036) and the notes editor. Pure: the
// server calls, focus and confirmations live in ./use-unit-form.ts.
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import type { UnitFormRefusal } from '../components/unit-form-failure';
import {
  applyGenerated,
  characteristicField,
  initialValues,
  shiftCounterFields,
  type ConflictField,
  type CounterDraft,
  type FieldName,
  type UnitFormValues,
} from '../lib/unit-form';

/** The unit as saved elsewhere, and the fields the user changed that it holds other values for. */
export interface UnitFormConflictState {
  theirs: Unit;
  fields: ConflictField[];
}

export interface UnitFormState {
  /**
   * The unit whose values the form shows and the draft's changes are measured from: the one it
   * opened with, or the saved one the user took after a conflict. Null in create mode.
   */
  unit: Unit | null;
  /** The values the form opened with (dirty = values differ from them). */
  initial: UnitFormValues;
  values: UnitFormValues;
  /** Fields changed or left: their errors show while typing. */
  touched: ReadonlySet<FieldName>;
  /** A save was tried while the form was invalid: every error shows. */
  attempted: boolean;
  /** The server's messages beside the fields they name, until the field changes. */
  serverErrors: Readonly<Record<FieldName, string>>;
  /** A refusal shown at the top of the form. */
  failure: UnitFormRefusal | null;
  conflict: UnitFormConflictState | null;
  /** Counts the requests to move focus to the first error (or the alert). */
  focusRequest: number;
  notesOpen: boolean;
}

type CampaignLists = Pick<Campaign, 'characteristics' | 'races' | 'classes' | 'statuses'>;

export type UnitFormAction =
  | { type: 'change'; patch: Partial<UnitFormValues>; field: FieldName }
  | { type: 'blur'; field: FieldName }
  /** A counter added at the end of the list (blank or a preset). */
  | { type: 'counterAdded'; counter: CounterDraft }
  /** The counter at `index` removed: the fields after it move up one place. */
  | { type: 'counterRemoved'; index: number }
  /** Quick generation's characteristics laid over the form's. */
  | { type: 'generated'; campaign: CampaignLists; characteristics: Readonly<Record<string, number>> }
  /** Save (or Enter) while invalid: show every error and focus the first. */
  | { type: 'invalidSubmit' }
  | { type: 'submitting' }
  | { type: 'conflict'; conflict: UnitFormConflictState }
  | { type: 'saved' }
  | { type: 'refused'; fieldErrors: Record<FieldName, string>; failure: UnitFormRefusal }
  /** The user keeps their values over the unit as saved now (a save follows). */
  | { type: 'keepMine' }
  /** The user drops the draft: the form shows the conflict's unit as saved now. */
  | { type: 'takeTheirs'; campaign: CampaignLists }
  | { type: 'notesOpen' }
  | { type: 'notesClosed' };

export function initialUnitFormState(
  campaign: CampaignLists,
  unit: Unit | null,
  defaultIsPlayer = false,
  /** Create mode: the name a missing `[[link]]` asked for (docs/decisions/063). */
  defaultName = '',
): UnitFormState {
  const values = initialValues(campaign, unit, defaultIsPlayer);
  const initial = !unit && defaultName ? { ...values, name: defaultName } : values;
  return {
    unit,
    initial,
    values: initial,
    touched: new Set(),
    attempted: false,
    serverErrors: {},
    failure: null,
    conflict: null,
    focusRequest: 0,
    notesOpen: false,
  };
}

function touch(touched: ReadonlySet<FieldName>, field: FieldName): ReadonlySet<FieldName> {
  return touched.has(field) ? touched : new Set(touched).add(field);
}

/** The server's messages without those of `fields` (the user changed them). */
function forget(errors: Readonly<Record<FieldName, string>>, fields: readonly FieldName[]) {
  if (!fields.some((field) => field in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !fields.includes(name)));
}

export function unitFormReducer(state: UnitFormState, action: UnitFormAction): UnitFormState {
  switch (action.type) {
    case 'change':
      // Errors show while typing once a field has been changed (an emptied name says so at once).
      return {
        ...state,
        values: { ...state.values, ...action.patch },
        touched: touch(state.touched, action.field),
        serverErrors: forget(state.serverErrors, [action.field]),
      };
    case 'counterAdded':
      return {
        ...state,
        values: { ...state.values, counters: [...state.values.counters, action.counter] },
        serverErrors: forget(state.serverErrors, ['counters']),
      };
    case 'counterRemoved': {
      const counters = state.values.counters.filter((_, index) => index !== action.index);
      const serverErrors = Object.fromEntries(
        Object.entries(state.serverErrors).flatMap(([name, message]) => {
          if (name === 'counters') return [];
          const [moved] = shiftCounterFields([name], action.index);
          return moved === undefined ? [] : [[moved, message] as const];
        }),
      );
      return {
        ...state,
        values: { ...state.values, counters },
        touched: new Set(shiftCounterFields(state.touched, action.index)),
        serverErrors,
      };
    }
    case 'blur': {
      const touched = touch(state.touched, action.field);
      return touched === state.touched ? state : { ...state, touched };
    }
    case 'generated':
      return {
        ...state,
        values: applyGenerated(state.values, action.campaign, action.characteristics),
        serverErrors: forget(
          state.serverErrors,
          action.campaign.characteristics.map(({ name }) => characteristicField(name)),
        ),
      };
    case 'invalidSubmit':
      return { ...state, attempted: true, focusRequest: state.focusRequest + 1 };
    case 'submitting':
      return { ...state, failure: null, serverErrors: {} };
    case 'conflict':
      return { ...state, conflict: action.conflict };
    case 'saved':
    case 'keepMine':
      return state.conflict ? { ...state, conflict: null } : state;
    case 'refused':
      return {
        ...state,
        serverErrors: action.fieldErrors,
        failure: action.failure,
        focusRequest: state.focusRequest + 1,
      };
    case 'takeTheirs': {
      if (!state.conflict) return state;
      const theirs = state.conflict.theirs;
      const initial = initialValues(action.campaign, theirs);
      return {
        ...state,
        unit: theirs,
        initial,
        values: initial,
        touched: new Set(),
        attempted: false,
        serverErrors: {},
        failure: null,
        conflict: null,
      };
    }
    case 'notesOpen':
      return { ...state, notesOpen: true };
    case 'notesClosed':
      return { ...state, notesOpen: false };
  }
}

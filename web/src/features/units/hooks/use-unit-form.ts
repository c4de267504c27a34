// The unit form's behaviour (decision 057): its state (./unit-form-reducer.ts) wired to the server
// calls, the focus moves and the discard confirmation. Rules and the unit's shape between form and API
// live in ../lib/unit-form.ts; the modal (../components/unit-form-modal.tsx) only renders.
// An edit sends the version of the unit it was made on (decision 036): when the unit was saved
// elsewhere meanwhile, the changes are sent again on top of it if nobody else touched their fields,
// or the conflict notice lets the user choose. The draft is never dropped silently.
import { useEffect, useId, useMemo, useReducer, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { upgradePlansFor, type Tier } from '@questkeeper/core/tiers';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { conflictUnit, useCreateUnit, useUpdateUnit, type Unit, type UpdateUnitBody } from '@/lib/units';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import {
  conflictingFields,
  createBody,
  hasProblems,
  isDirty,
  placeFieldErrors,
  updateBody,
  validate,
  type CounterDraft,
  type FieldName,
  type UnitFormValues,
} from '../lib/unit-form';
import { initialUnitFormState, unitFormReducer } from './unit-form-reducer';
import { useQuickGeneration } from './use-quick-generation';

/** A save refused because the unit changed meanwhile is sent again this often when its fields did not. */
const REBASES = 3;

export interface UseUnitFormOptions {
  campaign: Campaign;
  tier: Tier;
  /** The unit to edit; null opens the form in create mode. */
  unit: Unit | null;
  defaultIsPlayer?: boolean | undefined;
  /** Create mode: the name filled in (a missing link's "Create unit"). */
  defaultName?: string | undefined;
  onClose: () => void;
  onSaved: (unit: Unit) => void;
}

export function useUnitForm({
  campaign,
  tier,
  unit: openedWith,
  defaultIsPlayer,
  defaultName,
  onClose,
  onSaved,
}: UseUnitFormOptions) {
  const { t } = useTranslation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const conflictRef = useRef<HTMLElement>(null);
  const upgrade = useUpgrade();
  const confirm = useConfirm();
  const create = useCreateUnit(campaign._id);
  const update = useUpdateUnit(campaign._id);

  const [state, dispatch] = useReducer(unitFormReducer, undefined, () =>
    initialUnitFormState(campaign, openedWith, defaultIsPlayer ?? false, defaultName),
  );
  const { unit, values, initial, conflict } = state;
  // The unit the next save is made on: its version is sent, and a 409's unit is compared with it.
  const base = useRef<Unit | null>(openedWith);

  const saving = create.isPending || update.isPending;
  const problems = useMemo(() => validate(values, campaign, unit), [values, campaign, unit]);
  const invalid = hasProblems(problems);
  const dirty = isDirty(values, initial);
  const mayUpgrade = upgradePlansFor(tier).length > 0;
  useUnsavedChanges(dirty);

  const focusFirstField = () => formRef.current?.querySelector<HTMLElement>('input, select')?.focus();

  // The first field, once the dialog is shown (showModal() focuses its close button first).
  useEffect(() => {
    focusFirstField();
  }, []);

  // After a refusal: the first field in error, else the alert (focus left with the disabled button).
  useEffect(() => {
    if (state.focusRequest === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? alertRef.current)?.focus();
  }, [state.focusRequest]);

  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  function errorOf(field: FieldName): string | undefined {
    const problem = problems[field];
    if (problem && (state.attempted || state.touched.has(field))) return t(problem.key, problem.params);
    return state.serverErrors[field];
  }

  const change = (patch: Partial<UnitFormValues>, field: FieldName) =>
    dispatch({ type: 'change', patch, field });
  const blur = (field: FieldName) => dispatch({ type: 'blur', field });

  /**
   * Sends the changes over `from`'s version. A 409 whose unit still holds `from`'s values for every
   * field the changes touch (someone changed other fields: HP in combat, another field in another
   * tab) is no conflict: sent again on top of it. Otherwise the notice shows; null then.
   */
  async function saveOver(id: string, changes: UpdateUnitBody, from: Unit): Promise<Unit | null> {
    let on = from;
    for (let attempt = 0; ; attempt++) {
      try {
        return await update.mutateAsync({ id, changes: { ...changes, version: on.version } });
      } catch (error) {
        const theirs = conflictUnit(error);
        if (!theirs) throw error;
        const fields = conflictingFields(changes, on, theirs);
        if (fields.length > 0 || attempt + 1 >= REBASES) {
          dispatch({ type: 'conflict', conflict: { theirs, fields } });
          return null;
        }
        on = theirs;
        base.current = theirs;
      }
    }
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (saving) return;
    if (invalid) {
      dispatch({ type: 'invalidSubmit' });
      return;
    }
    dispatch({ type: 'submitting' });
    try {
      let saved: Unit | null;
      if (unit) {
        // Only what the user changed: fields saved elsewhere meanwhile are not written back.
        const changes = updateBody(values, campaign, unit);
        saved =
          Object.keys(changes).length > 0
            ? await saveOver(unit._id, changes, base.current ?? unit)
            : (conflict?.theirs ?? unit);
      } else {
        saved = await create.mutateAsync(createBody(values, campaign));
      }
      if (!saved) return;
      dispatch({ type: 'saved' });
      onSaved(saved);
    } catch (error) {
      const { placed, other } = placeFieldErrors(error instanceof ApiError ? error.fields : {}, campaign);
      dispatch({
        type: 'refused',
        fieldErrors: placed,
        failure: {
          message: errorMessage(error),
          code: error instanceof ApiError ? error.code : 'NETWORK',
          other,
        },
      });
    }
  }

  // Enter in a field submits; while the form is invalid the browser ignores it (the submit button
  // is disabled), so show every error instead.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && invalid && !saving) {
      event.preventDefault();
      dispatch({ type: 'invalidSubmit' });
    }
  }

  /** Saves the user's values over the unit as saved now (the notice showed what it holds). */
  function keepMine() {
    if (!conflict) return;
    base.current = conflict.theirs;
    dispatch({ type: 'keepMine' });
    void submit();
  }

  /** Drops the draft: the form shows the unit as saved now (the cache already holds it). */
  function takeTheirs() {
    if (!conflict) return;
    base.current = conflict.theirs;
    dispatch({ type: 'takeTheirs', campaign });
    focusFirstField();
  }

  async function requestClose() {
    if (saving) return;
    if (
      !dirty ||
      (await confirm({
        title: t('unitForm.discardTitle'),
        message: t('unitForm.discardMessage'),
        confirmLabel: t('common.discardChanges'),
        cancelLabel: t('common.keepEditing'),
      }))
    ) {
      onClose();
    }
  }

  const quick = useQuickGeneration({
    campaign,
    tier,
    creating: unit === null,
    saving,
    apply: (characteristics) => dispatch({ type: 'generated', campaign, characteristics }),
    onUpgrade: upgrade,
  });

  return {
    formId,
    formRef,
    alertRef,
    conflictRef,
    state,
    problems,
    invalid,
    saving,
    mayUpgrade,
    quick,
    upgrade,
    confirmDialog: confirm.dialog,
    errorOf,
    change,
    blur,
    submit,
    onKeyDown,
    keepMine,
    takeTheirs,
    requestClose,
    addCounter: (counter: CounterDraft) => dispatch({ type: 'counterAdded', counter }),
    removeCounter: (index: number) => dispatch({ type: 'counterRemoved', index }),
    openNotes: () => dispatch({ type: 'notesOpen' }),
    closeNotes: () => dispatch({ type: 'notesClosed' }),
    doneNotes: (notes: string) => {
      change({ notes }, 'notes');
      dispatch({ type: 'notesClosed' });
    },
  };
}

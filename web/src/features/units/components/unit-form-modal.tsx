// The unit form modal (spec §2 "Modals in detail", §3 "Unit", §4 "Unit form", §5, §6, §9): create
// or edit a unit of the campaign. The rules live in ./unit-form.ts; this file holds the state, the
// server calls and the layout of the sections. Server refusals stay in the form: field errors beside
// their fields, the rest (unit limit, notes limit…) in an alert at the top (./unit-form-failure.tsx).
// An edit sends the version of the unit it was made on (decision 036): when the unit was saved
// elsewhere meanwhile, the changes are sent again on top of it if nobody else touched their fields,
// or a notice lets the user choose (./unit-form-conflict.tsx). The draft is never dropped silently.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { limitsOf, upgradePlansFor, type Tier } from '@questkeeper/core/tiers';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { conflictUnit, useCreateUnit, useUpdateUnit, type Unit, type UpdateUnitBody } from '@/lib/units';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import {
  applyGenerated,
  characteristicField,
  conflictingFields,
  createBody,
  hasProblems,
  initialValues,
  isDirty,
  placeFieldErrors,
  updateBody,
  validate,
  type ConflictField,
  type FieldName,
  type UnitFormValues,
} from './unit-form';
import { UnitFormCharacteristics } from './unit-form-characteristics';
import { UnitFormConflict } from './unit-form-conflict';
import { UnitFormFailure, type UnitFormRefusal } from './unit-form-failure';
import { UnitFormFooter } from './unit-form-footer';
import { UnitFormIdentity } from './unit-form-identity';
import { UnitFormNotesSummary, UnitNotesEditorModal } from './unit-form-notes';
import { UnitFormVitals } from './unit-form-vitals';
import { useQuickGeneration } from './use-quick-generation';

export interface UnitFormModalProps {
  campaign: Campaign;
  tier: Tier;
  /** The unit to edit; null opens the form in create mode. */
  unit: Unit | null;
  /** Player or non-player preselected in create mode (the section the user started from). */
  defaultIsPlayer?: boolean;
  onClose: () => void;
  /** After the server saved it (created or updated); the units cache is already up to date. */
  onSaved: (unit: Unit) => void;
}

/** The unit as saved elsewhere, and the fields the user changed that it holds other values for. */
type Conflict = { theirs: Unit; fields: ConflictField[] };

/** A save refused because the unit changed meanwhile is sent again this often when its fields did not. */
const REBASES = 3;

export function UnitFormModal({
  campaign,
  tier,
  unit: openedWith,
  defaultIsPlayer,
  onClose,
  onSaved,
}: UnitFormModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const upgrade = useUpgrade();
  const confirm = useConfirm();
  const create = useCreateUnit(campaign._id);
  const update = useUpdateUnit(campaign._id);

  // The unit whose values the form shows and the draft's changes are measured from: the one it opened
  // with, or the saved one the user took after a conflict.
  const [unit, setUnit] = useState<Unit | null>(openedWith);
  // The unit the next save is made on: its version is sent, and a 409's unit is compared with it.
  const base = useRef<Unit | null>(openedWith);
  const conflictRef = useRef<HTMLElement>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [initial, setInitial] = useState(() => initialValues(campaign, unit, defaultIsPlayer ?? false));
  const [values, setValues] = useState<UnitFormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<FieldName, string>>({});
  const [failure, setFailure] = useState<UnitFormRefusal | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [notesOpen, setNotesOpen] = useState(false);

  const saving = create.isPending || update.isPending;
  const problems = useMemo(() => validate(values, campaign, unit), [values, campaign, unit]);
  const invalid = hasProblems(problems);
  const dirty = isDirty(values, initial);
  const mayUpgrade = upgradePlansFor(tier).length > 0;
  useUnsavedChanges(dirty);

  // The first field, once the dialog is shown (showModal() focuses its close button first).
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);

  // After a refusal: the first field in error, else the alert (focus left with the disabled button).
  useEffect(() => {
    if (focusRequest === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? alertRef.current)?.focus();
  }, [focusRequest]);

  function errorOf(field: FieldName): string | undefined {
    const problem = problems[field];
    if (problem && (attempted || touched.has(field))) return t(problem.key, problem.params);
    return serverErrors[field];
  }

  function forget(fields: FieldName[]) {
    if (!fields.some((field) => field in serverErrors)) return;
    setServerErrors((old) =>
      Object.fromEntries(Object.entries(old).filter(([name]) => !fields.includes(name))),
    );
  }

  function change(patch: Partial<UnitFormValues>, field: FieldName) {
    setValues((old) => ({ ...old, ...patch }));
    // Errors show while typing once a field has been changed (an emptied name says so at once).
    setTouched((old) => (old.has(field) ? old : new Set(old).add(field)));
    forget([field]);
  }

  function blur(field: FieldName) {
    setTouched((old) => (old.has(field) ? old : new Set(old).add(field)));
  }

  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

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
          setConflict({ theirs, fields });
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
      setAttempted(true);
      setFocusRequest((n) => n + 1);
      return;
    }
    setFailure(null);
    setServerErrors({});
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
      setConflict(null);
      onSaved(saved);
    } catch (error) {
      const { placed, other } = placeFieldErrors(error instanceof ApiError ? error.fields : {}, campaign);
      setServerErrors(placed);
      setFailure({
        message: errorMessage(error),
        code: error instanceof ApiError ? error.code : 'NETWORK',
        other,
      });
      setFocusRequest((n) => n + 1);
    }
  }

  // Enter in a field submits; while the form is invalid the browser ignores it (the submit button
  // is disabled), so show every error instead.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && invalid && !saving) {
      event.preventDefault();
      setAttempted(true);
      setFocusRequest((n) => n + 1);
    }
  }

  /** Saves the user's values over the unit as saved now (the notice showed what it holds). */
  function keepMine() {
    if (!conflict) return;
    base.current = conflict.theirs;
    setConflict(null);
    void submit();
  }

  /** Drops the draft: the form shows the unit as saved now (the cache already holds it). */
  function takeTheirs() {
    if (!conflict) return;
    const next = initialValues(campaign, conflict.theirs);
    base.current = conflict.theirs;
    setUnit(conflict.theirs);
    setInitial(next);
    setValues(next);
    setTouched(new Set());
    setAttempted(false);
    setServerErrors({});
    setFailure(null);
    setConflict(null);
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
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
    apply: (characteristics) => {
      setValues((old) => applyGenerated(old, campaign, characteristics));
      forget(campaign.characteristics.map(({ name }) => characteristicField(name)));
    },
    onUpgrade: upgrade,
  });
  const submitLabel = unit
    ? t(saving ? 'unitForm.saving' : 'unitForm.save')
    : t(saving ? 'unitForm.creating' : 'unitForm.create');

  return (
    <>
      <Modal
        open
        size="xl"
        busy={saving}
        title={unit ? t('unitForm.editTitle', { name: unit.name }) : t('unitForm.createTitle')}
        onClose={() => void requestClose()}
        footer={
          <UnitFormFooter
            campaign={campaign}
            problems={problems}
            invalid={invalid}
            formId={formId}
            submitLabel={submitLabel}
            saving={saving}
            onCancel={onClose}
          />
        }
      >
        <form
          id={formId}
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          onKeyDown={onKeyDown}
          className="flex flex-col gap-6"
        >
          {conflict ? (
            <UnitFormConflict
              ref={conflictRef}
              theirs={conflict.theirs}
              fields={conflict.fields}
              saving={saving}
              onKeepMine={keepMine}
              onTakeTheirs={takeTheirs}
            />
          ) : null}
          {failure ? (
            <UnitFormFailure failure={failure} mayUpgrade={mayUpgrade} onUpgrade={upgrade} ref={alertRef} />
          ) : null}
          <UnitFormIdentity
            campaign={campaign}
            tier={tier}
            unit={unit}
            values={values}
            errorOf={errorOf}
            onChange={change}
            onBlur={blur}
            onUpgrade={upgrade}
          />
          <UnitFormCharacteristics
            campaign={campaign}
            values={values}
            errorOf={errorOf}
            onChange={change}
            onBlur={blur}
            quick={quick}
          />
          <UnitFormVitals values={values} errorOf={errorOf} onChange={change} onBlur={blur} />
          <UnitFormNotesSummary
            notes={values.notes}
            changed={values.notes !== initial.notes}
            error={serverErrors.notes}
            onEdit={() => setNotesOpen(true)}
          />
        </form>
      </Modal>
      {/* Siblings of the form's dialog, not children: a dialog's Escape (cancel) would otherwise
          reach the form's dialog too through React's event propagation. */}
      {notesOpen ? (
        <UnitNotesEditorModal
          notes={values.notes}
          unitName={values.name}
          maxLength={limitsOf(tier).unitNoteChars}
          onDone={(notes) => {
            change({ notes }, 'notes');
            setNotesOpen(false);
          }}
          onCancel={() => setNotesOpen(false)}
        />
      ) : null}
      {confirm.dialog}
    </>
  );
}

// The unit form modal (docs/product.md#modals, #units, #unit-form, #validation, #roles, #limits): create
// or edit a unit of the campaign. It only renders: the state and the server calls are
// ../hooks/use-unit-form.ts (a reducer and a hook, decision 057), the rules ../lib/unit-form.ts.
// Server refusals stay in the form: field errors beside their fields, the rest (unit limit, notes
// limit…) in an alert at the top (./unit-form-failure.tsx); a save that met another one shows the
// conflict notice (./unit-form-conflict.tsx, decision 036).
import { useTranslation } from 'react-i18next';
import { limitsOf, type Tier } from '@questkeeper/core/tiers';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import { useStatBlockPaste } from '../hooks/use-statblock-paste';
import { useUnitForm } from '../hooks/use-unit-form';
import { UnitFormCharacteristics } from './unit-form-characteristics';
import { UnitFormConflict } from './unit-form-conflict';
import { UnitFormCounters } from './unit-form-counters';
import { UnitFormFailure } from './unit-form-failure';
import { UnitFormFooter } from './unit-form-footer';
import { UnitFormIdentity } from './unit-form-identity';
import { UnitFormNotesSummary, UnitNotesEditorModal } from './unit-form-notes';
import { UnitFormPortrait } from './unit-form-portrait';
import { StatBlockPasteDialog, UnitFormStatBlock } from './unit-form-statblock';
import { UnitFormVitals } from './unit-form-vitals';

export interface UnitFormModalProps {
  campaign: Campaign;
  tier: Tier;
  /** The unit to edit; null opens the form in create mode. */
  unit: Unit | null;
  /** Player or non-player preselected in create mode (the section the user started from). */
  defaultIsPlayer?: boolean;
  /** Create mode: the name filled in (a missing link's "Create unit", docs/decisions/063). */
  defaultName?: string;
  onClose: () => void;
  /** After the server saved it (created or updated); the units cache is already up to date. */
  onSaved: (unit: Unit) => void;
}

export function UnitFormModal(props: UnitFormModalProps) {
  const { campaign, tier, onClose } = props;
  const { t } = useTranslation();
  const {
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
    confirmDialog,
    errorOf,
    change,
    blur,
    submit,
    onKeyDown,
    keepMine,
    takeTheirs,
    requestClose,
    addCounter,
    removeCounter,
    openNotes,
    closeNotes,
    doneNotes,
  } = useUnitForm(props);
  const { unit, values, initial, conflict, failure } = state;
  const confirmPortrait = useConfirm();
  const paste = useStatBlockPaste({
    campaign,
    values,
    saving,
    change,
    emptyMessage: t('unitForm.statBlock.empty'),
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
          <UnitFormStatBlock paste={paste} />
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
          <UnitFormPortrait
            campaignId={campaign._id}
            unit={unit}
            name={values.name}
            confirm={confirmPortrait}
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
          <UnitFormCounters
            values={values}
            errorOf={errorOf}
            onChange={change}
            onBlur={blur}
            onAdd={addCounter}
            onRemove={removeCounter}
          />
          <UnitFormNotesSummary
            notes={values.notes}
            changed={values.notes !== initial.notes}
            error={state.serverErrors.notes}
            onEdit={openNotes}
          />
        </form>
      </Modal>
      {/* Siblings of the form's dialog, not children: a dialog's Escape (cancel) would otherwise
          reach the form's dialog too through React's event propagation. */}
      {state.notesOpen ? (
        <UnitNotesEditorModal
          notes={values.notes}
          unitName={values.name}
          maxLength={limitsOf(tier).unitNoteChars}
          onDone={doneNotes}
          onCancel={closeNotes}
        />
      ) : null}
      <StatBlockPasteDialog paste={paste} />
      {confirmDialog}
      {confirmPortrait.dialog}
    </>
  );
}

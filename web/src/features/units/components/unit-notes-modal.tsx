// The unit notes viewer (docs/product.md#modals, #editing): the shared
// notes editor in a modal, with its buttons in the footer. Save goes through PUT {notes, version}, the
// version of the unit when editing started (decision 036): notes saved elsewhere meanwhile bring a
// notice that keeps the text in the editor; only another field changed (HP in combat…) is no conflict,
// and the notes are sent again on top of it. Closing with unsaved changes asks first. Below the notes
// as read, what links to this unit ("Linked from", docs/decisions/063).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { useToast } from '@/components/toast/toast-store';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { NotesEditor, useNotesEditor, type NotesSaveFailure } from '@/components/notes-editor';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { conflictUnit, useUpdateUnit, type Unit } from '@/lib/units';
import { ConflictNotice } from '@/components/conflict-notice';
import { LinkedFrom } from '@/components/linked-from';
import { SavedNotes } from './unit-form-conflict';

/** The notes a save is made on and the unit's version then. */
type Base = { notes: string; version: string };

/** A save refused because the unit changed meanwhile is sent again this often when its notes did not. */
const REBASES = 3;

export function UnitNotesModal({
  campaignId,
  tier,
  unit,
  onClose,
}: {
  campaignId: string;
  tier: Tier;
  unit: Unit;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateUnit(campaignId);
  const confirm = useConfirm();
  const toast = useToast();
  // Set when editing starts: the unit shown follows the cache, the save must not.
  const base = useRef<Base>({ notes: unit.notes, version: unit.version });
  /** The notes as saved elsewhere while the user edited, and the version to save over them. */
  const [conflict, setConflict] = useState<Base | null>(null);

  async function save(notes: string): Promise<NotesSaveFailure | null> {
    let on = base.current;
    if (notes === on.notes) return null;
    for (let attempt = 0; ; attempt++) {
      try {
        await update.mutateAsync({ id: unit._id, changes: { notes, version: on.version } });
        setConflict(null);
        toast.success(t('units.notes.saved', { name: unit.name }));
        return null;
      } catch (failure) {
        const theirs = conflictUnit(failure);
        if (theirs && theirs.notes === on.notes && attempt + 1 < REBASES) {
          on = { notes: on.notes, version: theirs.version };
          base.current = on;
          continue;
        }
        // The notice, when there is one, takes the place of this refusal's alert; the text stays.
        if (theirs) setConflict({ notes: theirs.notes, version: theirs.version });
        return {
          message: errorMessage(failure),
          noteError: failure instanceof ApiError ? failure.fields.notes : undefined,
        };
      }
    }
  }

  const editor = useNotesEditor(unit.notes, save);
  const maxLength = Math.max(TIER_LIMITS[tier].unitNoteChars, unit.notes.length);

  function start() {
    base.current = { notes: unit.notes, version: unit.version };
    setConflict(null);
    editor.start();
  }

  /** Saves the user's text over the notes saved elsewhere. */
  function keepMine() {
    if (!conflict) return;
    base.current = conflict;
    setConflict(null);
    void editor.save();
  }

  /** Drops the text for the notes as saved now (the cache, so `unit`, already holds them). */
  function takeTheirs() {
    setConflict(null);
    editor.cancel();
  }

  async function close() {
    if (editor.saving) return;
    if (
      editor.hasUnsavedText() &&
      !(await confirm({
        title: t('common.discardTitle'),
        message: t('units.notes.discardMessage', { name: unit.name }),
        confirmLabel: t('common.discardChanges'),
        cancelLabel: t('common.keepEditing'),
      }))
    ) {
      return;
    }
    editor.release();
    onClose();
  }

  return (
    <>
      <Modal
        open
        size="xl"
        title={t('units.notesOf', { name: unit.name })}
        onClose={() => void close()}
        busy={editor.saving}
        footer={
          editor.editing ? (
            <FormFooter
              submitLabel={t('units.notes.save')}
              busy={editor.saving}
              onCancel={editor.cancel}
              onSubmit={() => void editor.save()}
            />
          ) : (
            <>
              <Button variant="secondary" onClick={() => void close()}>
                {t('common.close')}
              </Button>
              <Button
                id={editor.editButtonId}
                onClick={start}
                icon={<Pencil aria-hidden="true" className="size-4" />}
              >
                {t('units.notes.edit')}
              </Button>
            </>
          )
        }
      >
        <NotesEditor
          editor={editor}
          note={unit.notes}
          label={t('units.notes.label', { name: unit.name })}
          maxLength={maxLength}
          editLabel={t('units.notes.edit')}
          notice={
            conflict && editor.editing ? (
              <ConflictNotice
                title={t('units.conflict.title')}
                keepMine={t('units.conflict.keepMine')}
                takeTheirs={t('units.conflict.takeTheirs')}
                body={t('units.conflict.notesBody', { name: unit.name })}
                saving={editor.saving}
                onKeepMine={keepMine}
                onTakeTheirs={takeTheirs}
              >
                <SavedNotes notes={conflict.notes} />
              </ConflictNotice>
            ) : undefined
          }
        />
        {editor.editing ? null : (
          // Read mode only: while editing, the text is the task (and the dialog's body keeps its size).
          <LinkedFrom kind="unit" target={unit._id} className="mt-5 border-t border-line pt-4" />
        )}
      </Modal>
      {confirm.dialog}
    </>
  );
}

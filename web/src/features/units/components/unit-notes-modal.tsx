// The unit notes viewer (spec §2 "Modals in detail", §4 "Rules, note, name editing"): the shared
// notes editor in a modal, with its buttons in the footer. Save goes through PUT {notes}; closing
// with unsaved changes asks first.
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { useToast } from '@/components/toast/toast-store';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { NotesEditor, useNotesEditor } from '@/components/notes-editor';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateUnit, type Unit } from '@/lib/units';

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
  const editor = useNotesEditor(unit.notes, async (notes) => {
    if (notes === unit.notes) return null;
    try {
      await update.mutateAsync({ id: unit._id, changes: { notes } });
      toast.success(t('units.notes.saved', { name: unit.name }));
      return null;
    } catch (failure) {
      return {
        message: errorMessage(failure),
        noteError: failure instanceof ApiError ? failure.fields.notes : undefined,
      };
    }
  });
  const maxLength = Math.max(TIER_LIMITS[tier].unitNoteChars, unit.notes.length);

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
                onClick={editor.start}
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
        />
      </Modal>
      {confirm.dialog}
    </>
  );
}

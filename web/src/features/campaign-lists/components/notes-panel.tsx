// An entry's markdown note (docs/product.md#markdown-editor, #editing) in the shared notes editor,
// with its buttons below the note. Saving sends the whole list; a refusal stays beside the note.
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { NotesEditor, useNotesEditor } from '@/components/notes-editor';
import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/form-footer';
import type { SaveFailure } from '../hooks/use-list-saver';

export function NotesPanel({
  itemName,
  note,
  maxLength,
  locked,
  onSave,
  fieldErrorOf,
}: {
  itemName: string;
  note: string;
  maxLength: number;
  /** Another save of this list is running: no new save may start until it ends. */
  locked: boolean;
  onSave: (note: string) => Promise<SaveFailure | null>;
  /** The note's own field error in a refusal, if any. */
  fieldErrorOf: (failure: SaveFailure) => string | undefined;
}) {
  const { t } = useTranslation();
  const editor = useNotesEditor(note, async (text) => {
    const refused = await onSave(text);
    return refused && { message: refused.message, noteError: fieldErrorOf(refused) };
  });

  return (
    <NotesEditor
      editor={editor}
      note={note}
      label={t('lists.notesOf', { name: itemName })}
      maxLength={maxLength}
      editLabel={t('lists.editNotes')}
    >
      {editor.editing ? (
        <div className="flex flex-wrap justify-end gap-2">
          <FormFooter
            size="sm"
            submitLabel={t('lists.saveNotes')}
            busy={editor.saving}
            submitDisabled={locked && !editor.saving}
            onCancel={editor.cancel}
            onSubmit={() => void editor.save()}
          />
        </div>
      ) : (
        <Button
          id={editor.editButtonId}
          variant="secondary"
          size="sm"
          disabled={locked}
          onClick={editor.start}
          icon={<Pencil aria-hidden="true" className="size-4" />}
        >
          {t('lists.editNotes')}
        </Button>
      )}
    </NotesEditor>
  );
}

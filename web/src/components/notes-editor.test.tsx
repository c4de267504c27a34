// The shared notes editor (used by the unit notes modal and the list entries' notes): Edit opens
// the editor on the saved text, Save hands over what was typed, a refusal stays beside the note,
// Cancel puts the saved text back, and focus returns to Edit. The journeys in
// e2e/tests/units.spec.ts and lists.spec.ts run both screens in a real browser.
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormFooter } from '@/components/ui/form-footer';
import { findEditor } from '@/test/editor';
import { NotesEditor, useNotesEditor, type NotesSaveFailure } from './notes-editor';

// The writer (with CodeMirror) is a lazy chunk: load it once before the tests' own time limits start.
beforeAll(() => import('./markdown-editor/markdown-writer'), 30_000);

/** An owner as the screens are: it keeps the saved note and places the buttons below it. */
function Owner({
  save,
  initial = 'Lives in the **north**.',
}: {
  save: (note: string) => Promise<NotesSaveFailure | null>;
  initial?: string;
}) {
  const [note, setNote] = useState(initial);
  const editor = useNotesEditor(note, async (text) => {
    const refused = await save(text);
    if (!refused) setNote(text);
    return refused;
  });
  return (
    <NotesEditor editor={editor} note={note} label="Notes of Elf" maxLength={200} editLabel="Edit notes">
      {editor.editing ? (
        <FormFooter
          submitLabel="Save notes"
          busy={editor.saving}
          onCancel={editor.cancel}
          onSubmit={() => void editor.save()}
        />
      ) : (
        <button type="button" id={editor.editButtonId} onClick={editor.start}>
          Edit notes
        </button>
      )}
    </NotesEditor>
  );
}

const shownNote = () => screen.getByRole('region', { name: 'Notes of Elf' }).textContent?.trim();

async function startEditing(save: (note: string) => Promise<NotesSaveFailure | null>) {
  render(<Owner save={save} />);
  // The note's renderer loads on first use (lazy-markdown-editor.tsx): its region is there at once.
  await waitFor(() => expect(shownNote()).toBe('Lives in the north.'));
  await userEvent.click(screen.getByRole('button', { name: 'Edit notes' }));
  const editor = await findEditor('Notes of Elf');
  await waitFor(() => expect(document.activeElement).toBe(editor.element));
  expect(editor.value).toBe('Lives in the **north**.');
  return editor;
}

describe('NotesEditor', { timeout: 20_000 }, () => {
  it('saves the typed text, shows it read-only and gives focus back to Edit', async () => {
    const save = vi.fn(async () => null);
    const editor = await startEditing(save);
    editor.type(' Fears fire.');
    editor.blur();
    await userEvent.click(screen.getByRole('button', { name: 'Save notes' }));

    expect(save).toHaveBeenCalledExactlyOnceWith('Lives in the **north**. Fears fire.');
    await screen.findByRole('region', { name: 'Notes of Elf' });
    expect(shownNote()).toBe('Lives in the north. Fears fire.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit notes' }));
  });

  it('keeps a refusal and the typed text in the editor, and Cancel restores the saved note', async () => {
    const save = vi.fn(async () => ({ message: 'Some fields are not valid.', noteError: 'Too long.' }));
    const editor = await startEditing(save);
    editor.replaceAll('A much longer note');
    editor.blur();
    await userEvent.click(screen.getByRole('button', { name: 'Save notes' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Some fields are not valid.Too long.');
    expect((await findEditor('Notes of Elf')).value).toBe('A much longer note');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shownNote()).toBe('Lives in the north.');
    await userEvent.click(screen.getByRole('button', { name: 'Edit notes' }));
    expect((await findEditor('Notes of Elf')).value).toBe('Lives in the **north**.');
  });

  it('prompts an empty note with the name of the real Edit button', () => {
    render(<Owner save={async () => null} initial="  " />);
    expect(shownNote()).toBe('Nothing written yet. Click "Edit notes" to start');
  });
});

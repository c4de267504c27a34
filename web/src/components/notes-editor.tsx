// A markdown note read, then edited in place (docs/product.md#markdown-editor, #editing): the note
// rendered read-only; Edit switches to the editor with the tier's limit; Save hands the text to the
// owner's save; Cancel restores the saved text. The unit notes modal and the list entries' notes
// use it; each places the buttons where its layout wants them (a modal's footer, below the note).
// The editor's code loads with the first note shown, not with the view (lazy-markdown-editor.tsx).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdownEditor as MarkdownEditor } from '@/components/markdown-editor/lazy-markdown-editor';
import { hasText, PreviewPlaceholder } from '@/components/markdown-editor/preview-placeholder';
import { Alert } from '@/components/ui/alert';
import { useUnsavedChanges } from '@/lib/unsaved-changes';

/** A refused save: the message, and the note's own field error when the server named one. */
export interface NotesSaveFailure {
  message: string;
  noteError?: string | undefined;
}

const ignore = () => undefined;

/** The state behind a NotesEditor. `onSave` resolves to the refusal, or null once saved. */
export function useNotesEditor(note: string, onSave: (note: string) => Promise<NotesSaveFailure | null>) {
  const editorId = useId();
  const editButtonId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<NotesSaveFailure | null>(null);
  // The editor debounces its changes and flushes them on blur: Save reads the latest text here,
  // even when the flush and the click land in the same frame.
  const latest = useRef(note);
  const editingRef = useRef(false);
  const returnFocus = useRef(false);
  useUnsavedChanges(editing && draft !== note);

  useEffect(() => {
    // Editing: the editor focuses itself once its code has loaded (autoFocus).
    if (!editing && returnFocus.current) document.getElementById(editButtonId)?.focus();
    returnFocus.current = false;
  }, [editing, editButtonId]);

  function stop() {
    editingRef.current = false;
    returnFocus.current = true;
    setEditing(false);
  }

  return {
    editorId,
    /** The id for the Edit button: focus comes back to it when editing ends. */
    editButtonId,
    editing,
    draft,
    saving,
    failure,
    start() {
      latest.current = note;
      setDraft(note);
      setFailure(null);
      editingRef.current = true;
      setEditing(true);
    },
    change(value: string) {
      // A change flushed by the editor as it unmounts after Cancel must not come back.
      if (!editingRef.current) return;
      latest.current = value;
      setDraft(value);
    },
    async save() {
      setSaving(true);
      setFailure(null);
      const refused = await onSave(latest.current);
      setSaving(false);
      if (refused) setFailure(refused);
      else stop();
    },
    cancel() {
      latest.current = note;
      setDraft(note);
      setFailure(null);
      stop();
    },
    /** Text typed and not saved, the editor's pending change included (it is handed over first). */
    hasUnsavedText(): boolean {
      const active = document.activeElement;
      if (active instanceof HTMLElement && document.getElementById(editorId)?.contains(active)) active.blur();
      return editingRef.current && latest.current !== note;
    },
    /** The owner closes: what the unmounting editor still flushes is dropped. */
    release() {
      editingRef.current = false;
    },
  };
}

export type NotesEditorState = ReturnType<typeof useNotesEditor>;

/** The refusal, if any, and the note: rendered, or in the editor while editing. `children` (the
 *  buttons, when they sit below the note) come last. An empty note names the owner's own Edit
 *  button (`editLabel`), and takes no more room than its sentence. */
export function NotesEditor({
  editor,
  note,
  label,
  maxLength,
  editLabel,
  notice,
  children,
}: {
  editor: NotesEditorState;
  note: string;
  label: string;
  maxLength: number;
  /** The label of the button that starts editing, as the empty note's prompt says it. */
  editLabel: string;
  /** Shown instead of the refusal's alert (the unit notes' conflict notice, decision 036). */
  notice?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { failure } = editor;
  return (
    <div className="space-y-3">
      {notice ? (
        notice
      ) : failure ? (
        <Alert tone="error">
          <p>{failure.message}</p>
          {failure.noteError && failure.noteError !== failure.message ? <p>{failure.noteError}</p> : null}
        </Alert>
      ) : null}
      {editor.editing ? (
        <MarkdownEditor
          id={editor.editorId}
          value={editor.draft}
          onChange={editor.change}
          maxLength={maxLength}
          label={label}
          autoFocus
        />
      ) : hasText(note) ? (
        <MarkdownEditor value={note} onChange={ignore} maxLength={maxLength} readOnly label={label} />
      ) : (
        <div
          role="region"
          aria-label={label}
          className="rounded-card border border-line bg-surface p-4 sm:p-6"
        >
          <PreviewPlaceholder text={t('editor.emptyReadOnly', { edit: editLabel })} />
        </div>
      )}
      {children}
    </div>
  );
}

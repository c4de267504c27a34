// An entry's markdown note (spec §2, §4 "Rules, note, name editing"): read-only preview, then Edit →
// editor with the tier's character limit, Save through the API, Cancel restores the saved text.
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { MarkdownEditor } from '@/components/markdown-editor/markdown-editor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { SaveFailure } from '../hooks/use-list-saver';

const ignore = () => undefined;

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
  const editorId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note);
  // The editor debounces its changes and flushes them on blur: Save reads the latest text here,
  // even when the flush and the click land in the same frame.
  const latest = useRef(note);
  const editingRef = useRef(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  useUnsavedChanges(editing && draft !== note);
  const editButtonId = useId();
  const returnFocus = useRef(false);

  useEffect(() => {
    // Editing: the editor focuses itself once loaded (autoFocus).
    if (!editing && returnFocus.current) document.getElementById(editButtonId)?.focus();
    returnFocus.current = false;
  }, [editing, editButtonId]);

  function start() {
    latest.current = note;
    setDraft(note);
    setFailure(null);
    editingRef.current = true;
    setEditing(true);
  }

  function stop() {
    editingRef.current = false;
    returnFocus.current = true;
    setEditing(false);
  }

  function change(value: string) {
    // A change flushed by the editor as it unmounts after Cancel must not come back.
    if (!editingRef.current) return;
    latest.current = value;
    setDraft(value);
  }

  async function save() {
    setSaving(true);
    setFailure(null);
    const refused = await onSave(latest.current);
    setSaving(false);
    if (refused) setFailure(refused);
    else stop();
  }

  function cancel() {
    latest.current = note;
    setDraft(note);
    setFailure(null);
    stop();
  }

  const label = t('lists.notesOf', { name: itemName });
  if (!editing) {
    return (
      <div className="space-y-3">
        <MarkdownEditor value={note} onChange={ignore} maxLength={maxLength} readOnly label={label} />
        <Button
          id={editButtonId}
          variant="secondary"
          size="sm"
          disabled={locked}
          onClick={start}
          icon={<Pencil aria-hidden="true" className="size-4" />}
        >
          {t('lists.editNotes')}
        </Button>
      </div>
    );
  }

  const noteError = failure ? fieldErrorOf(failure) : undefined;
  return (
    <div className="space-y-3">
      {failure ? (
        <Alert tone="error">
          <p>{failure.message}</p>
          {noteError && noteError !== failure.message ? <p>{noteError}</p> : null}
        </Alert>
      ) : null}
      <MarkdownEditor
        id={editorId}
        value={draft}
        onChange={change}
        maxLength={maxLength}
        label={label}
        autoFocus
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" disabled={saving} onClick={cancel}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" loading={saving} disabled={locked && !saving} onClick={() => void save()}>
          {t('lists.saveNotes')}
        </Button>
      </div>
    </div>
  );
}

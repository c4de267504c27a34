// The unit notes viewer (spec §2 "Modals in detail", §4 "Rules, note, name editing"): the notes
// rendered read-only, Edit switches to the markdown editor with the tier's limit, Save goes through
// PUT {notes}, Cancel restores the saved text. Closing with unsaved changes asks first.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { MarkdownEditor } from '@/components/markdown-editor/markdown-editor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { useUpdateUnit, type Unit } from '@/lib/units';

const ignore = () => undefined;

/** Focuses the element once it exists: the editor's code loads on first use (a lazy chunk). */
function focusWhenPresent(id: string): (() => void) | undefined {
  const now = document.getElementById(id);
  if (now) {
    now.focus();
    return undefined;
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    observer.disconnect();
    element.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

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
  const editorId = useId();
  const editButtonId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(unit.notes);
  const [error, setError] = useState<unknown>(null);
  // The editor debounces its changes and flushes them on blur: Save reads the latest text here.
  const latest = useRef(unit.notes);
  const editingRef = useRef(false);
  const returnFocus = useRef(false);
  const saving = update.isPending;
  const dirty = editing && draft !== unit.notes;
  const maxLength = Math.max(TIER_LIMITS[tier].unitNoteChars, unit.notes.length);
  useUnsavedChanges(dirty);

  useEffect(() => {
    const back = returnFocus.current;
    returnFocus.current = false;
    if (editing) return focusWhenPresent(editorId);
    if (back) document.getElementById(editButtonId)?.focus();
  }, [editing, editorId, editButtonId]);

  function start() {
    latest.current = unit.notes;
    setDraft(unit.notes);
    setError(null);
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
    setError(null);
    if (latest.current === unit.notes) {
      stop();
      return;
    }
    try {
      await update.mutateAsync({ id: unit._id, changes: { notes: latest.current } });
      stop();
    } catch (failure) {
      setError(failure);
    }
  }

  function cancel() {
    latest.current = unit.notes;
    setDraft(unit.notes);
    setError(null);
    stop();
  }

  async function close() {
    if (saving) return;
    // Escape reaches us before the editor's debounced change: leaving the editor hands it over now.
    const active = document.activeElement;
    if (active instanceof HTMLElement && document.getElementById(editorId)?.contains(active)) active.blur();
    if (editingRef.current && latest.current !== unit.notes) {
      const ok = await confirm({
        title: t('units.notes.discardTitle'),
        message: t('units.notes.discardMessage', { name: unit.name }),
        confirmLabel: t('units.notes.discard'),
      });
      if (!ok) return;
    }
    editingRef.current = false;
    onClose();
  }

  const label = t('units.notes.label', { name: unit.name });
  const notesError = error instanceof ApiError ? error.fields.notes : undefined;
  return (
    <>
      <Modal
        open
        size="xl"
        title={t('units.notesOf', { name: unit.name })}
        onClose={() => void close()}
        busy={saving}
        footer={
          editing ? (
            <>
              <Button key="cancel" variant="secondary" disabled={saving} onClick={cancel}>
                {t('common.cancel')}
              </Button>
              <Button key="save" loading={saving} onClick={() => void save()}>
                {t('units.notes.save')}
              </Button>
            </>
          ) : (
            <>
              <Button key="close" variant="secondary" onClick={() => void close()}>
                {t('common.close')}
              </Button>
              <Button
                key="edit"
                id={editButtonId}
                onClick={start}
                icon={<Pencil aria-hidden="true" className="size-4" />}
              >
                {t('units.notes.edit')}
              </Button>
            </>
          )
        }
      >
        <div className="flex flex-col gap-3">
          {error ? (
            <Alert tone="error">
              <p>{errorMessage(error)}</p>
              {notesError && notesError !== errorMessage(error) ? <p>{notesError}</p> : null}
            </Alert>
          ) : null}
          {editing ? (
            <MarkdownEditor
              id={editorId}
              value={draft}
              onChange={change}
              maxLength={maxLength}
              label={label}
            />
          ) : (
            <MarkdownEditor
              value={unit.notes}
              onChange={ignore}
              maxLength={maxLength}
              readOnly
              label={label}
            />
          )}
        </div>
      </Modal>
      {confirm.dialog}
    </>
  );
}

// The unit's notes and inventory (docs/product.md#unit-form, #markdown-editor:
// 20,000 characters): a summary with an edit button in the form, and the editor in its own modal.
// Done hands the text back to the form, which saves it with the unit; Cancel drops it.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NotebookPen } from 'lucide-react';
import { LazyMarkdownEditor as MarkdownEditor } from '@/components/markdown-editor/lazy-markdown-editor';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { FormSection } from './unit-form-controls';

export function UnitFormNotesSummary({
  notes,
  changed,
  error,
  onEdit,
}: {
  notes: string;
  /** The notes differ from the saved unit's. */
  changed: boolean;
  error: string | undefined;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormSection title={t('unitForm.notes')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div id={id} className="min-w-0 text-sm">
          <p className="text-ink-muted">
            {notes.length === 0
              ? t('unitForm.notesEmpty')
              : t('unitForm.notesLength', { count: notes.length })}
          </p>
          <p className={changed ? 'font-medium text-gold' : 'text-ink-muted'}>
            {changed ? t('unitForm.notesChanged') : t('unitForm.notesHint')}
          </p>
          {error ? <p className="text-danger">{error}</p> : null}
        </div>
        <Button
          variant="secondary"
          aria-describedby={id}
          icon={<NotebookPen aria-hidden="true" className="size-4" />}
          onClick={onEdit}
        >
          {t('unitForm.editNotes')}
        </Button>
      </div>
    </FormSection>
  );
}

export function UnitNotesEditorModal({
  notes,
  unitName,
  maxLength,
  onDone,
  onCancel,
}: {
  notes: string;
  unitName: string;
  /** The tier's unit notes limit (docs/product.md#tiers: 20,000 on every plan). */
  maxLength: number;
  onDone: (notes: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const editorId = useId();
  // The editor debounces its changes and flushes them on blur: Done reads the latest text here.
  const latest = useRef(notes);

  // The editor's code loads on first use: focus its text box as soon as it is there, unless the
  // user has already gone elsewhere in the meantime.
  useEffect(() => {
    let frame = 0;
    const started = performance.now();
    const focusEditor = () => {
      const editor = document.getElementById(editorId);
      if (editor) {
        const active = document.activeElement;
        if (!active || active === document.body || active.closest('dialog')?.contains(editor)) editor.focus();
      } else if (performance.now() - started < 10_000) {
        frame = requestAnimationFrame(focusEditor);
      }
    };
    frame = requestAnimationFrame(focusEditor);
    return () => cancelAnimationFrame(frame);
  }, [editorId]);

  const name = unitName.trim();
  return (
    <Modal
      open
      size="xl"
      title={name ? t('unitForm.notesTitleOf', { name }) : t('unitForm.notesTitle')}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onDone(latest.current)}>{t('unitForm.done')}</Button>
        </>
      }
    >
      <div className="flex flex-col gap-2">
        <p className="text-sm text-ink-muted">{t('unitForm.notesHint')}</p>
        <MarkdownEditor
          id={editorId}
          value={notes}
          onChange={(value) => {
            latest.current = value;
          }}
          maxLength={maxLength}
          label={t('unitForm.notesLabel')}
        />
      </div>
    </Modal>
  );
}

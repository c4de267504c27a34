// "Paste a stat block" (docs/product.md#paste-a-stat-block): the button and, after a fill, the list of
// what could not be read, at the top of the unit form; the dialog with the text box is a sibling of the
// form's dialog (an Escape in it must not reach the form's). State: ../hooks/use-statblock-paste.ts.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardPaste } from 'lucide-react';
import { STAT_BLOCK_TEXT_MAX } from '@questkeeper/core/limits';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import type { StatBlockPaste } from '../hooks/use-statblock-paste';

export function UnitFormStatBlock({ paste }: { paste: StatBlockPaste }) {
  const { t } = useTranslation();
  const reportRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // After each fill the report takes the focus, so a keyboard or screen reader user hears it first.
  useEffect(() => {
    if (paste.fills > 0) reportRef.current?.focus();
  }, [paste.fills]);

  const { report } = paste;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button
          variant="secondary"
          icon={<ClipboardPaste aria-hidden="true" className="size-4" />}
          onClick={paste.openDialog}
          disabled={paste.disabled}
          aria-haspopup="dialog"
          className="max-sm:w-full"
        >
          {t('unitForm.statBlock.open')}
        </Button>
      </div>
      {report ? (
        <div
          ref={reportRef}
          tabIndex={-1}
          role="region"
          aria-labelledby={titleId}
          className="rounded-control border border-line bg-info-soft px-3 py-2 text-sm text-ink"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">{t('unitForm.statBlock.filled')}</p>
              <h3 id={titleId} className="mt-1 font-semibold">
                {report.length === 0 ? t('unitForm.statBlock.allRead') : t('unitForm.statBlock.unreadTitle')}
              </h3>
            </div>
            <Button variant="ghost" size="sm" onClick={paste.hideReport}>
              {t('unitForm.statBlock.dismiss')}
            </Button>
          </div>
          {report.length > 0 ? (
            <ul className="mt-1 list-disc ps-5 [overflow-wrap:anywhere]">
              {report.map((item, index) => (
                <li key={index}>
                  {t(`unitForm.statBlock.unread.${item.reason}`, { text: item.text, limit: item.limit })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function StatBlockPasteDialog({ paste }: { paste: StatBlockPaste }) {
  const { t } = useTranslation();
  const formId = useId();
  const textId = useId();
  const introId = useId();
  const errorId = useId();
  if (!paste.open) return null;
  return (
    <Modal
      open
      size="lg"
      busy={paste.busy}
      title={t('unitForm.statBlock.title')}
      onClose={paste.closeDialog}
      footer={
        <>
          <Button variant="secondary" onClick={paste.closeDialog} disabled={paste.busy}>
            {t('unitForm.statBlock.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={paste.busy}>
            {paste.busy ? t('unitForm.statBlock.filling') : t('unitForm.statBlock.fill')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void paste.fill();
        }}
      >
        <p id={introId} className="text-sm text-ink-muted">
          {t('unitForm.statBlock.intro')}
        </p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={textId} className="text-sm font-medium text-ink">
            {t('unitForm.statBlock.label')}
          </label>
          <textarea
            id={textId}
            data-autofocus
            value={paste.text}
            onChange={(event) => paste.setText(event.target.value)}
            maxLength={STAT_BLOCK_TEXT_MAX}
            readOnly={paste.busy}
            rows={12}
            spellCheck={false}
            aria-invalid={paste.error ? true : undefined}
            aria-describedby={`${introId}${paste.error ? ` ${errorId}` : ''}`}
            className={
              'min-h-48 w-full resize-y rounded-control border bg-surface px-3 py-2 font-mono text-sm text-ink ' +
              'focus-visible:outline-offset-0 ' +
              (paste.error ? 'border-danger' : 'border-line')
            }
          />
          {paste.error ? (
            <p id={errorId} role="alert" className="text-sm text-danger">
              {paste.error}
            </p>
          ) : null}
        </div>
        <SelectField
          label={t('unitForm.statBlock.language')}
          value={paste.language}
          onChange={(value) => paste.setLanguage(value === 'en' || value === 'fr' ? value : '')}
          disabled={paste.busy}
          options={[
            { value: '', label: t('unitForm.statBlock.languageAuto') },
            { value: 'en', label: t('profile.language.names.en') },
            { value: 'fr', label: t('profile.language.names.fr') },
          ]}
          className="sm:max-w-xs"
        />
      </form>
    </Modal>
  );
}

// The file of an import (docs/decisions/024, 065): a button-looking label around a visually hidden file
// input (the native one would speak the browser's language, not the app's), the chosen file's name,
// and what it must be. "Import from a file" (a campaign file) and "Import from another tool" share it.
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileJson, Upload } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';

export function ImportFileField({
  fileName,
  reading,
  disabled,
  onPick,
  label,
  hint,
  accept = '.json,application/json',
  autoFocus = false,
}: {
  /** The chosen file's name; null before one is chosen. */
  fileName: string | null;
  /** True while the chosen file is being read. */
  reading: boolean;
  disabled: boolean;
  onPick: (file: File) => void | Promise<void>;
  /** The field's label and the line below it (what the file must be). */
  label: string;
  hint: string;
  /** The input's `accept`. */
  accept?: string;
  /** Focused first when its dialog opens (`data-autofocus`). */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label
          className={
            'inline-flex h-11 items-center gap-2 rounded-control border border-line bg-surface px-4 font-medium text-ink ' +
            'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus ' +
            (disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-surface-muted')
          }
        >
          {reading ? <Spinner /> : <Upload aria-hidden="true" className="size-4" />}
          {t(fileName ? 'campaigns.import.chooseAnother' : 'campaigns.import.choose')}
          <input
            ref={input}
            type="file"
            accept={accept}
            disabled={disabled}
            {...(autoFocus ? { 'data-autofocus': true } : {})}
            aria-describedby={`${id}-name ${id}-hint`}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so that choosing the same file again (after fixing it) reads it again.
              event.target.value = '';
              if (file) void onPick(file);
            }}
          />
        </label>
        <span id={`${id}-name`} className="flex min-w-0 items-center gap-1.5 text-sm">
          {fileName ? (
            <>
              <FileJson aria-hidden="true" className="size-4 shrink-0 text-brand" />
              <span className="break-all font-medium text-ink">{fileName}</span>
            </>
          ) : (
            <span className="text-ink-muted">{t('campaigns.import.noFile')}</span>
          )}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {hint}
      </p>
    </div>
  );
}

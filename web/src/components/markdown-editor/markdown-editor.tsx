// The reusable markdown editor (spec §2 "Markdown editor", §4 "Editor", §5, §9; issue #4): toolbar,
// text area and live preview side by side (stacked under 768 px), or the rendered text alone when
// read-only.
import { useTranslation } from 'react-i18next';
import { MarkdownPreview, PreviewPlaceholder, hasText } from './markdown-preview';
import { MarkdownWriter, type MarkdownWriterProps } from './markdown-writer';

// The contract of issue #4 names both components after this file.
export { MarkdownPreview } from './markdown-preview';

/** value, onChange, maxLength, label and id as the writer takes them (label and id name the preview
 *  region when read-only), plus readOnly: the rendered preview only. */
export interface MarkdownEditorProps extends MarkdownWriterProps {
  readOnly?: boolean;
}

export function MarkdownEditor({ readOnly = false, ...props }: MarkdownEditorProps) {
  return readOnly ? (
    <ReadOnlyMarkdown value={props.value} label={props.label} id={props.id} />
  ) : (
    <MarkdownWriter {...props} />
  );
}

function ReadOnlyMarkdown({ value, label, id }: { value: string; label: string; id?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      role="region"
      aria-label={label}
      // A scroll box must be reachable from the keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
      className="h-[35rem] overflow-auto rounded-card border border-line bg-surface p-4 [contain:strict] sm:p-6"
    >
      {hasText(value) ? (
        <MarkdownPreview source={value} />
      ) : (
        <PreviewPlaceholder text={t('editor.emptyReadOnly', { edit: t('common.edit') })} />
      )}
    </div>
  );
}

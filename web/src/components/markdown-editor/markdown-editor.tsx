// The reusable markdown editor (docs/product.md#markdown-editor; docs/decisions/012): toolbar,
// text area and live preview side by side (stacked under 768 px), or the rendered text alone when
// read-only.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from './markdown-preview';
import { EditorLoading, PreviewPlaceholder, hasText } from './preview-placeholder';
import type { MarkdownWriterProps } from './markdown-writer';

// Edit mode, with CodeMirror, is its own chunk: read-only views never download it.
const MarkdownWriter = lazy(() =>
  import('./markdown-writer').then((module) => ({ default: module.MarkdownWriter })),
);

// The contract of docs/decisions/012 names both components after this file.
export { MarkdownPreview } from './markdown-preview';
export { selectInEditor } from './editor-events';

/** value, onChange, maxLength, label and id as the writer takes them (label and id name the preview
 *  region when read-only), plus readOnly: the rendered preview only, with `anchors` (the rules read
 *  view: heading ids, block lines, "Linked from" buttons; see MarkdownPreview). */
export interface MarkdownEditorProps extends MarkdownWriterProps {
  readOnly?: boolean;
  anchors?: boolean;
  /** Read-only with anchors: a "Reveal to players" button beside each heading (issue 34). */
  revealLabel?: ((heading: string, slug: string) => string) | undefined;
}

export function MarkdownEditor({
  readOnly = false,
  anchors = false,
  revealLabel,
  ...props
}: MarkdownEditorProps) {
  return readOnly ? (
    <ReadOnlyMarkdown
      value={props.value}
      label={props.label}
      id={props.id}
      anchors={anchors}
      revealLabel={revealLabel}
    />
  ) : (
    // The fallback holds the writer's place (toolbar + 33 rem + counter) while its code loads.
    <Suspense fallback={<EditorLoading />}>
      <MarkdownWriter {...props} />
    </Suspense>
  );
}

function ReadOnlyMarkdown({
  value,
  label,
  id,
  anchors,
  revealLabel,
}: {
  value: string;
  label: string;
  id?: string | undefined;
  anchors: boolean;
  revealLabel?: ((heading: string, slug: string) => string) | undefined;
}) {
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
        <MarkdownPreview source={value} anchors={anchors} revealLabel={revealLabel} />
      ) : (
        <PreviewPlaceholder text={t('editor.emptyReadOnly', { edit: t('common.edit') })} />
      )}
    </div>
  );
}

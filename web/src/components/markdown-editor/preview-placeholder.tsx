// The light pieces of a rendered text, kept apart from markdown-preview.tsx (markdown-it, 40 kB
// compressed) so that a view that only may show a note (the units view, the lists) loads that code
// when a note is shown, not with the view (lazy-markdown-editor.tsx).
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

export const hasText = (source: string) => /\S/.test(source);

/**
 * What an empty text shows (docs/product.md#markdown-editor): looks like a heading without being one, the
 * host owns the outline.
 */
export function PreviewPlaceholder({ text }: { text: string }) {
  return <p className="font-display text-xl font-semibold text-ink-muted">{text}</p>;
}

/** A spinner announced as loading, centred in the box that holds the editor or the note. */
export function EditorLoading({ className = 'h-[37rem]' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={`flex items-center justify-center rounded-card border border-line bg-surface text-ink-muted ${className}`}
    >
      <Spinner className="size-6" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

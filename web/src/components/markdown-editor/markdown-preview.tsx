import { memo, useMemo } from 'react';
import { renderMarkdown } from './markdown';
import './markdown-preview.css';

interface MarkdownPreviewProps {
  source: string;
  className?: string;
}

/** Rendered markdown (raw HTML shown as text, links in a new tab). Re-renders only when `source` changes. */
export const MarkdownPreview = memo(function MarkdownPreview({
  source,
  className = '',
}: MarkdownPreviewProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={`qk-markdown ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
});

export const hasText = (source: string) => /\S/.test(source);

/** What an empty text shows (spec §2): looks like a heading without being one, the host owns the outline. */
export function PreviewPlaceholder({ text }: { text: string }) {
  return <p className="font-display text-xl font-semibold text-ink-muted">{text}</p>;
}

// Rendered markdown, in sections (markdown-sections.ts): each section keeps its HTML while its text is
// unchanged, so an edit renders again only the section it touched, and a long text paints its first
// sections at once and the rest in later tasks, one chunk per frame, never holding up input. Each
// section lays out only when near the view (content-visibility: auto in markdown-preview.css).
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SectionRenderer, splitSections } from './markdown-sections';
import './markdown-preview.css';

/** Characters rendered at once for a new text: enough sections to fill the visible area. */
const FIRST_CHARS = 6000;
/** Characters rendered per later task. */
const CHUNK_CHARS = 40_000;
/** The pass that renders everything left (finishRendering). */
const ALL = Number.POSITIVE_INFINITY;

/** Previews still rendering, by root element: how to finish them at once. */
const finishers = new WeakMap<Element, () => void>();

interface MarkdownPreviewProps {
  source: string;
  className?: string;
}

/** Rendered markdown (raw HTML shown as text, links in a new tab). Re-renders only when `source` changes. */
export const MarkdownPreview = memo(function MarkdownPreview({
  source,
  className = '',
}: MarkdownPreviewProps) {
  const [renderer] = useState(() => new SectionRenderer());
  const sections = useMemo(() => splitSections(source), [source]);
  // Which pass of these sections is shown: a new text starts again at 0.
  const [progress, setProgress] = useState({ sections, pass: 0 });
  const pass = progress.sections === sections ? progress.pass : 0;
  const rendered = useMemo(
    () => renderer.render(sections, pass === 0 ? FIRST_CHARS : pass === ALL ? ALL : CHUNK_CHARS),
    [renderer, sections, pass],
  );
  const pending = rendered.pending > 0;
  const rootRef = useRef<HTMLDivElement>(null);

  // The next chunk, in a task of its own once this one has been painted.
  useEffect(() => {
    if (!pending) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setProgress({ sections, pass: pass + 1 }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [sections, pass, pending]);

  // What needs the whole text in the DOM (the rules search scrolling to a match) can finish it now.
  useEffect(() => {
    const root = rootRef.current;
    if (!pending || !root) return;
    finishers.set(root, () => flushSync(() => setProgress({ sections, pass: ALL })));
    return () => {
      finishers.delete(root);
    };
  }, [sections, pending]);

  return (
    <div ref={rootRef} className={`qk-markdown ${className}`} aria-busy={pending || undefined}>
      {rendered.sections.map((section) => (
        <Section key={section.key} html={section.html} estimate={section.estimate} />
      ))}
    </div>
  );
});

/** One section: its HTML, or until then an empty block of about its height. */
const Section = memo(function Section({ html, estimate }: { html: string | null; estimate: number }) {
  return html === null ? (
    <div className="qk-markdown-section" style={{ height: estimate }} />
  ) : (
    <div
      className="qk-markdown-section"
      // Until laid out, an off-screen section holds about its height (then its last real one).
      style={{ containIntrinsicSize: `auto ${estimate}px` }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});

/**
 * Renders at once whatever the previews in `container` (or `container` itself) have not rendered yet,
 * so the whole text is in the DOM.
 */
export function finishRendering(container: Element): void {
  const roots = [container, ...container.querySelectorAll('.qk-markdown')];
  for (const root of roots) finishers.get(root)?.();
}

export const hasText = (source: string) => /\S/.test(source);

/**
 * What an empty text shows (docs/product.md#markdown-editor): looks like a heading without being one, the
 * host owns the outline.
 */
export function PreviewPlaceholder({ text }: { text: string }) {
  return <p className="font-display text-xl font-semibold text-ink-muted">{text}</p>;
}

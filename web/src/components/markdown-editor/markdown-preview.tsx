// Rendered markdown, in sections (markdown-sections.ts): each section keeps its HTML while its text is
// unchanged, so an edit renders again only the section it touched, and a long text paints its first
// sections at once and the rest in later tasks, one chunk per frame, never holding up input. Each
// section lays out only when near the view (content-visibility: auto in markdown-preview.css).
// In a campaign, `[[links]]` resolve against its names (lib/campaign-links.tsx, docs/decisions/063): a
// click on one opens its place inside the app, a click on a missing one offers to create the unit.
// Secret blocks (docs/decisions/064) come framed and marked "Secret" for the GM; above a text that has
// any, "Preview as player" (player-preview.tsx) renders what players get instead. Every heading has an
// anchor (decision 081): the rules read view's are the `h-<slug>` that places and `[[#Heading]]` lead
// to, every other text's carry the preview's own prefix; a `[words](#heading)` of the text scrolls
// to its heading.
import { memo, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { rulesHeadings, type LinkKind } from '@questkeeper/core/links/links';
import { hasSecrets, stripSecrets } from '@questkeeper/core/text/secret-blocks';
import { AnchoredPopover } from '@/components/ui/anchored-popover';
import { headingsOf, useCampaignLinks, type CampaignLinks } from '@/lib/campaign-links';
import { placeOfTarget, placeSearch } from '@/lib/campaign-places';
import type { LinkRendering } from './markdown';
import { SectionRenderer, splitPieces, type RenderedSection, type SectionContext } from './markdown-sections';
import { PlayerPreviewToggle, usePlayerPreview } from './player-preview';
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
  /**
   * The rules read view: headings get ids from their slugs (`h-<slug>`, lib: headingId) and a "Linked
   * from" button, blocks their line (`data-line`), so a place can scroll to them. Without it headings
   * still get ids, `h-<this preview's prefix>-<slug>`, unique on the page.
   */
  anchors?: boolean;
  /** With `anchors`: a "Reveal to players" button beside each heading, named by this (issue 34). */
  revealLabel?: ((heading: string, slug: string) => string) | undefined;
  /**
   * The "Preview as player" toggle above a text with secret blocks (default true); false where nothing
   * can be pressed (a tooltip): the blocks stay framed.
   */
  playerPreview?: boolean;
}

/**
 * Rendered markdown (raw HTML shown as text, outside links in a new tab, campaign links inside the app).
 * Re-renders only when `source` or the campaign's names change.
 */
export const MarkdownPreview = memo(function MarkdownPreview({
  source,
  className = '',
  anchors = false,
  revealLabel,
  playerPreview: offersPreview = true,
}: MarkdownPreviewProps) {
  const { t } = useTranslation();
  const links = useCampaignLinks();
  const [renderer] = useState(() => new SectionRenderer());
  const secrets = useMemo(() => offersPreview && hasSecrets(source), [offersPreview, source]);
  const [playerPreview, setPlayerPreview] = usePlayerPreview();
  // Preview as player: the text players get, stripped as the server strips it; nothing secret is rendered.
  const shown = useMemo(
    () => (secrets && playerPreview ? stripSecrets(source) : source),
    [secrets, playerPreview, source],
  );
  const sections = useMemo(() => splitPieces(shown), [shown]);
  // The rules' headings are shared with the links' catalog (headingsOf keeps the last text's); any
  // other text reads its own, so the two never push each other out.
  const headings = useMemo(() => (anchors ? headingsOf(shown) : rulesHeadings(shown)), [anchors, shown]);
  const idPrefix = `h-${useId().replace(/[^A-Za-z0-9]/g, '')}-`;
  // Which pass of these sections is shown: a new text starts again at 0.
  const [progress, setProgress] = useState({ sections, pass: 0 });
  const pass = progress.sections === sections ? progress.pass : 0;
  const linkRendering = useMemo(
    () =>
      links
        ? linkRenderingOf(links, {
            missing: t('links.missing'),
            missingTitle: t('links.missingTitle'),
            missingHeadingTitle: t('links.missingHeading'),
          })
        : undefined,
    [links, t],
  );
  const backlinksLabel = useMemo(
    () => (anchors && links ? (name: string) => t('links.linkedFrom.headingButton', { name }) : undefined),
    [anchors, links, t],
  );
  const context = useMemo<SectionContext>(
    () => ({
      links: linkRendering,
      anchors: anchors ? { headings, backlinksLabel, revealLabel } : { headings, idPrefix, lines: false },
    }),
    [linkRendering, anchors, headings, idPrefix, backlinksLabel, revealLabel],
  );
  const rendered = useMemo(
    () => renderer.render(sections, pass === 0 ? FIRST_CHARS : pass === ALL ? ALL : CHUNK_CHARS, context),
    [renderer, sections, pass, context],
  );
  const [menu, setMenu] = useState<{ anchor: HTMLElement; name: string } | null>(null);
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

  // Links are plain HTML: one handler for all of them. A resolved link opens its place in the app
  // (a modified click keeps the browser's new tab); a missing one opens its menu.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return;
    const toHeading = event.target.closest<HTMLAnchorElement>('a[data-heading-link]');
    if (toHeading && event.currentTarget.contains(toHeading)) {
      // In place: the URL stays the campaign's place, and the heading may sit in a dialog.
      event.preventDefault();
      scrollToHeading(event.currentTarget, toHeading.hash.slice(1));
      return;
    }
    if (!links) return;
    const element = event.target.closest<HTMLElement>('a[data-link-kind], button[data-link-create]');
    if (!element || !event.currentTarget.contains(element)) return;
    if (element instanceof HTMLAnchorElement) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const kind = element.dataset.linkKind as LinkKind;
      links.goTo(placeOfTarget({ kind, id: element.dataset.linkId ?? '' }));
    } else {
      setMenu((open) =>
        open?.anchor === element ? null : { anchor: element, name: element.dataset.linkCreate ?? '' },
      );
    }
  };

  const secretLabel = t('editor.secret');
  return (
    <>
      {secrets ? <PlayerPreviewToggle on={playerPreview} onChange={setPlayerPreview} /> : null}
      <div
        ref={rootRef}
        className={`qk-markdown ${className}`}
        aria-busy={pending || undefined}
        onClick={onClick}
      >
        {rendered.sections.map((section) => (
          <Section
            key={section.key}
            html={section.html}
            estimate={section.estimate}
            secret={secretOf(section)}
            label={secretLabel}
          />
        ))}
        {menu && links && menu.anchor.isConnected ? (
          <AnchoredPopover
            anchor={menu.anchor}
            role="menu"
            label={t('links.missingMenu', { name: menu.name })}
            onClose={() => setMenu(null)}
            className="p-1"
          >
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setMenu(null);
                links.createUnit(menu.name);
              }}
              className="flex w-full items-center gap-2 rounded-control px-3 py-2 text-left text-sm font-medium text-ink hover:bg-surface-muted focus-visible:bg-surface-muted"
            >
              <Plus aria-hidden="true" className="size-4 shrink-0 text-brand" />
              <span className="min-w-0 break-words">{t('links.createUnit', { name: menu.name })}</span>
            </button>
          </AnchoredPopover>
        ) : null}
      </div>
    </>
  );
});

/** Scrolls to the heading of `root` with this id (rendering the rest first) and moves the focus there. */
function scrollToHeading(root: HTMLElement, id: string): void {
  finishRendering(root);
  const heading = [...root.querySelectorAll<HTMLElement>('[data-heading]')].find(
    (element) => element.id === id,
  );
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

/** A secret section's place in its block: "first", "last", "only" or "middle". */
type SecretPlace = 'first' | 'last' | 'only' | 'middle';

function secretOf(section: RenderedSection): SecretPlace | undefined {
  const { secret } = section;
  if (!secret) return undefined;
  if (secret.first) return secret.last ? 'only' : 'first';
  return secret.last ? 'last' : 'middle';
}

// lucide's "eye-off" icon, in the section's HTML.
const EYE_OFF_ICON =
  '<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49"/><path d="M14.084 14.158a3 3 0 0 1-4.242-4.242"/>' +
  '<path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143"/><path d="m2 2 20 20"/></svg>';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** How links render for `links`, with the words of the current language. */
function linkRenderingOf(
  links: CampaignLinks,
  words: Pick<LinkRendering, 'missing' | 'missingTitle' | 'missingHeadingTitle'>,
): LinkRendering {
  return {
    resolve: links.resolve,
    href: (target) => placeSearch(links.campaignId, placeOfTarget(target)),
    ...words,
  };
}

/**
 * One section: its HTML, or until then an empty block of about its height. A part of a secret block is
 * framed (markdown-preview.css), the block's first part opening with the "Secret" mark.
 */
const Section = memo(function Section({
  html,
  estimate,
  secret,
  label,
}: {
  html: string | null;
  estimate: number;
  secret: SecretPlace | undefined;
  label: string;
}) {
  const className = secret ? `qk-markdown-section qk-secret qk-secret-${secret}` : 'qk-markdown-section';
  const group = secret ? { role: 'group', 'aria-label': label } : {};
  if (html === null) return <div className={className} style={{ height: estimate }} {...group} />;
  const mark =
    secret === 'first' || secret === 'only'
      ? `<p class="qk-secret-mark" aria-hidden="true">${EYE_OFF_ICON}<span>${escapeHtml(label)}</span></p>`
      : '';
  return (
    <div
      className={className}
      // Until laid out, an off-screen section holds about its height (then its last real one).
      style={{ containIntrinsicSize: `auto ${estimate}px` }}
      {...group}
      dangerouslySetInnerHTML={{ __html: mark + html }}
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

// One markdown-it instance for the whole app, built on first use (docs/product.md#markdown-editor: line
// breaks as breaks, auto-linked URLs, raw HTML not rendered, nesting limit 100). Campaign links
// (`[[Name]]`, `[[#Heading]]`, `[[Name|words]]`, docs/decisions/063) are read by core's readLinkAt, so
// the syntax lives once; what they resolve to and where they lead come with each render (`context`).
import MarkdownIt, {
  type Env,
  type MarkdownIt as Markdown,
  type RendererRule,
  type StateCore,
  type StateInline,
} from 'markdown-it';
import {
  headingSlug,
  linkText,
  readLinkAt,
  type LinkTarget,
  type WikiLink,
} from '@questkeeper/core/links/links';

let instance: Markdown | undefined;

function markdown(): Markdown {
  if (instance) return instance;
  const md = new MarkdownIt({ html: false, breaks: true, linkify: true, maxNesting: 100 });
  const renderDefault: RendererRule = (tokens, idx, options, _env, self) =>
    self.renderToken(tokens, idx, options);

  // Links leave the app in a new tab and pass neither the opener nor a referrer; user content is
  // not endorsed (nofollow). A link to `#a heading` of the same text stays: it points at that
  // heading's anchor (decision 081), compared as headings compare (headingSlug: "#Dégâts & soins",
  // "#degats-soins" alike), and the preview scrolls to it.
  const linkOpen = md.renderer.rules.link_open ?? renderDefault;
  md.renderer.rules.link_open = (tokens, idx, options, env: RenderEnv | undefined, self) => {
    const token = tokens[idx]!;
    const href = String(token.attrGet('href') ?? '');
    const anchoring = env?.qkAnchors;
    if (anchoring && href.startsWith('#') && href.length > 1) {
      const slug = headingSlug(safeDecode(href.slice(1)));
      token.attrSet('href', `#${anchoring.idPrefix ?? HEADING_ID_PREFIX}${slug}`);
      token.attrSet('data-heading-link', slug);
      return linkOpen(tokens, idx, options, env, self);
    }
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
    return linkOpen(tokens, idx, options, env, self);
  };

  // Images of a long rulebook load as they scroll into view, without telling their host who reads.
  const image = md.renderer.rules.image ?? renderDefault;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    tokens[idx]!.attrSet('loading', 'lazy');
    tokens[idx]!.attrSet('referrerpolicy', 'no-referrer');
    return image(tokens, idx, options, env, self);
  };

  // Aligned table cells: markdown-it writes style="text-align:…", which the strict CSP
  // (style-src 'self') refuses — cells showed unaligned and each refusal cost time. Use classes.
  for (const rule of ['th_open', 'td_open'] as const) {
    md.renderer.rules[rule] = (tokens, idx, options, _env, self) => {
      const token = tokens[idx]!;
      const align = /text-align:\s*(left|center|right)/.exec(String(token.attrGet('style') ?? ''))?.[1];
      if (align) {
        token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
        token.attrJoin('class', `qk-align-${align}`);
      }
      return self.renderToken(tokens, idx, options);
    };
  }

  md.inline.ruler.before('link', 'qk_wikilink', wikiLink);
  md.renderer.rules.qk_wikilink = (tokens, idx, _options, env?: RenderEnv) => {
    const { link } = tokens[idx]!.meta as { link: WikiLink };
    return env?.qkLinks ? renderLink(link, env.qkLinks, md.utils.escapeHtml) : '';
  };
  md.core.ruler.push('qk_anchors', anchors);
  const headingOpen = md.renderer.rules.heading_open ?? renderDefault;
  md.renderer.rules.heading_open = (tokens, idx, options, env: RenderEnv | undefined, self) => {
    const heading = anchoredHeading(tokens[idx]!.meta);
    const html = headingOpen(tokens, idx, options, env, self);
    const row = env?.qkAnchors?.backlinksLabel ?? env?.qkAnchors?.revealLabel;
    return heading && row ? `<div class="qk-heading-row">${html}` : html;
  };
  const headingClose = md.renderer.rules.heading_close ?? renderDefault;
  md.renderer.rules.heading_close = (tokens, idx, options, env: RenderEnv | undefined, self) => {
    const heading = anchoredHeading(tokens[idx]!.meta);
    const html = headingClose(tokens, idx, options, env, self);
    const label = env?.qkAnchors?.backlinksLabel;
    const reveal = env?.qkAnchors?.revealLabel;
    if (!heading || !(label || reveal)) return html;
    const escape = md.utils.escapeHtml;
    const backlinks = label
      ? `<button type="button" class="qk-heading-backlinks" data-backlinks-heading="${escape(heading.slug)}"` +
        ` aria-label="${escape(label(heading.text))}" title="${escape(label(heading.text))}">${LINK_ICON}</button>`
      : '';
    // The reveal button (issue 34): shows the section to players through the share link.
    const revealButton = reveal
      ? `<button type="button" class="qk-heading-backlinks" data-reveal-heading="${escape(heading.slug)}"` +
        ` aria-label="${escape(reveal(heading.text, heading.slug))}" title="${escape(reveal(heading.text, heading.slug))}">${EYE_ICON}</button>`
      : '';
    return `${html.trimEnd()}${revealButton}${backlinks}</div>\n`;
  };

  instance = md;
  return md;
}

/** How a render shows campaign links (docs/decisions/063). */
export interface LinkRendering {
  /** What a link points at in the campaign; null when nothing has that name. */
  resolve: (link: Pick<WikiLink, 'target' | 'heading'>) => LinkTarget | null;
  /** Where a resolved link leads (the dashboard's place of the target). */
  href: (target: LinkTarget) => string;
  /** Words read after a missing link by screen readers: "(not found)". */
  missing: string;
  /** Tooltips of a missing name and of a missing heading. */
  missingTitle: string;
  missingHeadingTitle: string;
}

/** A rules heading as the read view anchors it. */
export interface AnchoredHeading {
  slug: string;
  text: string;
}

/**
 * Heading anchors (decision 081): headings get `id="<idPrefix><slug>"` and `data-heading` (the slugs
 * of core's rulesHeadings, computed over the whole text). The rules read view's ids are `h-<slug>`
 * (places and `[[#Heading]]` links lead there) and its blocks get `data-line` (1-based, of the whole
 * text); every other text's ids carry its preview's own prefix, so two texts on a page never share one.
 */
export interface AnchorRendering {
  /** The heading on each line of this source (0-based, as markdown-it counts them). */
  headings: ReadonlyMap<number, AnchoredHeading>;
  /** Lines of the whole text before this source. */
  lineOffset: number;
  /** Before each heading's slug in its id: `h-` (the rules, the default) or a preview's own. */
  idPrefix?: string | undefined;
  /** Blocks carry `data-line` (the rules read view; default true). */
  lines?: boolean | undefined;
  /** The label of the "Linked from" button beside each heading; no button when absent. */
  backlinksLabel?: ((heading: string) => string) | undefined;
  /** The label of the "Reveal to players" button beside each heading (issue 34); none when absent. */
  revealLabel?: ((heading: string, slug: string) => string) | undefined;
}

export interface RenderContext {
  links?: LinkRendering | undefined;
  anchors?: AnchorRendering | undefined;
}

interface RenderEnv extends Env {
  qkLinks?: LinkRendering | undefined;
  qkAnchors?: AnchorRendering | undefined;
}

/** The id a rules heading gets: a prefix keeps it apart from the app's own ids ("main"). */
const HEADING_ID_PREFIX = 'h-';
export const headingId = (slug: string) => `${HEADING_ID_PREFIX}${slug}`;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// lucide's "link" icon, drawn in the HTML the renderer writes.
const LINK_ICON =
  '<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71"/><path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"/></svg>';

// lucide's "eye" icon, for the reveal button.
const EYE_ICON =
  '<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"/><circle cx="12" cy="12" r="3"/></svg>';

/** The rules heading the anchors rule put on a heading's tokens. */
function anchoredHeading(meta: unknown): AnchoredHeading | null {
  return (meta as { heading?: AnchoredHeading } | null)?.heading ?? null;
}

/** `[[…]]` where a link can start; left as text when the render has no campaign to resolve it in. */
function wikiLink(state: StateInline, silent: boolean): boolean {
  const env = state.env as RenderEnv;
  if (!env.qkLinks || state.src.charCodeAt(state.pos) !== 0x5b) return false;
  const link = readLinkAt(state.src, state.pos);
  if (!link || link.end > state.posMax) return false;
  if (!silent) state.push('qk_wikilink', '', 0).meta = { link };
  state.pos = link.end;
  return true;
}

/**
 * A resolved link is an `<a>` to its place, with its kind and id for the click handler; a missing
 * name is a button that offers to create the unit, a missing heading plain marked text. Both say
 * they are missing to screen readers too.
 */
function renderLink(link: WikiLink, links: LinkRendering, escape: (text: string) => string): string {
  const text = escape(linkText(link));
  const target = links.resolve(link);
  if (target) {
    return (
      `<a href="${escape(links.href(target))}" class="qk-link" data-link-kind="${target.kind}"` +
      ` data-link-id="${escape(target.id)}">${text}</a>`
    );
  }
  if (link.heading) {
    return (
      `<span class="qk-link qk-link-missing" title="${escape(links.missingHeadingTitle)}">${text}` +
      `<span class="qk-link-hint sr-only"> ${escape(links.missing)}</span></span>`
    );
  }
  // Named by aria-label: the words shown, then the hint (the shown words start the name, WCAG 2.5.3).
  return (
    `<button type="button" class="qk-link qk-link-missing" aria-haspopup="menu" aria-expanded="false"` +
    ` aria-label="${escape(`${linkText(link)} ${links.missing}`)}" title="${escape(links.missingTitle)}"` +
    ` data-link-create="${escape(link.target)}">${text}</button>`
  );
}

/** Anchors: ids on the headings the whole text's slugs name, source lines on the blocks (rules). */
function anchors(state: StateCore): void {
  const anchoring = (state.env as RenderEnv).qkAnchors;
  if (!anchoring) return;
  const { tokens } = state;
  const lines = anchoring.lines !== false;
  const prefix = anchoring.idPrefix ?? HEADING_ID_PREFIX;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.nesting !== 1 || !token.map) continue;
    if (lines) token.attrSet('data-line', String(anchoring.lineOffset + token.map[0] + 1));
    if (token.type !== 'heading_open') continue;
    const heading = anchoring.headings.get(token.map[0]);
    if (!heading) continue;
    token.attrSet('id', `${prefix}${heading.slug}`);
    token.attrSet('data-heading', heading.slug);
    token.meta = { heading };
    // heading_open, inline, heading_close: the close writes the button.
    const close = tokens[i + 2];
    if (close?.type === 'heading_close') close.meta = { heading };
  }
}

/** Link reference definitions (`[label]: url "title"`), by normalised label, as markdown-it keeps them. */
export type LinkReferences = NonNullable<Env['references']>;

/**
 * The HTML of a markdown text; safe to inject (raw HTML is escaped, javascript: links refused).
 * `references`: link reference definitions made elsewhere (another section of the same text); the
 * text's own definitions never replace them (markdown-it keeps the first definition of a label).
 * `context.links`: campaign links resolve and render (without it `[[…]]` stays text);
 * `context.anchors`: heading ids (and the rules read view's block lines).
 */
export function renderMarkdown(
  source: string,
  references?: LinkReferences,
  context: RenderContext = {},
): string {
  const env: RenderEnv = references ? { references: { ...references } } : {};
  if (context.links) env.qkLinks = context.links;
  if (context.anchors) env.qkAnchors = context.anchors;
  return markdown().render(source, env);
}

/**
 * The link reference definitions of a markdown text, in the order markdown-it reads them (the first
 * definition of a label wins), from its block structure only: the inline parse is not needed.
 */
export function linkReferences(source: string): LinkReferences {
  const md = markdown();
  const env: Env = {};
  // What markdown-it's "normalize" core rule does before the block parse.
  const normalized = source.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  md.block.parse(normalized, md, env, []);
  return env.references ?? {};
}

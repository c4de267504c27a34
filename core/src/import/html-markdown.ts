// HTML of another tool (Kanka entries and posts, Foundry journal pages and item descriptions) → the
// markdown Questkeeper stores (issue #35), in one place both readers call. Turndown (maintained, pure
// JavaScript, its own DOM in Node) does the conversion; around it, what a file must never bring:
// scripts, styles, frames, forms and embedded objects are dropped with their content, links and images
// keep only http(s), mailto and relative addresses (a `javascript:` link becomes its text), and no
// attribute or raw HTML is written (the markdown renderer escapes HTML anyway). `<section
// class="secret">` (Foundry) becomes a `:::secret` block (docs/decisions/064). Mentions (Kanka's
// `[character:12]`, Foundry's `@UUID[…]{Name}`) are read before the conversion into `[[Name]]` links
// (docs/decisions/063), kept apart so the conversion does not escape their brackets.
import TurndownService from 'turndown';

/** Tags whose content is dropped with them. */
const DROPPED = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'template',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
] as const;

/** Nesting deeper than this is read as plain text (a hostile file could nest 100,000 divs). */
export const HTML_DEPTH_MAX = 100;

const VOID = new Set([
  'area',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** The deepest nesting of tags, read without parsing (an estimate: unclosed tags count as open). */
export function htmlDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    const name = match[2]!.toLowerCase();
    if (match[1]) depth = Math.max(0, depth - 1);
    else if (!match[3] && !VOID.has(name)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    }
  }
  return deepest;
}

/** A link or image address a page may hold: http(s), mailto, or relative (no scheme). */
export function isSafeUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters hide a scheme from naive checks
  const plain = url.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(plain);
  if (!scheme) return true;
  return ['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase());
}

let service: TurndownService | null = null;

/** What the table rule reads of turndown's DOM (core has no DOM types). */
interface DomNode {
  nodeName: string;
  textContent: string | null;
  childNodes: { length: number; [index: number]: DomNode };
  getElementsByTagName(name: string): { length: number; [index: number]: DomNode };
}

/** An attribute of a node turndown hands a rule (its DOM's element; core has no DOM types). */
const attribute = (node: unknown, name: string): string | null =>
  (node as { getAttribute(name: string): string | null }).getAttribute(name);

function turndown(): TurndownService {
  if (service) return service;
  const td = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    hr: '---',
  });
  td.remove([...DROPPED]);
  td.addRule('secretSection', {
    filter: (node) =>
      node.nodeName === 'SECTION' && (node.getAttribute('class') ?? '').split(/\s+/).includes('secret'),
    replacement: (content) => `\n\n:::secret\n\n${content.trim()}\n\n:::\n\n`,
  });
  td.addRule('safeLink', {
    filter: (node) => node.nodeName === 'A',
    replacement: (content, node) => {
      const href = attribute(node, 'href') ?? '';
      const text = content.trim();
      if (!href || !isSafeUrl(href) || text === '') return content;
      return `[${text}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
    },
  });
  td.addRule('safeImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = attribute(node, 'src') ?? '';
      const alt = (attribute(node, 'alt') ?? '').replace(/[[\]\n]/g, ' ').trim();
      // Images from the web only: a relative address would point at Questkeeper itself.
      if (!/^https?:\/\//i.test(src.trim())) return alt;
      return `![${alt}](${src.replace(/[()\s]/g, encodeURIComponent)})`;
    },
  });
  // Headings of an entry sit under the section's own (`##`): two levels down, at most `######`.
  td.addRule('nestedHeading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const level = Math.min(6, Number((node as { nodeName: string }).nodeName.slice(1)) + 2);
      const text = content.replace(/\s+/g, ' ').trim();
      return text ? `\n\n${'#'.repeat(level)} ${text}\n\n` : '';
    },
  });
  // A table as a markdown table of its cells' text (the renderer reads GitHub's tables).
  td.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => {
      const list = <T>(items: { length: number; [index: number]: T }) =>
        Array.from({ length: items.length }, (_, i) => items[i]!);
      const rows = list((node as unknown as DomNode).getElementsByTagName('tr')).map((row) =>
        list(row.childNodes)
          .filter((cell) => cell.nodeName === 'TH' || cell.nodeName === 'TD')
          .map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim()),
      );
      const width = Math.max(0, ...rows.map((row) => row.length));
      if (width === 0) return '';
      const line = (cells: string[]) =>
        `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
      const [head = [], ...body] = rows;
      return `\n\n${[line(head), line(Array(width).fill('---')), ...body.map(line)].join('\n')}\n\n`;
    },
  });
  service = td;
  return td;
}

/** A mention read out of the HTML: what goes in its place in the markdown. */
export type MentionReader = (source: string) => string | null;

/** Private-use markers around a mention's index: text the conversion leaves alone. */
const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * HTML → markdown. `mentions`: a pattern of the tool's mentions in the HTML and what each becomes
 * (null: left as it was). Plain text (no tag) comes back as it is, its line breaks kept.
 */
export function htmlToMarkdown(html: string, mentions?: { pattern: RegExp; read: MentionReader }): string {
  if (html.trim() === '') return '';
  const found: string[] = [];
  let source = html.replace(/[\uE000\uE001]/g, '');
  if (mentions) {
    source = source.replace(mentions.pattern, (whole) => {
      const link = mentions.read(whole);
      if (link === null) return whole;
      found.push(link);
      return `${OPEN}${found.length - 1}${CLOSE}`;
    });
  }
  let markdown: string;
  if (!/<[a-zA-Z!/]/.test(source)) {
    markdown = source.trim();
  } else if (htmlDepth(source) > HTML_DEPTH_MAX) {
    // Too deep to walk: its text alone, tags dropped.
    markdown = source
      .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .trim();
  } else {
    markdown = turndown().turndown(source);
  }
  return markdown
    .replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g'), (_m, index: string) => found[Number(index)] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A name as a `[[Name]]` link's target: brackets and pipes left out (they end the link). */
export const linkTarget = (name: string) =>
  name
    .replace(/[[\]|\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

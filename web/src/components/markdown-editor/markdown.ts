// One markdown-it instance for the whole app, built on first use (docs/product.md#markdown-editor: line
// breaks as breaks, auto-linked URLs, raw HTML not rendered, nesting limit 100).
import MarkdownIt, { type Env, type MarkdownIt as Markdown, type RendererRule } from 'markdown-it';

let instance: Markdown | undefined;

function markdown(): Markdown {
  if (instance) return instance;
  const md = new MarkdownIt({ html: false, breaks: true, linkify: true, maxNesting: 100 });
  const renderDefault: RendererRule = (tokens, idx, options, _env, self) =>
    self.renderToken(tokens, idx, options);

  // Links leave the app in a new tab and pass neither the opener nor a referrer; user content is
  // not endorsed (nofollow).
  const linkOpen = md.renderer.rules.link_open ?? renderDefault;
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    tokens[idx]!.attrSet('target', '_blank');
    tokens[idx]!.attrSet('rel', 'noopener noreferrer nofollow');
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

  instance = md;
  return md;
}

/** Link reference definitions (`[label]: url "title"`), by normalised label, as markdown-it keeps them. */
export type LinkReferences = NonNullable<Env['references']>;

/**
 * The HTML of a markdown text; safe to inject (raw HTML is escaped, javascript: links refused).
 * `references`: link reference definitions made elsewhere (another section of the same text); the
 * text's own definitions never replace them (markdown-it keeps the first definition of a label).
 */
export function renderMarkdown(source: string, references?: LinkReferences): string {
  return markdown().render(source, references ? { references: { ...references } } : {});
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

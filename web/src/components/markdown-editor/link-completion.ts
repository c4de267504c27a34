// Completion of campaign names in the markdown editor (docs/decisions/063, docs/product.md#links):
// typing `[[` or `@` opens a list of the campaign's units, races, classes, statuses, characteristics
// and rules headings (`#Heading`), matched without case or accents; arrows move, Enter picks, Escape
// closes. A pick replaces what was typed (`[[gob`, `@brenna iro`) with `[[Goblin]]`. Names come from
// the catalog the campaign view provides (lib/campaign-links.tsx); outside a campaign there are none
// and nothing opens. When a completion ends is decision 081: an `@` query takes single spaces
// ("@Brenna Iron") and ends at two spaces, a line break, when no name matches any more, or at Escape —
// which dismisses that `[[` or `@` until the caret leaves it (Ctrl+Space asks again).
import {
  autocompletion,
  closeCompletion,
  completionKeymap,
  completionStatus,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { MapMode, Prec, StateEffect, StateField, type Extension, type Text } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { LINK_TARGET_MAX, linkKey, type LinkCatalog, type LinkKind } from '@questkeeper/core/links/links';
import { foldText } from '@questkeeper/core/text/fold';

/** One name the completion offers. */
export interface LinkOption {
  name: string;
  kind: LinkKind;
  /** The localized kind, shown beside the name. */
  kindLabel: string;
  /** The name folded as links compare it. */
  folded: string;
}

/** Options shown at most at once: typing narrows the rest. */
export const MAX_OPTIONS = 50;

/**
 * The names of a catalog a link can hold (no `[`, `]`, `|` or line break, not too long), each once, in
 * the order links resolve them: units, races, classes, statuses, characteristics, then the headings.
 */
export function linkOptions(catalog: LinkCatalog, kindLabel: (kind: LinkKind) => string): LinkOption[] {
  const options: LinkOption[] = [];
  const seen = new Set<string>();
  const add = (kind: LinkKind, name: string) => {
    if (name.length > LINK_TARGET_MAX || /[[\]|\r\n]/.test(name)) return;
    const key = `${kind === 'heading' ? '#' : ''}${linkKey(name)}`;
    if (key === '' || key === '#' || seen.has(key)) return;
    seen.add(key);
    options.push({ name, kind, kindLabel: kindLabel(kind), folded: linkKey(name) });
  };
  for (const unit of catalog.units) add('unit', unit.name);
  for (const race of catalog.races) add('race', race.name);
  for (const entry of catalog.classes) add('class', entry.name);
  for (const status of catalog.statuses) add('status', status.name);
  for (const characteristic of catalog.characteristics) add('characteristic', characteristic.name);
  for (const heading of catalog.headings) add('heading', heading.text);
  return options;
}

// An `@` that starts a word (not the one of an e-mail address), then words joined by single spaces,
// perhaps one space at the end (the next word is coming): "@Brenna Iron", "@Brenna ". Two spaces, a
// tab or a line break end it, as do `@`, `[`, `]` and `|`. Each space must be followed by a word for
// the group to repeat, so a failed match costs linear time (no nested optional repetition).
const AT_QUERY = /(?:^|[^\p{L}\p{N}_@./-])@((?:[^\s@[\]|]+(?: [^\s@[\]|]+)* ?)?)$/u;

/**
 * What was typed before the caret that asks for a name: where it starts and the words so far. After
 * `[[` anything a link target holds; after `@` words with single spaces (AT_QUERY). Whether any name
 * still matches is the caller's question (matchOptions): none left ends the completion too.
 */
export function linkQuery(before: string): { start: number; query: string } | null {
  const bracket = /\[\[([^[\]|\r\n]*)$/.exec(before);
  if (bracket) return { start: bracket.index, query: bracket[1]! };
  const at = AT_QUERY.exec(before);
  if (at) return { start: before.length - at[1]!.length - 1, query: at[1]! };
  return null;
}

/**
 * The options matching `query` (folded): names starting with it first, then those with a word
 * starting with it, then the rest holding it; `#…` asks for headings only.
 */
export function matchOptions(options: readonly LinkOption[], query: string): LinkOption[] {
  const headingsOnly = query.trimStart().startsWith('#');
  const wanted = foldText(headingsOnly ? query.trimStart().slice(1) : query)
    .replace(/\s+/g, ' ')
    .trimStart();
  const ranked: [number, number, LinkOption][] = [];
  options.forEach((option, index) => {
    if (headingsOnly && option.kind !== 'heading') return;
    const at = wanted === '' ? 0 : option.folded.indexOf(wanted);
    if (at === -1) return;
    const rank = at === 0 ? 0 : /[^\p{L}\p{N}]/u.test(option.folded[at - 1]!) ? 1 : 2;
    ranked.push([rank, index, option]);
  });
  ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return ranked.slice(0, MAX_OPTIONS).map(([, , option]) => option);
}

/** The `[[…]]` a pick writes. */
export function linkFor(option: Pick<LinkOption, 'name' | 'kind'>): string {
  return `[[${option.kind === 'heading' ? '#' : ''}${option.name}]]`;
}

/** The query at `pos` in the document, with its start as a document position. */
function queryAt(doc: Text, pos: number): { start: number; query: string } | null {
  const line = doc.lineAt(pos);
  const column = pos - line.from;
  // A link is at most a few hundred characters: no need to read the whole line.
  const from = Math.max(0, column - (LINK_TARGET_MAX + 4));
  const asked = linkQuery(line.text.slice(from, column));
  return asked ? { start: line.from + from + asked.start, query: asked.query } : null;
}

/**
 * Escape dismissed the completion of the `[[` or `@` at this position (null: none dismissed). It
 * follows edits before it, and ends when that `[[` or `@` is deleted or the caret is no longer in
 * its query (typed past its end, or moved away).
 */
const dismiss = StateEffect.define<number | null>();
const dismissed = StateField.define<number | null>({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(dismiss)) return effect.value;
    if (value === null || (!tr.docChanged && !tr.selection)) return value;
    const mapped = tr.changes.mapPos(value, 1, MapMode.TrackAfter);
    if (mapped === null) return null;
    return queryAt(tr.newDoc, tr.newSelection.main.head)?.start === mapped ? mapped : null;
  },
});

/** The completion source: null (nothing opens) outside a campaign or away from `[[` and `@`. */
export function linkCompletionSource(options: () => readonly LinkOption[] | null) {
  return (context: CompletionContext): CompletionResult | null => {
    const all = options();
    if (!all || all.length === 0) return null;
    const asked = queryAt(context.state.doc, context.pos);
    if (!asked) return null;
    const { start } = asked;
    // Dismissed with Escape: not again for this `[[` or `@`, unless asked for (Ctrl+Space).
    if (!context.explicit && context.state.field(dismissed, false) === start) return null;
    const line = context.state.doc.lineAt(context.pos);
    const column = context.pos - line.from;
    const from = start - line.from;
    // `]]` already after the caret (typed ahead, or a link being fixed) is replaced too.
    const bracket = line.text.startsWith('[[', from);
    const end = bracket && line.text.startsWith(']]', column) ? context.pos + 2 : context.pos;
    const matches = matchOptions(all, asked.query);
    if (matches.length === 0) return null;
    return {
      from: start,
      to: end,
      filter: false,
      options: matches.map((option): Completion => ({
        label: option.kind === 'heading' ? `#${option.name}` : option.name,
        detail: option.kindLabel,
        type: option.kind,
        apply: linkFor(option),
      })),
    };
  };
}

/** The completion extension: options read at each keystroke, the list placed in `parent`. */
export function linkCompletion(options: () => readonly LinkOption[] | null): Extension {
  return [
    dismissed,
    autocompletion({
      override: [linkCompletionSource(options)],
      icons: false,
      maxRenderedOptions: MAX_OPTIONS,
      optionClass: () => 'qk-completion-option',
      tooltipClass: () => 'qk-completion',
      defaultKeymap: false,
    }),
    // The list's keys, but Escape only while a list is shown: a query still pending after plain typing
    // must not swallow the Escape that starts the way out of the editor (Escape, then Tab).
    Prec.highest(
      keymap.of(
        completionKeymap.map((binding) =>
          binding.key === 'Escape'
            ? {
                ...binding,
                run: (view) => {
                  if (completionStatus(view.state) !== 'active') return false;
                  const asked = queryAt(view.state.doc, view.state.selection.main.head);
                  if (asked) view.dispatch({ effects: dismiss.of(asked.start) });
                  return closeCompletion(view);
                },
              }
            : binding,
        ),
      ),
    ),
  ];
}

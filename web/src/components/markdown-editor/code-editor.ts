// The text surface of the markdown editor: CodeMirror 6, which keeps only the visible lines in the
// DOM, so a keystroke costs the same in a 600,000-character rulebook as in a short note (a plain
// <textarea> relays out the whole text on every key: ~40–60 ms at that size; docs/decisions/013).
// This module is the only one that knows CodeMirror; the writer talks to it through these functions.
import { history, historyKeymap, defaultKeymap } from '@codemirror/commands';
import { Annotation, EditorState, RangeSetBuilder, Transaction } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  ViewPlugin,
  keymap,
  placeholder as placeholderText,
  tooltips,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
import { isSecretOpener } from '@questkeeper/core/text/secret-blocks';
import { linkCompletion, type LinkOption } from './link-completion';
import { listKeymap } from './list-keys';

/** A `:::secret` line (docs/decisions/064), marked in the gold accent: where a secret block starts. */
const secretOpenerLine = Decoration.line({ class: 'qk-cm-secret-opener' });

/** Marks the secret blocks' opener lines among the visible ones only: no cost in a long text. */
const secretOpeners = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = this.build(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged) this.decorations = this.build(update.view);
    }
    build(view: EditorView): DecorationSet {
      const builder = new RangeSetBuilder<Decoration>();
      for (const { from, to } of view.visibleRanges) {
        for (let at = from; at <= to;) {
          const line = view.state.doc.lineAt(at);
          if (line.text.includes(':::') && isSecretOpener(line.text)) {
            builder.add(line.from, line.from, secretOpenerLine);
          }
          at = line.to + 1;
        }
      }
      return builder.finish();
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** Marks the host's replacements of the whole text (cancel, another campaign): not a user change. */
const external = Annotation.define<boolean>();

export interface CodeEditorOptions {
  parent: HTMLElement;
  text: string;
  /** Attributes of the editable element (id, aria-label, aria-describedby). */
  attributes: Record<string, string>;
  placeholder: string;
  /** Read at each change: a change that makes the text longer than this is refused. */
  maxLength: () => number;
  /** A change was refused by the limit. */
  onRefused: () => void;
  /** The user changed the text; `length` is the new length (reading the text itself costs more). */
  onChanged: (length: number) => void;
  /** Ctrl/Cmd+B and Ctrl/Cmd+I. */
  onShortcut: (action: 'bold' | 'italic') => void;
  /** The campaign's names for `[[` and `@` (link-completion.ts), read at each keystroke; null: none. */
  linkOptions?: () => readonly LinkOption[] | null;
  /** The accessible name of the list of names. */
  completionLabel?: string;
  /**
   * Where floating lists go: outside the text surface, whose strict containment would clip them
   * (and make fixed positioning relative to it).
   */
  tooltipParent?: HTMLElement | undefined;
}

/**
 * The page's CSP nonce: the server writes a fresh one into each page and its CSP, and CodeMirror puts
 * it on the <style> element it injects its theme with — without it the strict style-src refuses
 * that element (docs/decisions/023). `.nonce`: browsers hide the attribute once the page is parsed.
 */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

export function createCodeEditor(options: CodeEditorOptions): EditorView {
  const limit = EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged || tr.annotation(external)) return tr;
    const before = tr.startState.doc.length;
    const after = tr.newDoc.length;
    // Shortening is always allowed, even a text that is over the limit already.
    if (after <= options.maxLength() || after < before) return tr;
    options.onRefused(); // Only schedules a React update: nothing re-enters the editor here.
    return [];
  });

  const listener = EditorView.updateListener.of((update) => {
    if (update.docChanged && !update.transactions.some((tr) => tr.annotation(external))) {
      options.onChanged(update.state.doc.length);
    }
  });

  const shortcuts = keymap.of([
    { key: 'Mod-b', run: () => (options.onShortcut('bold'), true) },
    { key: 'Mod-i', run: () => (options.onShortcut('italic'), true) },
  ]);

  const nonce = pageNonce();
  return new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        nonce ? EditorView.cspNonce.of(nonce) : [],
        history(),
        shortcuts,
        // Lists first (Enter, Backspace, Tab and Shift-Tab there; list-keys.ts). Tab indents, so
        // keyboard users leave with Escape then Tab, as CodeMirror provides (the hint below the
        // editor says so).
        keymap.of([...listKeymap, ...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        secretOpeners,
        placeholderText(options.placeholder),
        options.linkOptions ? linkCompletion(options.linkOptions) : [],
        options.tooltipParent ? tooltips({ parent: options.tooltipParent }) : [],
        options.completionLabel ? EditorState.phrases.of({ Completions: options.completionLabel }) : [],
        // tabindex changes nothing for users (the editable element is focusable already), but axe
        // counts focusable content by it, and CodeMirror's scroller around it is a scrollable region.
        EditorView.contentAttributes.of({ tabindex: '0', ...options.attributes }),
        limit,
        listener,
      ],
    }),
  });
}

export function textOf(view: EditorView): string {
  return view.state.doc.toString();
}

export function selectionOf(view: EditorView): { start: number; end: number } {
  const { from, to } = view.state.selection.main;
  return { start: from, end: to };
}

/** Selects [start, end), scrolls it to the middle of the editor, and focuses the editor. */
export function selectRange(view: EditorView, start: number, end: number): void {
  const length = view.state.doc.length;
  const from = Math.min(Math.max(0, start), length);
  const to = Math.min(Math.max(from, end), length);
  view.dispatch({
    selection: { anchor: from, head: to },
    effects: EditorView.scrollIntoView(from, { y: 'center' }),
  });
  view.focus();
}

/** The host's text replaces the editor's: no limit check, no undo step, no change event. */
export function replaceText(view: EditorView, text: string): void {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: 0 },
    annotations: [external.of(true), Transaction.addToHistory.of(false)],
  });
}

/**
 * Applies a snippet's result as one undoable user edit (only the range that differs changes), with
 * the given selection. False when the limit refused it.
 */
export function applyEdit(
  view: EditorView,
  range: { start: number; end: number; insert: string },
  selection: { start: number; end: number },
): boolean {
  const before = view.state.doc;
  view.dispatch({
    changes: { from: range.start, to: range.end, insert: range.insert },
    selection: { anchor: selection.start, head: selection.end },
    userEvent: 'input',
    scrollIntoView: true,
  });
  return view.state.doc !== before || (range.insert === '' && range.start === range.end);
}

// The markdown editor's text box (CodeMirror) as component tests read and drive it. jsdom has no
// real editing, so keystrokes and pastes are dispatched the way CodeMirror's own input handling
// dispatches them — through the same limit filter and change listener; real typing is covered by
// the browser journeys (e2e/tests/rules.spec.ts, lists.spec.ts).
import { act, fireEvent, screen } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { deleteCharBackward } from '@codemirror/commands';

export class TextBox {
  constructor(readonly element: HTMLElement) {}

  private get view(): EditorView {
    const view = EditorView.findFromDOM(this.element);
    if (!view) throw new Error('no editor behind this text box');
    return view;
  }
  get value(): string {
    return this.view.state.doc.toString();
  }
  get id(): string {
    return this.element.id;
  }
  get selected(): string {
    const { from, to } = this.view.state.selection.main;
    return this.value.slice(from, to);
  }
  focus() {
    act(() => this.view.focus());
  }
  /** Leaves the text box (hands a pending change to the host at once). */
  blur() {
    act(() => {
      fireEvent.blur(this.element);
      this.element.blur();
    });
  }
  /** Selects `part` (its first occurrence), as a user would with the mouse. */
  select(part: string) {
    const start = this.value.indexOf(part);
    this.focus();
    act(() => this.view.dispatch({ selection: { anchor: start, head: start + part.length } }));
  }
  setCaret(position: number) {
    act(() => this.view.dispatch({ selection: { anchor: position } }));
  }
  /** Types `text` key by key at the end of the text ('\n' is Enter). */
  type(text: string) {
    this.focus();
    this.setCaret(this.value.length);
    for (const key of text) this.input(key, 'input.type');
  }
  /** Selects everything and types `text` over it in one input (like a paste over a selection). */
  replaceAll(text: string) {
    this.focus();
    act(() => this.view.dispatch({ selection: { anchor: 0, head: this.view.state.doc.length } }));
    this.input(text, 'input.paste');
  }
  paste(text: string) {
    this.input(text, 'input.paste');
  }
  backspace() {
    this.setCaret(this.value.length);
    act(() => void deleteCharBackward(this.view));
  }
  private input(text: string, userEvent: string) {
    const view = this.view;
    act(() => view.dispatch(view.state.replaceSelection(text), { userEvent, scrollIntoView: true }));
  }
}

/** The editor's text box by its accessible name, once its lazy code has loaded. */
export async function findEditor(name: string): Promise<TextBox> {
  return new TextBox(await screen.findByRole('textbox', { name }));
}

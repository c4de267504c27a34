// The editor's DOM events: a host talks to the lazily loaded writer without importing its code.

/** Sent to the editor's text box (it bubbles to the writer) to select a range: detail {start, end}. */
export const SELECT_EVENT = 'qk-editor-select';

/**
 * Selects [start, end) of the text in the editor whose text box is `textBox` (found by the editor's
 * id), scrolled into the middle, and focuses it.
 */
export function selectInEditor(textBox: Element, start: number, end: number): void {
  textBox.dispatchEvent(new CustomEvent(SELECT_EVENT, { bubbles: true, detail: { start, end } }));
}

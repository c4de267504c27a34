// Browser editing helpers of the text area.
import { changedRange } from './snippets';

/** Length a `beforeinput` event would add, when it can be known before the browser applies it. */
export function insertedLength(event: InputEvent): number | null {
  if (event.isComposing) return null; // An IME composition cannot be cancelled; onChange checks it.
  switch (event.inputType) {
    case 'insertLineBreak':
    case 'insertParagraph':
      return 1;
    case 'insertText':
    case 'insertReplacementText':
    case 'insertFromPaste':
    case 'insertFromDrop':
    case 'insertFromYank': {
      const data = event.data ?? event.dataTransfer?.getData('text/plain');
      return data == null ? null : data.replace(/\r\n?/g, '\n').length;
    }
    default:
      return null;
  }
}

/**
 * Replaces the changed range through the browser's editing command, so Ctrl+Z undoes a snippet and
 * the usual input event follows. False when the browser (or jsdom) cannot: the caller then sets the
 * text itself.
 */
export function replaceWithUndo(area: HTMLTextAreaElement, before: string, after: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const { start, end, insert } = changedRange(before, after);
  area.setSelectionRange(start, end);
  try {
    const done = insert ? document.execCommand('insertText', false, insert) : document.execCommand('delete');
    return done && area.value === after;
  } catch {
    return false;
  }
}

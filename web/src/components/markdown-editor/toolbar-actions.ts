// What each toolbar action does to the text: the snippet of snippets.ts with its placeholder texts in
// the UI language (docs/product.md#languages: the spec's French-only labels follow the UI language).
import type { TFunction } from 'i18next';
import {
  insertImage,
  insertSecretBlock,
  insertLink,
  insertTable,
  makeList,
  setHeading,
  wrapInline,
  type TextEdit,
} from './snippets';
import type { ToolbarAction } from './toolbar';

export type Snippet = (text: string, selectionStart: number, selectionEnd: number) => TextEdit | null;

export function snippetFor(action: ToolbarAction, t: TFunction): Snippet {
  const wrap =
    (marker: string, placeholder: string): Snippet =>
    (text, start, end) =>
      wrapInline(text, start, end, { marker, placeholder });
  switch (action.kind) {
    case 'bold':
      return wrap('**', t('editor.placeholders.bold'));
    case 'italic':
      return wrap('*', t('editor.placeholders.italic'));
    case 'strikethrough':
      return wrap('~~', t('editor.placeholders.strikethrough'));
    case 'heading': {
      const options = { level: action.level, placeholder: t('editor.placeholders.heading') };
      return (text, start, end) => setHeading(text, start, end, options);
    }
    case 'bulletList':
    case 'numberedList': {
      const options = {
        ordered: action.kind === 'numberedList',
        placeholder: t('editor.placeholders.listItem'),
      };
      return (text, start, end) => makeList(text, start, end, options);
    }
    case 'image': {
      const options = { placeholder: t('editor.placeholders.image') };
      return (text, start, end) => insertImage(text, start, end, options);
    }
    case 'secret': {
      const options = { placeholder: t('editor.placeholders.secret') };
      return (text, start, end) => insertSecretBlock(text, start, end, options);
    }
    case 'link': {
      const options = { placeholder: t('editor.placeholders.link') };
      return (text, start, end) => insertLink(text, start, end, options);
    }
    case 'table': {
      const options = {
        columns: action.columns,
        rows: action.rows,
        headerLabel: (column: number) => t('editor.placeholders.tableHeader', { column }),
        cellLabel: () => t('editor.placeholders.tableCell'),
      };
      return (text, start, end) => {
        const edit = insertTable(text, start, end, options);
        // docs/product.md#markdown-editor: a table of zero or fewer rows or columns is refused with a
        // console-only message.
        if (!edit)
          console.warn(`Markdown editor: no table of ${action.columns} × ${action.rows} (1 to 10 each).`);
        return edit;
      };
    }
  }
}

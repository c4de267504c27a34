// French elision before a name the user typed (docs/product.md#languages: "Notes d'Aldric", "Au tour
// d'Aldric"). A French string writes `{{name, de}}` where it means "de" + the name; i18n.ts registers
// this as the `de` formatter, so the right form is chosen for each name at run time.

/** A vowel sound at the start of a word: a vowel, or Y before a consonant (Yves, Yvonne, not Yann). */
const ELIDES = /^(?:[aeiouàâäéèêëîïôöùûüœæ]|y(?![aeiouàâäéèêëîïôöùûüœæ]))/i;

/**
 * "de" and `name`, as French writes them: "d'Aldric", "d'Éloïse", "de Borin"; a title that starts
 * with the article Le or Les contracts it ("du Val des brumes", "des Terres brûlées").
 */
export function frenchDe(name: string): string {
  const text = name.trim();
  const article = /^(Les?)\s+(\S.*)$/.exec(text);
  if (article) return `${article[1] === 'Le' ? 'du' : 'des'} ${article[2]}`;
  return ELIDES.test(text) ? `d'${text}` : `de ${text}`;
}

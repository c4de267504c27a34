import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, loadLegalTexts } from '@/lib/i18n';

/** Suspends until the legal texts of the current language are loaded (their own chunk, so other
 *  pages do not download them), then returns `t`. Re-suspends after a language switch. */
export function useLegalTranslation() {
  const translation = useTranslation();
  const language = translation.i18n.language;
  use(loadLegalTexts(isLanguage(language) ? language : 'en'));
  return translation;
}

import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, loadDemoTexts } from '@/lib/i18n';

/** Suspends until the demo payment texts of the current language are loaded (their own chunk, so
 *  other pages do not download them), then returns `t`. Re-suspends after a language switch. */
export function useDemoTranslation() {
  const translation = useTranslation();
  const language = translation.i18n.language;
  use(loadDemoTexts(isLanguage(language) ? language : 'en'));
  return translation;
}

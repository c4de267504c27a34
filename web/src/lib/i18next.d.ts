// Types every `t('…')` key from the English locale: a key that en.json lacks fails the typecheck.
import type en from '@questkeeper/core/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}

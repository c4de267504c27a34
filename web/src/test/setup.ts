// Component tests: English texts loaded into i18next, DOM cleaned between tests.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import en from '@questkeeper/core/locales/en.json';
import { i18next } from '@/lib/i18n';

i18next.addResourceBundle('en', 'translation', en, true, true);
await i18next.changeLanguage('en');

afterEach(() => cleanup());

// findBy…/waitFor give up after 1 s by default; on CI's two cores, beside the API files, a dialog's
// re-render after a file read took longer (campaign-form-import.test.tsx failed there once). A wait
// that succeeds returns as soon as it does, so a longer ceiling only slows a test that fails.
configure({ asyncUtilTimeout: 5_000 });

// CodeMirror (the markdown editor's text surface) measures text ranges; jsdom has no layout.
if (!('getClientRects' in Range.prototype)) {
  Object.assign(Range.prototype, {
    getClientRects: () => Object.assign([], { item: () => null }),
    getBoundingClientRect: () => new DOMRect(),
  });
}

// jsdom has <dialog> without its modal methods (the Modal component opens with showModal()).
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}

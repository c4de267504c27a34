// The strings the login and reset island (auth-page.ts, decision 073) writes itself, by key: the
// build copies them from the locale files of the page's language into the page
// (`<script type="application/json" id="qk-strings">`), raw, with their `{{placeholders}}`. Every
// other word of these pages is in the build's markup, rendered by the app's components.
export const AUTH_STRINGS = [
  'common.genericError',
  'common.showPassword',
  'common.hidePassword',
  'common.titleSuffix',
  'login.emailInvalid',
  'login.submittingSignIn',
  'login.checklist.summary',
  'errors.PASSWORD_MISMATCH',
  'reset.submitting',
  'reset.failed',
  'reset.doneTitle',
] as const;

export type AuthString = (typeof AUTH_STRINGS)[number];

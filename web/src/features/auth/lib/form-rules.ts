// The login form's email check and the auth forms' failure text, without React: the app's forms
// and the login and reset islands (islands/auth-page.ts, decision 073) read them from here, so each
// rule is written once.

// A kind early check only; the server validates the address for real.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/**
 * docs/product.md#messages: "the server message, else <fallback>". Validation failures name the
 * field at fault, which says more than "Some fields are not valid".
 */
export function failureText(
  failure: { fields?: Readonly<Record<string, string>>; message?: string },
  fallback: string,
): string {
  const firstField = Object.values(failure.fields ?? {})[0];
  return firstField ?? (failure.message || fallback);
}

import { ApiError } from '@/lib/api-client';
import { failureText } from '../lib/form-rules';

/**
 * docs/product.md#messages: "the server message, else <fallback>". An API failure carries the server's
 * localized message (or the generic network text); validation failures name the field at fault, which says
 * more than "Some fields are not valid". Anything else (a bug, not the server) gets the fallback.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return failureText(error, fallback);
}

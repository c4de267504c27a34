// Errors as the logs show them (decision 049): a failed query never prints the values it was given.
// drizzle wraps a driver's error in one whose message, stack and `params` list every parameter (a
// password hash, an e-mail address, a whole imported text), and PostgreSQL's own message and
// `detail` quote the offending value (`invalid input syntax for type integer: "…"`, `Key (email)=(…)
// already exists`). What stays is enough to find the fault: the SQL text with its $n placeholders, the
// SQLSTATE code, the table, column and constraint names, and the stack.
import { stdSerializers } from 'pino';

const REDACTED = '[redacted]';

interface ErrorLike {
  message: string;
  stack?: string;
  cause?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';

/** drizzle's DrizzleQueryError: `Failed query: <sql>\nparams: <values>`. */
const isQueryError = (error: ErrorLike): boolean => typeof error.query === 'string' && 'params' in error;

/** A PostgreSQL error as pg and PGlite raise it: a five-character SQLSTATE and a severity. */
const isDatabaseError = (error: ErrorLike): boolean =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';

/** PostgreSQL quotes the value it refuses, and names (tables, types) the same way: all go. */
const withoutQuoted = (text: string): string => text.replace(/"(?:[^"]|"")*"/g, `"${REDACTED}"`);

function copyWith(error: ErrorLike, message: string, changes: Record<string, unknown>): ErrorLike {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  Object.assign(copy, error, changes);
  // The stack starts with the message it was made with.
  const stack = typeof error.stack === 'string' ? error.stack.replace(error.message, message) : undefined;
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  Object.defineProperty(copy, 'stack', { value: stack, enumerable: false, writable: true });
  return copy;
}

/** The same error (and its causes) with every SQL parameter and quoted value blanked. */
export function withoutSqlParameters(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error) || depth > 8) return error;
  const cause = error.cause === undefined ? {} : { cause: withoutSqlParameters(error.cause, depth + 1) };
  // PGlite's errors are both: a SQLSTATE, and the query with its params.
  if (isDatabaseError(error)) {
    const changes: Record<string, unknown> = { ...cause };
    for (const key of ['detail', 'where', 'internalQuery', 'params'] as const) {
      if (key in error) changes[key] = REDACTED;
    }
    return copyWith(error, withoutQuoted(error.message), changes);
  }
  if (isQueryError(error)) {
    const count = Array.isArray(error.params) ? error.params.length : 0;
    // The log prints a cause's message and stack only: its SQLSTATE is lifted here.
    const sqlState =
      isErrorLike(error.cause) && isDatabaseError(error.cause) ? { sqlState: error.cause.code } : {};
    return copyWith(error, `Failed query: ${String(error.query)}\nparams: ${REDACTED} (${count})`, {
      params: REDACTED,
      ...sqlState,
      ...cause,
    });
  }
  return error.cause === undefined ? error : copyWith(error, error.message, cause);
}

/** pino's error serializer, after the parameters are gone: the app logger's `err` (app.ts). */
export const serializeError = (error: Error): ReturnType<typeof stdSerializers.err> =>
  stdSerializers.err(withoutSqlParameters(error) as Error);

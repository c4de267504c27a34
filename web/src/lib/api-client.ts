// The only place that talks to the API (style.md): adds the bearer token and the UI language,
// parses the `{ code, message, fields }` error shape, and ends the session when the server says
// the token is no longer valid (401), wherever that happens.
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import type { ErrorCode } from '@questkeeper/core/errors';
import { clearSession, getSession, signIn } from './session';
import { currentLanguage, i18next } from './i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** A server error code, or NETWORK when the server could not be reached. */
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const session = getSession();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (session) headers.authorization = `Bearer ${session.token}`;

  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-globals -- this is the one place allowed to fetch.
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', i18next.t('common.genericError'));
  }

  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return payload as T;

  // A token the server no longer accepts ends the session (spec §4: failed refresh logs out).
  if (response.status === 401 && session && getSession()?.token === session.token) clearSession();
  const error = (payload ?? {}) as { code?: ErrorCode; message?: string; fields?: Record<string, string> };
  throw new ApiError(
    response.status,
    error.code ?? 'INTERNAL',
    error.message ?? i18next.t('common.genericError'),
    error.fields ?? {},
  );
}

/** The user-facing text of any failure: the server's localized message, else the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : i18next.t('common.genericError');
}

// Calls shared by several features (each feature keeps its own calls in features/<feature>/api).

export async function refreshSession(): Promise<void> {
  const user = await apiRequest<AuthUser>('GET', '/api/auth/refresh-session');
  signIn(user);
}

export async function logout(): Promise<void> {
  try {
    await apiRequest<void>('POST', '/api/auth/logout');
  } catch {
    // Signed out locally whatever the server says; the token expires on its own.
  } finally {
    clearSession();
  }
}

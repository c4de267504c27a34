// The only place that talks to the API (README.md#architecture): adds the bearer token and the UI language,
// parses the `{ code, message, fields }` error shape, and ends the session when the server says
// the token is no longer valid (401), wherever that happens. Every call is typed by the core zod
// schemas the server validates that route with (docs/decisions/019).
import type { z } from 'zod';
import type { authUser } from '@questkeeper/core/schemas/auth';
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
    /** The whole error body, for the few answers that carry more (409 COMBAT_CONFLICT: the fight). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The core schemas of one route, as the server declares them (`{ body: loginBody, response: { 200:
 * authUser } }`), written as types: `{ body: typeof loginBody; response: typeof authUser }`. `body` is
 * left out when the route takes none; `response` is null for 204 No Content. Types only: no zod in the
 * bundle, and answers are not parsed again (the server sends only what that schema declares; decision 010).
 */
export interface Endpoint {
  body?: z.ZodType;
  response: z.ZodType | null;
}

// `Endpoint extends E` holds only for the bare constraint, which is what a test's vi.mocked(apiRequest)
// sees: there body and answer are unknown. A named endpoint gets the schemas' types.
/** What a call sends: the request schema's input (fields the server defaults may be left out). */
type BodyOf<E extends Endpoint> = Endpoint extends E
  ? unknown
  : E extends { body: infer S extends z.ZodType }
    ? z.input<S>
    : undefined;
/** What a call answers: the response schema's output. */
type AnswerOf<E extends Endpoint> = Endpoint extends E
  ? unknown
  : E['response'] extends z.ZodType
    ? z.output<E['response']>
    : void;

interface RequestOptions<E extends Endpoint> {
  body?: BodyOf<E>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}
/** The options argument: required, with its body, when the route takes one. */
type OptionsArgument<E extends Endpoint> = E extends { body: z.ZodType }
  ? [options: RequestOptions<E> & { body: BodyOf<E> }]
  : [options?: RequestOptions<E>];

/**
 * Calls the API: `apiRequest<{ body: typeof loginBody; response: typeof authUser }>('POST',
 * '/api/auth/login', { body })`. A call that names no endpoint does not compile (the default is
 * `never`), so no answer is ever cast by hand.
 */
export function apiRequest<E extends Endpoint = never>(
  method: Method,
  path: string,
  ...options: OptionsArgument<E>
): Promise<AnswerOf<E>>;
export async function apiRequest(
  method: Method,
  path: string,
  options: RequestOptions<Endpoint> = {},
): Promise<unknown> {
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

  if (response.status === 204) return undefined;
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return payload;

  // A token the server no longer accepts ends the session (docs/product.md#session: failed refresh logs out).
  if (response.status === 401 && session && getSession()?.token === session.token) clearSession();
  const error = (payload ?? {}) as { code?: ErrorCode; message?: string; fields?: Record<string, string> };
  throw new ApiError(
    response.status,
    error.code ?? 'INTERNAL',
    error.message ?? i18next.t('common.genericError'),
    error.fields ?? {},
    payload,
  );
}

/**
 * Opens a streaming GET (live sync, decision 022) with the same headers as every call — the token
 * in `Authorization`, never in the URL — and hands back the body to read. Errors as apiRequest's.
 */
export async function apiStream(
  path: string,
  options: { headers?: Record<string, string>; signal: AbortSignal },
): Promise<ReadableStream<Uint8Array>> {
  const session = getSession();
  const headers: Record<string, string> = {
    accept: 'text/event-stream',
    'accept-language': currentLanguage(),
    ...options.headers,
  };
  if (session) headers.authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-globals -- this is the one place allowed to fetch.
    response = await fetch(path, { method: 'GET', headers, signal: options.signal, cache: 'no-store' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', i18next.t('common.genericError'));
  }
  if (response.ok && response.body) return response.body;
  if (response.status === 401 && session && getSession()?.token === session.token) clearSession();
  const error = ((await response.json().catch(() => undefined)) ?? {}) as {
    code?: ErrorCode;
    message?: string;
  };
  throw new ApiError(
    response.status,
    error.code ?? 'INTERNAL',
    error.message ?? i18next.t('common.genericError'),
  );
}

/**
 * Downloads a file the API answers as an attachment (docs/decisions/024: a campaign's JSON, its rules as
 * markdown, the account's data) with the same headers as every call, since a plain link cannot send
 * the token. Answers the body and the `Content-Disposition` header; errors as apiRequest's.
 */
export async function apiDownload(
  path: string,
  options: {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /** 'no-store' by default; an image read passes 'no-cache' so its ETag answers 304 (decision 064). */
    cache?: RequestCache;
  } = {},
): Promise<{ blob: Blob; disposition: string | null }> {
  const session = getSession();
  const headers: Record<string, string> = { 'accept-language': currentLanguage(), ...options.headers };
  if (session) headers.authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-globals -- this is the one place allowed to fetch.
    response = await fetch(path, {
      method: 'GET',
      headers,
      cache: options.cache ?? 'no-store',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', i18next.t('common.genericError'));
  }
  if (response.ok) {
    return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
  }
  if (response.status === 401 && session && getSession()?.token === session.token) clearSession();
  const payload: unknown = await response.json().catch(() => undefined);
  const error = (payload ?? {}) as { code?: ErrorCode; message?: string; fields?: Record<string, string> };
  throw new ApiError(
    response.status,
    error.code ?? 'INTERNAL',
    error.message ?? i18next.t('common.genericError'),
    error.fields ?? {},
    payload,
  );
}

/**
 * Sends a file as the raw body of a POST (decision 065: an import's body is the file; a PUT for a
 * unit's portrait, decision 064) with the same
 * headers as every call, through XMLHttpRequest: fetch reports no upload progress, and a 10 MB file on
 * a slow line needs a bar. `onProgress` gets the fraction sent (0..1). Errors as apiRequest's; an
 * abort rejects with an AbortError.
 */
export function apiUpload(
  path: string,
  body: Blob,
  options: {
    contentType: string;
    /** POST unless told. */
    method?: 'POST' | 'PUT';
    headers?: Record<string, string>;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<unknown> {
  const session = getSession();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
    ...options.headers,
    'content-type': options.contentType,
  };
  if (session) headers.authorization = `Bearer ${session.token}`;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', path);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    const { onProgress, signal } = options;
    if (onProgress) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      request.upload.onload = () => onProgress(1);
    }
    const aborted = () => request.abort();
    signal?.addEventListener('abort', aborted, { once: true });
    request.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    request.onerror = () => reject(new ApiError(0, 'NETWORK', i18next.t('common.genericError')));
    request.onload = () => {
      signal?.removeEventListener('abort', aborted);
      let payload: unknown;
      try {
        payload = request.responseText === '' ? undefined : JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(payload);
        return;
      }
      if (request.status === 401 && session && getSession()?.token === session.token) clearSession();
      const error = (payload ?? {}) as {
        code?: ErrorCode;
        message?: string;
        fields?: Record<string, string>;
      };
      reject(
        new ApiError(
          request.status,
          error.code ?? (request.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL'),
          error.message ?? i18next.t('common.genericError'),
          error.fields ?? {},
          payload,
        ),
      );
    };
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    request.send(body);
  });
}

/** The user-facing text of any failure: the server's localized message, else the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : i18next.t('common.genericError');
}

// Calls shared by several features (each feature keeps its own calls in features/<feature>/api).

export async function refreshSession(): Promise<void> {
  const user = await apiRequest<{ response: typeof authUser }>('GET', '/api/auth/refresh-session');
  signIn(user);
}

export async function logout(): Promise<void> {
  try {
    await apiRequest<{ response: null }>('POST', '/api/auth/logout');
  } catch {
    // Signed out locally whatever the server says; the token expires on its own.
  } finally {
    clearSession();
  }
}

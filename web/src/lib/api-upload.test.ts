// apiUpload (the import's file upload, decision 065): the file as the body with the session's headers,
// upload progress, the answer parsed, refusals as ApiError (413 without a body included), an abort.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiUpload } from './api-client';
import { clearSession, signIn } from './session';

class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  /** The server's answer. */
  answer(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  signIn({ token: 'tok', _id: 'u1', email: 'gm@example.test', tier: 'Hero', language: 'fr' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const file = new Blob(['{}'], { type: 'application/json' });

describe('apiUpload', () => {
  it('sends the file with the bearer, the type and the extra headers, and reports its progress', async () => {
    const progress: number[] = [];
    const answer = apiUpload('/api/units/import?only=a', file, {
      contentType: 'application/json',
      headers: { 'x-campaign-id': 'c1' },
      onProgress: (fraction) => progress.push(fraction),
    });
    const request = FakeRequest.last;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/units/import?only=a');
    expect(request.body).toBe(file);
    expect(request.headers).toMatchObject({
      authorization: 'Bearer tok',
      'content-type': 'application/json',
      'x-campaign-id': 'c1',
    });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 } as ProgressEvent);
    request.upload.onload?.();
    request.answer(201, { units: 2, encounters: 0, warnings: [] });
    expect(await answer).toEqual({ units: 2, encounters: 0, warnings: [] });
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects a refusal as an ApiError with its code, message and fields', async () => {
    const answer = apiUpload('/api/game-data/import', file, { contentType: 'application/json' });
    FakeRequest.last.answer(403, {
      code: 'IMPORT_OVER_LIMITS',
      message: 'Trop grand',
      fields: { units: 'unités : 11 sur 10' },
    });
    const error = (await answer.catch((failure: unknown) => failure)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message, error.fields]).toEqual([
      403,
      'IMPORT_OVER_LIMITS',
      'Trop grand',
      { units: 'unités : 11 sur 10' },
    ]);
  });

  it('reads a 413 without a body as PAYLOAD_TOO_LARGE', async () => {
    const answer = apiUpload('/api/game-data/import', file, { contentType: 'application/zip' });
    FakeRequest.last.answer(413);
    await expect(answer).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const answer = apiUpload('/api/game-data/import/preview', file, {
      contentType: 'application/json',
      signal: controller.signal,
    });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});

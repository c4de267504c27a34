// The raw body of an image upload (docs/decisions/064): read into one buffer, stopped at IMAGE_MAX_BYTES
// with the localized 413 IMAGE_TOO_LARGE (the declared length is checked first, so an honest client's
// large file is refused before it is sent). The Content-Type only has to say "an image or bytes": the
// bytes decide the format (processImage).
import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@questkeeper/core/limits';
import { imageTooLarge } from '../../lib/image-processing';

export const IMAGE_BODY_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

export function readImageBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  const declared = Number(request.headers['content-length']);
  if (declared > IMAGE_MAX_BYTES) {
    payload.resume();
    done(imageTooLarge());
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    payload.removeListener('data', onData);
    done(error, body);
  };
  function onData(data: Buffer | string) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    received += bytes.length;
    if (received > IMAGE_MAX_BYTES) {
      finish(imageTooLarge());
      payload.resume();
      return;
    }
    chunks.push(bytes);
  }
  payload.on('data', onData);
  payload.on('end', () => finish(null, Buffer.concat(chunks, received)));
  payload.on('error', (error: Error & { statusCode?: number }) => {
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    finish(error);
  });
}

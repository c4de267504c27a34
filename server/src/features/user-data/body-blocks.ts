// The import's body as it arrives, in blocks (decision 047). Fastify's own `parseAs: 'buffer'` joins
// the chunks of a body into one buffer at the end: for 30 MB that one copy held the event loop for
// 100–150 ms on a loaded machine. Here each chunk is copied into 1 MiB blocks as it comes (a few
// microseconds each), and the blocks go to the import's worker as they are (moved, not copied).
// Limits and errors are Fastify's: 413 above the route's bodyLimit, 400 for a length that lies.
import { errorCodes, type FastifyRequest } from 'fastify';

/** A body read into blocks of at most BODY_BLOCK_BYTES, filled in order. */
export class BodyBlocks {
  constructor(readonly blocks: Uint8Array[]) {}
}

export const BODY_BLOCK_BYTES = 1024 * 1024;

/** A content-type parser (Fastify's signature) that reads the body into BodyBlocks. */
export function readBodyBlocks(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream & { receivedEncodedLength?: number },
  done: (error: Error | null, body?: BodyBlocks) => void,
  /** Below the route's bodyLimit for this content type (a JSON import under a ZIP's larger limit). */
  typeLimit = Infinity,
): void {
  const limit = Math.min(request.routeOptions.bodyLimit ?? Infinity, typeLimit);
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const blocks: Uint8Array[] = [];
  let block = Buffer.alloc(0);
  let used = 0;
  let received = 0;

  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  function onData(data: Buffer | string) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    received += bytes.length;
    if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      stop();
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    for (let at = 0; at < bytes.length;) {
      if (used === block.length) {
        if (used > 0) blocks.push(block);
        block = Buffer.allocUnsafeSlow(BODY_BLOCK_BYTES);
        used = 0;
      }
      const copied = bytes.copy(block, used, at);
      used += copied;
      at += copied;
    }
  }
  function onEnd(error?: Error & { statusCode?: number }) {
    stop();
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      done(error);
      return;
    }
    if (!Number.isNaN(declared) && (payload.receivedEncodedLength || received) !== declared) {
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    if (used > 0) blocks.push(block.subarray(0, used));
    done(null, new BodyBlocks(blocks));
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

// What the file routes (campaign import, its preview, the units import) may hold in memory at once in
// this process. A body is read whole before the worker checks it (body-blocks.ts), up to 100 MiB for a
// campaign archive (decision 077); the rate limit counts requests per hour, not bytes in flight, so
// twenty archives sent together by one account would hold 2 GB. Each request reserves its declared
// length (the route's limit when it declares none, a chunked body) before its body is read, and gives
// it back when its answer is done; past the budget it is refused at once with 503 IMPORT_BUSY. A
// campaign backup (export.zip) reserves its pictures' bytes the same way before reading them.
// Memory is a process's own, so the count is too (docs/decisions/078-import-byte-budget.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** Bytes of file bodies a process holds at once: two archives at their limit, or eight JSON imports. */
export const IMPORT_BYTES_IN_FLIGHT_MAX = 256 * 1024 * 1024;

export interface ImportBudget {
  /** Reserves the request's bytes until its answer is sent or its connection closes; throws IMPORT_BUSY. */
  reserve(request: FastifyRequest, reply: FastifyReply): void;
  /** Reserves `bytes` (a backup's pictures about to be read) until the answer is done; throws IMPORT_BUSY. */
  reserveBytes(bytes: number, reply: FastifyReply): void;
  /** Bytes reserved now (tests, metrics). */
  inUse(): number;
}

export function createImportBudget(maxBytes: number): ImportBudget {
  let used = 0;
  const reserveBytes = (bytes: number, reply: FastifyReply) => {
    // One request alone always fits, whatever its size: the budget only bounds requests together.
    if (used > 0 && used + bytes > maxBytes) throw new AppError('IMPORT_BUSY', { seconds: 60 });
    used += bytes;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      used -= bytes;
    };
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
  };
  return {
    reserve(request, reply) {
      const limit = request.routeOptions.bodyLimit ?? maxBytes;
      const declared = Number(request.headers['content-length']);
      // A declared length over the limit is refused by the body reader (413): nothing to reserve.
      reserveBytes(Number.isFinite(declared) && declared >= 0 ? Math.min(declared, limit) : limit, reply);
    },
    reserveBytes,
    inUse: () => used,
  };
}

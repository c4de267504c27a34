// One answer for every stored image (the GM's portraits and handouts, players' opaque URLs): WebP with a
// strong ETag, revalidated on each use (`private, no-cache`: a removed portrait or a revoked link stops
// at once), 304 when the client holds these bytes already.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImageContent } from '../db/shared/images';

export function sendImage(request: FastifyRequest, reply: FastifyReply, image: ImageContent) {
  const etag = /^(W\/)?"/.test(image.etag) ? image.etag : `"${image.etag}"`;
  reply
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
  if (known.includes(etag) || known.includes('*')) return reply.code(304).send(null);
  return reply.type(image.contentType).send(image.bytes);
}

// The import's body read into 1 MiB blocks (decision 047), with Fastify's limits and errors.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BODY_BLOCK_BYTES, BodyBlocks, readBodyBlocks } from './body-blocks';

function read(chunks: Buffer[], headers: Record<string, string> = {}, bodyLimit = 10 * BODY_BLOCK_BYTES) {
  const request = { headers, routeOptions: { bodyLimit } } as unknown as FastifyRequest;
  return new Promise<BodyBlocks | Error>((resolve) => {
    readBodyBlocks(request, Readable.from(chunks), (error, body) => resolve(error ?? body!));
  });
}

describe('readBodyBlocks', () => {
  it('copies uneven chunks into full blocks, in order, and the rest into a last one', async () => {
    const bytes = Buffer.alloc(2 * BODY_BLOCK_BYTES + 5);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = i % 251;
    const chunks = [
      bytes.subarray(0, 7),
      bytes.subarray(7, BODY_BLOCK_BYTES + 3),
      bytes.subarray(BODY_BLOCK_BYTES + 3),
    ];
    const body = await read(chunks, { 'content-length': String(bytes.length) });
    expect(body).toBeInstanceOf(BodyBlocks);
    const { blocks } = body as BodyBlocks;
    expect(blocks.map((block) => block.byteLength)).toEqual([BODY_BLOCK_BYTES, BODY_BLOCK_BYTES, 5]);
    expect(Buffer.concat(blocks).equals(bytes)).toBe(true);
    expect((await read([])) as BodyBlocks).toEqual(new BodyBlocks([]));
  });

  it('answers 413 above the limit, declared or not, and 400 when the declared length lies', async () => {
    const big = [Buffer.alloc(600), Buffer.alloc(600)];
    expect(await read(big, { 'content-length': '1200' }, 1000)).toMatchObject({ statusCode: 413 });
    expect(await read(big, {}, 1000)).toMatchObject({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(await read(big, { 'content-length': '1300' })).toMatchObject({
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    });
  });
});

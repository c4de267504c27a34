// The file routes' byte budget (decision 078): bodies held together in one process stay under
// IMPORT_BYTES_IN_FLIGHT_MAX. Two archives still arriving (chunked: each reserves the route's 100 MiB)
// leave no room for a third, which is refused at once with 503 IMPORT_BUSY in the caller's language
// and a Retry-After, and writes nothing; once one ends, imports go through again.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_ARCHIVE_MAX_BYTES } from '@questkeeper/core/limits';
import { campaigns } from '../../db/schema';
import {
  bearer,
  createTestApp,
  listenOnFreePort,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { campaignFile } from '../../../test/support/user-data-fixtures';
import { IMPORT_BYTES_IN_FLIGHT_MAX, createImportBudget } from './import-budget';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterAll(async () => ctx?.close());

/** An archive upload that has begun and sends nothing more: its body stays open. */
function heldUpload(token: string) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/game-data/import',
      headers: { ...bearer(token), 'content-type': 'application/zip', 'transfer-encoding': 'chunked' },
    });
    request.on('error', () => {});
    request.on('response', (response) => reject(new Error(`answered ${response.statusCode}`)));
    request.write(Buffer.from('PK'), (error) => (error ? reject(error) : resolve(request)));
  });
}

/** A whole import sent chunked (no declared length), and its answer. */
function chunkedImport(token: string, body: string, language: 'en' | 'fr') {
  return new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/game-data/import',
          headers: {
            ...bearer(token),
            'content-type': 'application/json',
            'accept-language': language,
            'transfer-encoding': 'chunked',
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    },
  );
}

describe('the import byte budget', () => {
  it('holds two archives at their limit together and refuses a third at once, then lets imports through', async () => {
    expect(2 * CAMPAIGN_ARCHIVE_MAX_BYTES).toBeLessThanOrEqual(IMPORT_BYTES_IN_FLIGHT_MAX);
    expect(3 * CAMPAIGN_ARCHIVE_MAX_BYTES).toBeGreaterThan(IMPORT_BYTES_IN_FLIGHT_MAX);
    const user = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const other = await registerUser(ctx.app, { tier: 'Hero' });
    const held = [await heldUpload(user.token), await heldUpload(user.token)];
    try {
      // The reservations are made before any body is read: wait until the server holds both.
      await expect.poll(() => budgetInUse(), { timeout: 5000 }).toBe(2 * CAMPAIGN_ARCHIVE_MAX_BYTES);
      const before = await ctx.app.database.db.$count(campaigns);
      // A third body of unknown length (chunked) would take the route's limit again: past the budget.
      const refused = await chunkedImport(user.token, JSON.stringify(campaignFile()), 'fr');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('60');
      expect(JSON.parse(refused.body)).toMatchObject({
        code: 'IMPORT_BUSY',
        message: "Le serveur traite d'autres imports et sauvegardes. Veuillez réessayer dans une minute.",
      });
      expect(await ctx.app.database.db.$count(campaigns)).toBe(before);
    } finally {
      held.forEach((request) => request.destroy());
    }
    await expect.poll(() => budgetInUse(), { timeout: 5000 }).toBe(0);
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/game-data/import',
      headers: { ...bearer(other.token), 'content-type': 'application/json' },
      payload: JSON.stringify(campaignFile()),
    });
    expect(imported.statusCode, imported.body).toBe(201);
  });

  it('gives the bytes back when an answer is sent, refused or not', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    for (const payload of [JSON.stringify(campaignFile()), '{ not json'])
      await ctx.app.inject({
        method: 'POST',
        url: '/api/game-data/import',
        headers: { ...bearer(user.token), 'content-type': 'application/json' },
        payload,
      });
    expect(budgetInUse()).toBe(0);
  });

  it('always lets one request through, whatever its size', () => {
    const budget = createImportBudget(10);
    const raw = { once: () => raw };
    const request = (length: string) =>
      ({ routeOptions: { bodyLimit: 100 }, headers: { 'content-length': length } }) as never;
    budget.reserve(request('50'), { raw } as never);
    expect(budget.inUse()).toBe(50);
    expect(() => budget.reserve(request('1'), { raw } as never)).toThrow(/IMPORT_BUSY/);
  });
});

const budgetInUse = () => ctx.app.importBudget.inUse();

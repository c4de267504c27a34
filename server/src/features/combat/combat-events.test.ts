// Live sync (decision 022): the SSE stream over a real socket. Each transport of the pub/sub under it
// is tested in server/src/infra/pubsub.test.ts.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnFreePort, type TestContext } from '../../../test/support/harness';
import { combatClient, play, setTable, type Table } from '../../../test/support/combat-client';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterAll(async () => ctx?.close());

/** Opens the stream and collects its events; `next()` waits for the next data event. */
function openStream(table: Pick<Table, 'token' | 'campaignId'>) {
  const events: unknown[] = [];
  const waiting: (() => void)[] = [];
  let raw = '';
  let ended = false;
  const ready = new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/combat/events',
        headers: { authorization: `Bearer ${table.token}`, 'x-campaign-id': table.campaignId },
      },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          raw += chunk;
          let cut;
          while ((cut = raw.indexOf('\n\n')) !== -1) {
            const block = raw.slice(0, cut);
            raw = raw.slice(cut + 2);
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) events.push(JSON.parse(data.slice(6)));
            if (block.startsWith('retry: ')) events.push({ retry: Number(block.slice(7)) });
          }
          waiting.splice(0).forEach((wake) => wake());
        });
        response.on('end', () => {
          ended = true;
          waiting.splice(0).forEach((wake) => wake());
        });
        resolve(response);
      },
    );
    request.on('error', reject);
  });
  let read = 0;
  return {
    ready,
    events,
    isEnded: () => ended,
    async next(timeoutMs = 5000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs;
      while (read >= events.length) {
        if (ended) throw new Error('stream ended');
        if (Date.now() > deadline)
          throw new Error(`no event within ${timeoutMs} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 100);
        });
      }
      return events[read++];
    },
    close: () => ready.then((response) => response.destroy()),
  };
}

describe('GET /api/combat/events', () => {
  it('streams the current version, then one event per change, with security headers', async () => {
    const table = await setTable(ctx, { n: 2 });
    const stream = openStream(table);
    const response = await stream.ready;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(await stream.next()).toEqual({ retry: 3000 });
    expect(await stream.next()).toEqual({ version: 0 });

    const client = combatClient(ctx, table);
    await play(client, { type: 'add', unitId: table.ids[0]!, group: 'allies' });
    expect(await stream.next()).toEqual({ version: 1 });
    await client.undoAt(1);
    expect(await stream.next()).toEqual({ version: 2 });
    // A refused action publishes nothing; the next change does.
    await client.send(0, { type: 'nextTurn' });
    await play(client, { type: 'add', unitId: table.ids[1]!, group: 'enemies' });
    expect(await stream.next()).toEqual({ version: 3 });
    await stream.close();
  });

  it("hears nothing of another campaign's fight", async () => {
    const mine = await setTable(ctx, { n: 1 });
    const other = await setTable(ctx, { n: 1 });
    const stream = openStream(mine);
    await stream.ready;
    expect(await stream.next()).toEqual({ retry: 3000 });
    expect(await stream.next()).toEqual({ version: 0 });
    await play(combatClient(ctx, other), { type: 'add', unitId: other.ids[0]!, group: 'allies' });
    await play(combatClient(ctx, mine), { type: 'add', unitId: mine.ids[0]!, group: 'allies' });
    expect(await stream.next()).toEqual({ version: 1 });
    expect(stream.events).toHaveLength(3);
    await stream.close();
  });

  it('ends open streams when the app closes', async () => {
    const table = await setTable(ctx, { n: 0 });
    const stream = openStream(table);
    await stream.ready;
    await stream.next();
    await stream.next();
    await ctx.app.close();
    for (let i = 0; i < 50 && !stream.isEnded(); i++) await new Promise((wake) => setTimeout(wake, 20));
    expect(stream.isEnded()).toBe(true);
  });
});

// The floor of `npm run bench:capacity`: the least a process can do for the same load — a bare
// node:http server holding the same SSE connections and answering the same game-master POSTs, each
// answer as big as the app's action answer, each POST writing one event as big as the app's player
// payload to its table's streams. No auth, no database, no validation, no cross-process channel (a
// table's game master and players are on one floor process): what the app adds is what the ratio shows.
import http from 'node:http';

const PAYLOAD_BYTES = Number(process.env.BENCH_FLOOR_PAYLOAD_BYTES ?? 3000);
const ANSWER_BYTES = Number(process.env.BENCH_FLOOR_ANSWER_BYTES ?? 3000);
const filler = (bytes: number, n: number) => JSON.stringify({ n, pad: 'x'.repeat(Math.max(0, bytes - 20)) });

const tables = new Map<string, Set<http.ServerResponse>>();
let events = 0;

const server = http.createServer((request, response) => {
  const [, kind, id = ''] = (request.url ?? '').split('/');
  if (request.method === 'GET' && kind === 'stream') {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(`retry: 3000\n\ndata: ${filler(PAYLOAD_BYTES, events)}\n\n`);
    let set = tables.get(id);
    if (!set) tables.set(id, (set = new Set()));
    set.add(response);
    const heartbeat = setInterval(() => response.write(': ping\n\n'), 15_000);
    response.on('close', () => {
      clearInterval(heartbeat);
      set.delete(response);
    });
    return;
  }
  if (request.method === 'POST' && kind === 'act') {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      JSON.parse(body);
      events += 1;
      const event = `data: ${filler(PAYLOAD_BYTES, events)}\n\n`;
      for (const stream of tables.get(id) ?? []) stream.write(event);
      const answer = filler(ANSWER_BYTES, events);
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(answer),
      });
      response.end(answer);
    });
    return;
  }
  response.writeHead(404).end();
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address !== 'string') process.send?.({ type: 'listening', port: address.port });
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});

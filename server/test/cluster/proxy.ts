// A small round-robin load balancer in front of the cluster, as a real one behaves: a backend that
// refuses the connection (stopped, restarting) is skipped, and an idempotent request whose
// connection dies before any answer is tried on the next one. Each request opens its own
// connection, so a backend's shutdown is seen at once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

export async function startProxy(
  backends: () => number[],
  /** Sent as X-Forwarded-For (servers run with TRUST_PROXY): rate limits count this client. */
  clientIp: string,
): Promise<Proxy> {
  let next = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const ports = backends();
      const idempotent = request.method === 'GET' || request.method === 'HEAD';
      const attempt = (tries: number) => {
        const port = ports[next++ % ports.length]!;
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, host: `127.0.0.1:${port}`, 'x-forwarded-for': clientIp },
            agent: false,
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          const retry = error.code === 'ECONNREFUSED' || (idempotent && !response.headersSent);
          if (retry && tries < ports.length * 2) attempt(tries + 1);
          else if (!response.headersSent) response.writeHead(502).end(String(error.code));
          else response.destroy();
        });
        upstream.end(body);
      };
      attempt(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The floor of the page benchmark: the same pages as static HTML — the app's own rendering of each
// page with every script removed — and the same stylesheet and favicon from the same build, served
// by a bare node:http server with the app's cache headers and encodings (brotli or gzip: the
// build's .br/.gz files beside each asset, the pages compressed once at start). What the app's LCP
// adds on top of this is the cost of rendering the page with JavaScript.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

export interface FloorServer {
  origin: string;
  stop(): Promise<void>;
}

type Encoding = 'br' | 'gzip' | 'identity';

function accepted(request: http.IncomingMessage): Encoding[] {
  const header = String(request.headers['accept-encoding'] ?? '');
  const list: Encoding[] = [];
  if (/\bbr\b/.test(header)) list.push('br');
  if (/\bgzip\b/.test(header)) list.push('gzip');
  return [...list, 'identity'];
}

function send(
  response: http.ServerResponse,
  variants: Partial<Record<Encoding, Buffer>>,
  encodings: Encoding[],
  headers: Record<string, string>,
) {
  const encoding = encodings.find((e) => variants[e]) ?? 'identity';
  const body = variants[encoding] ?? Buffer.alloc(0);
  response.writeHead(200, {
    ...headers,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    vary: 'accept-encoding',
    'content-length': body.length,
  });
  response.end(body);
}

export function startFloor(distDir: string, pages: Map<string, string>): Promise<FloorServer> {
  const html = new Map(
    [...pages].map(([pathname, text]) => {
      const identity = Buffer.from(text);
      const br = zlib.brotliCompressSync(identity);
      return [pathname, { identity, br, gzip: zlib.gzipSync(identity, { level: 9 }) }] as const;
    }),
  );
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
    const page = html.get(pathname);
    if (page) {
      send(response, page, accepted(request), {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
      });
      return;
    }
    const file = path.join(distDir, path.normalize(pathname));
    if (!file.startsWith(distDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const read = (name: string) => (fs.existsSync(name) ? fs.readFileSync(name) : undefined);
    send(
      response,
      { identity: fs.readFileSync(file), br: read(`${file}.br`), gzip: read(`${file}.gz`) },
      accepted(request),
      {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    );
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        stop: async () => {
          server.closeAllConnections();
          await new Promise((done) => server.close(done));
        },
      });
    });
  });
}

// A load generator process of `npm run bench:capacity` (docs/decisions/072): it plays the tables the
// parent hands it. Each table is one game master acting every 3 s (attack, heal, next turn, undo, in
// turn) over a keep-alive socket, and 5 player streams, each on its own socket, read with the least
// parsing an SSE reader can do. It times each action's round trip and, on each stream, the arrival of
// the update that action caused (streams are matched to actions in order: one action, one event).
// node:http only: no fetch/undici or EventSource polyfill between the socket and the clock.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { GeneratorMessage, TableSpec, WindowReport } from './protocol';

const PERIOD_MS = Number(process.env.BENCH_CAPACITY_PERIOD_MS ?? 3000);

const gmAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

interface Action {
  sent: number;
  answered: number;
  measured: boolean;
}
interface Stream {
  awaiting: Action[];
  ready: boolean;
  closing: boolean;
  request: http.ClientRequest | null;
}

let measuring = false;
let rtt: number[] = [];
let updates: { fromRequest: number; fromAnswer: number }[] = [];
const errors = { status: 0, request: 0, conflict: 0, streamEnded: 0, streamRefused: 0, missed: 0 };
const errorSamples: string[] = [];
let actions = 0;
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
const timers = new Set<NodeJS.Timeout>();
const streams: Stream[] = [];
let stopping = false;

function noteError(kind: keyof typeof errors, detail: string) {
  if (stopping) return;
  errors[kind] += 1;
  if (errorSamples.length < 5) errorSamples.push(`${kind}: ${detail}`);
}

function post(
  origin: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, origin),
      {
        method: 'POST',
        agent: gmAgent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Opens one player stream; resolves once its first payload arrived (or it failed). */
function openStream(url: string): Promise<Stream> {
  const stream: Stream = { awaiting: [], ready: false, closing: false, request: null };
  streams.push(stream);
  return new Promise((resolve) => {
    let buffer = '';
    const request = http.get(
      url,
      { agent: streamAgent, headers: { accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          noteError('streamRefused', `${response.statusCode}`);
          response.resume();
          resolve(stream);
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            // Comments (`: ping`) and `retry:` lines carry no data.
            if (!block.startsWith('data: ') && !block.includes('\ndata: ')) continue;
            if (!stream.ready) {
              stream.ready = true;
              resolve(stream);
              continue;
            }
            const action = stream.awaiting.shift();
            if (action?.measured)
              updates.push({ fromRequest: at - action.sent, fromAnswer: Math.max(0, at - action.answered) });
          }
        });
        response.on('end', () => {
          if (!stream.closing) noteError('streamEnded', 'ended by the server');
        });
        response.on('error', (error) => {
          if (!stream.closing) noteError('streamEnded', error.message);
        });
      },
    );
    stream.request = request;
    request.on('error', (error) => {
      if (!stream.closing) noteError('streamRefused', error.message);
      resolve(stream);
    });
  });
}

async function play(table: TableSpec, players: Stream[]) {
  let version = table.version;
  let step = 0;
  let next = performance.now() + Math.random() * PERIOD_MS;
  const headers: Record<string, string> = table.token
    ? { authorization: `Bearer ${table.token}`, 'x-campaign-id': table.campaignId }
    : {};
  const tick = async () => {
    if (stopping) return;
    const kind = step % 4;
    step += 1;
    let path = table.actionPath;
    let body: unknown;
    if (table.kind === 'floor') body = { kind };
    else if (kind === 3) {
      path = table.undoPath;
      body = { version };
    } else {
      const action =
        kind === 0
          ? { type: 'attack', targetId: table.targetId, amount: 1 }
          : kind === 1
            ? { type: 'heal', targetId: table.targetId, amount: 1 }
            : { type: 'nextTurn' };
      body = { version, action };
    }
    const action: Action = { sent: performance.now(), answered: Number.NaN, measured: measuring };
    for (const player of players) {
      // The previous action's update never came (3 s later): a lost update is an error.
      if (player.ready && player.awaiting.length > 0) {
        noteError('missed', `table ${table.id}`);
        player.awaiting.length = 0;
      }
      if (player.ready) player.awaiting.push(action);
    }
    try {
      const answer = await post(table.gmOrigin, path, headers, JSON.stringify(body));
      action.answered = performance.now();
      if (action.measured) {
        rtt.push(action.answered - action.sent);
        actions += 1;
      }
      if (answer.status === 409) noteError('conflict', answer.text.slice(0, 120));
      else if (answer.status < 200 || answer.status > 299)
        noteError('status', `${answer.status} ${answer.text.slice(0, 120)}`);
      if (table.kind === 'app' && (answer.status === 200 || answer.status === 409)) {
        const parsed = JSON.parse(answer.text) as { combat?: { version: number }; version?: number };
        version = parsed.combat?.version ?? parsed.version ?? version;
      }
    } catch (error) {
      action.answered = performance.now();
      noteError('request', (error as Error).message);
    }
    if (stopping) return;
    next += PERIOD_MS;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void tick();
      },
      Math.max(0, next - performance.now()),
    );
    timers.add(timer);
  };
  const first = setTimeout(
    () => {
      timers.delete(first);
      void tick();
    },
    Math.max(0, next - performance.now()),
  );
  timers.add(first);
}

async function add(tables: TableSpec[]) {
  // Streams open a hundred at a time, as a crowd of phones would not all connect in one millisecond.
  const opened: Stream[][] = [];
  for (let i = 0; i < tables.length; i += 20) {
    const batch = tables.slice(i, i + 20);
    opened.push(...(await Promise.all(batch.map((table) => Promise.all(table.streamUrls.map(openStream))))));
  }
  tables.forEach((table, i) => void play(table, opened[i] ?? []));
  return opened.flat().filter((stream) => stream.ready).length;
}

const send = (message: GeneratorMessage) => process.send?.(message);

process.on('message', (message: { type: string; tables?: TableSpec[] }) => {
  if (message.type === 'add' && message.tables) {
    void add(message.tables).then((ready) => send({ type: 'added', ready }));
  }
  if (message.type === 'window-start') {
    measuring = true;
    rtt = [];
    updates = [];
    actions = 0;
    for (const key of Object.keys(errors) as (keyof typeof errors)[]) errors[key] = 0;
    errorSamples.length = 0;
    lag.reset();
  }
  if (message.type === 'window-end') {
    measuring = false;
    // Updates of the window's last actions are still on their way.
    setTimeout(() => {
      const report: WindowReport = {
        rtt,
        updates,
        actions,
        errors: { ...errors },
        errorSamples: [...errorSamples],
        lagP99: lag.percentile(99) / 1e6,
        lagMax: lag.max / 1e6,
        openStreams: streams.filter((s) => s.ready && !s.closing).length,
      };
      send({ type: 'window', report });
    }, 1500);
  }
  if (message.type === 'stop') {
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    for (const stream of streams) {
      stream.closing = true;
      stream.request?.destroy();
    }
    gmAgent.destroy();
    setTimeout(() => process.exit(0), 100);
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });

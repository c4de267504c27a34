// A Server-Sent Events stream over the raw response (decision 022). Every event says "the fight is at
// version N"; a client that sees a version above its own reads the fight again. Events are state,
// not deltas, so a slow client may skip ahead: while the socket is full only the newest is kept.
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { GaugeSpec } from '../../../infra/gauges';
import type { Resync } from '../../../infra/pubsub';
import type { StreamSlot, StreamSlots } from './stream-slots';

/** A new version, or `resync` after the transport lost its connection (events may have been missed). */
export type VersionEvent = { version: number } | Resync;

export const HEARTBEAT_MS = 15_000;
export const RETRY_MS = 3_000;
/** The least reconnect delay sent to streams ended by a shutdown (up to twice as much). */
export const SHUTDOWN_RETRY_MS = 500;

let openInProcess = 0;
/** Event streams open in this process across every app, for the metrics endpoint (docs/decisions/025). */
export const openEventStreams = (): number => openInProcess;

/** The gauge of open event streams the app hands to the metrics endpoint. */
export const openEventStreamsGauge: GaugeSpec = {
  name: 'questkeeper_event_streams_open',
  help: 'Combat event streams (SSE) open in this process.',
  read: openEventStreams,
};

/** Streams open in this process, so the app can end them on close (a stream never ends by itself). */
export class OpenStreams {
  private readonly closers = new Set<() => void>();
  add(close: () => void): () => void {
    this.closers.add(close);
    openInProcess++;
    return () => {
      if (this.closers.delete(close)) openInProcess--;
    };
  }
  closeAll(): void {
    for (const close of [...this.closers]) close();
  }
  get size(): number {
    return this.closers.size;
  }
}

/**
 * A slot for one more open stream under `key` (per user or per IP, hashed: lib/limit-key.ts), or 429 TOO_MANY_STREAMS
 * when `slots.limit` (STREAM_LIMIT times RATE_LIMIT_SCALE) are open (decision 049). The stream gives it back when it ends.
 */
export async function takeStreamSlot(slots: StreamSlots, key: string): Promise<StreamSlot> {
  const slot = await slots.acquire(key);
  if (!slot) throw new AppError('TOO_MANY_STREAMS', { max: slots.limit });
  return slot;
}

/** What else a stream's life hangs on (decision 049). */
export interface StreamBounds {
  /** Its slot under the open-stream limit, released when the stream ends or fails to open. */
  slot?: StreamSlot;
  /** Calls `end` when the stream must stop (its session ended); returns the unsubscribe. */
  endWhen?: (end: () => void) => () => void;
}

export interface StreamSource {
  /** Subscribes to the campaign's events; resolves once none can be missed. */
  subscribe(listener: (event: VersionEvent) => void): Promise<() => void>;
  /** The version now in the database. */
  currentVersion(): Promise<number>;
  /**
   * Hears that players' requests changed (docs/product.md#players-take-part); each becomes an event
   * whose data is `{ "requests": true }` (no id: it is not a version). Returns the unsubscribe.
   */
  subscribeRequests?(listener: () => void): Promise<() => void>;
}

/**
 * Takes over the reply (the request is already authorized) and keeps the stream until the client
 * leaves or the app closes. Sends `retry:`, then the current version, then each newer one, with a
 * comment heartbeat so proxies keep the connection open.
 */
export async function streamVersions(
  reply: FastifyReply,
  source: StreamSource,
  streams: OpenStreams,
  options: { heartbeatMs?: number } & StreamBounds = {},
): Promise<void> {
  try {
    await streamVersionsUntil(reply, source, streams, options);
  } catch (error) {
    options.slot?.release();
    throw error;
  }
}

async function streamVersionsUntil(
  reply: FastifyReply,
  source: StreamSource,
  streams: OpenStreams,
  options: { heartbeatMs?: number } & StreamBounds,
): Promise<void> {
  const raw = reply.raw;
  let sent = -1;
  let pending = -1;
  let blocked = false;
  let ended = false;

  const write = (text: string) => {
    if (ended || raw.writableEnded || raw.destroyed) return;
    if (!raw.write(text)) blocked = true;
  };
  const sendVersion = (version: number) => {
    pending = Math.max(pending, version);
    if (blocked || pending <= sent) return;
    sent = pending;
    write(`id: ${sent}\ndata: ${JSON.stringify({ version: sent })}\n\n`);
  };
  const resync = () => {
    source.currentVersion().then(sendVersion, () => {});
  };

  // Subscribed before the version is read: a change committed in between is seen, never missed.
  const unsubscribe = await source.subscribe((event) => {
    if ('version' in event) sendVersion(event.version);
    else resync();
  });
  let unsubscribeRequests: (() => void) | undefined;
  const version = await (async () => {
    unsubscribeRequests = await source.subscribeRequests?.(() => write(`data: {"requests":true}\n\n`));
    return source.currentVersion();
  })().catch((error: unknown) => {
    unsubscribe();
    unsubscribeRequests?.();
    throw error;
  });

  openEventStream(reply);
  write(`retry: ${RETRY_MS}\n\n`);
  sendVersion(version);

  const heartbeat = setInterval(() => {
    if (!blocked) write(`: ping\n\n`);
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  const onDrain = () => {
    blocked = false;
    sendVersion(pending);
  };
  // The app's close ends the response; the client leaving closes it: either way, clean up once.
  const forget = streams.add(() => {
    // Shutting down (docs/decisions/025): a short, spread-out reconnect hint, so clients come back to
    // another process soon without all arriving in the same instant.
    write(`retry: ${SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_MS)}\n\n`);
    cleanup();
    raw.end();
  });
  // Its session ended (logout, password change, account deletion, in any process): the stream
  // ends; the client's reconnect then answers 401.
  const stopWatching = options.endWhen?.(() => {
    cleanup();
    raw.end();
  });
  function cleanup() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    unsubscribeRequests?.();
    forget();
    stopWatching?.();
    options.slot?.release();
    raw.off('drain', onDrain);
  }
  raw.on('drain', onDrain);
  raw.on('close', cleanup);
  raw.on('error', cleanup);
  // The client may have left while the version was read: 'close' has already been emitted then.
  if (raw.destroyed || raw.socket?.destroyed) cleanup();
}

/**
 * Takes the reply over from Fastify and sends an event stream's head. The security headers were set
 * on the reply by the onRequest hook; a hijacked reply must send them itself.
 */
export function openEventStream(reply: FastifyReply): void {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value;
  reply.hijack();
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  // app.inject's fake socket has no setNoDelay; a throw here would leave the stream silent.
  reply.raw.socket?.setNoDelay?.(true);
}

// The player stream (docs/decisions/028): Server-Sent Events whose every `data` is the whole redacted payload
// (a few kilobytes), sent at once and again after each change of the fight, the settings or the link.
// Written on the raw response like the combat stream (decision 022). A revoked or replaced link ends
// the stream with `event: revoked` as soon as the channel says the link changed. A fight's new version
// may carry the payload the acting process read for the link (docs/decisions/075): it is sent as it
// is, only when its fight version is newer than the last payload this stream sent.
import type { FastifyReply } from 'fastify';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { AppError } from '../../lib/app-error';
import type { PublishedPlayerView } from '../../infra/topics';
import type { OpenStreams, StreamBounds } from '../combat/events/sse';
import { HEARTBEAT_MS, RETRY_MS, SHUTDOWN_RETRY_MS, openEventStream } from '../combat/events/sse';
import type { LiveLink, PlayerViewService } from './service';

export async function streamPlayerView(
  reply: FastifyReply,
  service: PlayerViewService,
  link: LiveLink,
  streams: OpenStreams,
  bounds: Pick<StreamBounds, 'slot'> = {},
): Promise<void> {
  try {
    await streamPlayerViewUntil(reply, service, link, streams, bounds);
  } catch (error) {
    bounds.slot?.release();
    throw error;
  }
}

async function streamPlayerViewUntil(
  reply: FastifyReply,
  service: PlayerViewService,
  link: LiveLink,
  streams: OpenStreams,
  bounds: Pick<StreamBounds, 'slot'>,
): Promise<void> {
  const raw = reply.raw;
  let ended = false;
  let lastSent = '';
  // The fight's version of the newest payload sent. A published payload is read at one version; any
  // read begun after a change this stream heard (settings, a reveal, the link) sees that version or a
  // newer one, so a payload published before such a change never replaces what was read after it.
  let sentVersion = -1;
  let blocked = false;
  let dirty = false;
  let started = false;
  let running: Promise<void> = Promise.resolve();

  const write = (text: string) => {
    if (ended || raw.writableEnded || raw.destroyed) return;
    if (!raw.write(text)) blocked = true;
  };
  const send = ({ payload, fightVersion }: { payload: PlayerViewPayload; fightVersion: number }) => {
    sentVersion = Math.max(sentVersion, fightVersion);
    const text = JSON.stringify(payload);
    if (text === lastSent) return;
    lastSent = text;
    write(`data: ${text}\n\n`);
  };
  // Refreshes run one after another, so an older payload never overtakes a newer one; under
  // back-pressure only the newest is sent once the socket drains.
  const refresh = (published: PublishedPlayerView | null = null) => {
    // Every stream of the link woke on this event: they share one read begun after it (service.ts).
    const woke = performance.now();
    running = running
      .then(async () => {
        if (ended) return;
        if (blocked || !started) {
          dirty = true;
          return;
        }
        const own = published && service.fromPublished(link, published);
        if (own) {
          if (own.fightVersion > sentVersion) send(own);
          return;
        }
        // A revoked or replaced link answers NOT_FOUND: the stream ends below.
        send(await service.current(link, woke));
      })
      .catch((error: unknown) => {
        // Revoked or replaced: the stream ends as for any revocation. Any other
        // failed read leaves the page on its last payload; the next event tries again.
        if (error instanceof AppError && error.code === 'NOT_FOUND') {
          write(`event: revoked\ndata: {}\n\n`);
          close();
        }
      });
  };

  // Subscribed before the first read: a change committed in between is refreshed, never missed.
  const unsubscribe = await service.subscribe(link.campaignId, refresh);
  let first: Awaited<ReturnType<PlayerViewService['current']>>;
  try {
    first = await service.current(link);
  } catch (error) {
    unsubscribe();
    throw error;
  }

  openEventStream(reply);
  write(`retry: ${RETRY_MS}\n\n`);
  send(first);
  started = true;
  if (dirty) {
    dirty = false;
    refresh();
  }

  const heartbeat = setInterval(() => {
    if (!blocked) write(`: ping\n\n`);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const onDrain = () => {
    blocked = false;
    if (dirty) {
      dirty = false;
      refresh();
    }
  };
  const forget = streams.add(() => {
    write(`retry: ${SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_MS)}\n\n`);
    close();
  });
  function cleanup() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    forget();
    bounds.slot?.release();
    raw.off('drain', onDrain);
  }
  function close() {
    cleanup();
    raw.end();
  }
  raw.on('drain', onDrain);
  raw.on('close', cleanup);
  raw.on('error', cleanup);
  if (raw.destroyed || raw.socket?.destroyed) cleanup();
}

// One typed publish/subscribe for every process (docs/decisions/055-one-shared-state-layer.md): named
// topics (topics.ts) over one transport, chosen once — memory with the embedded database (one
// process), PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set. The transport only
// moves strings on channels and says when it came back after a loss; this file fans messages out
// to this process's subscribers (by key for keyed topics) and turns a reconnect into `resync`.
import type { FastifyBaseLogger } from 'fastify';
import { TOPICS, TOPIC_KEYS, channelName, type TopicMessage, type TopicName } from './topics';

export type BackendKind = 'memory' | 'postgres' | 'redis';

/** Messages sent while the transport was away are lost: a subscriber re-reads what it follows. */
export interface Resync {
  resync: true;
}
export type Listener<Message> = (event: Message | Resync) => void;

export interface PubSub {
  readonly kind: BackendKind;
  /** Whether the transport can carry this message (PostgreSQL NOTIFY: under 8,000 bytes). */
  fits<T extends TopicName>(topic: T, message: TopicMessage<T>): boolean;
  /** Sends to every process, this one included; rejects when the transport cannot take it. */
  publish<T extends TopicName>(topic: T, message: TopicMessage<T>): Promise<void>;
  /**
   * Hears the topic (only `key`'s messages when given, on a keyed topic). Resolves once messages
   * published from now on are heard — or the transport is away, and `resync` follows its return.
   * Returns the unsubscribe.
   */
  subscribe<T extends TopicName>(
    topic: T,
    listener: Listener<TopicMessage<T>>,
    key?: string,
  ): Promise<() => void>;
  /** Whether other processes' messages are being heard right now (readiness). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Publishes without waiting for the transport; a failure is logged, not thrown (whoever follows the
 * topic reads again on its next event or resync).
 */
export function publishOrWarn<T extends TopicName>(
  events: PubSub,
  log: Pick<FastifyBaseLogger, 'warn'>,
  topic: T,
  message: TopicMessage<T>,
): void {
  events.publish(topic, message).catch((error: unknown) => {
    log.warn({ err: error, topic, message }, 'publish failed');
  });
}

/** What a transport tells the layer above it. */
export interface TransportHandlers {
  message(channel: string, payload: string): void;
  /** The connection was lost and is back. */
  resync(): void;
}

/** Moves payloads between processes on named channels (postgres-transport.ts, redis-transport.ts). */
export interface Transport {
  readonly kind: 'postgres' | 'redis';
  /** The largest payload it carries, in UTF-8 bytes. */
  readonly maxPayloadBytes: number;
  publish(channel: string, payload: string): Promise<void>;
  /** Settles once the first attempt to listen succeeded or failed (then it retries on its own). */
  readonly listening: Promise<void>;
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

export type OpenTransport = (channels: readonly string[], handlers: TransportHandlers) => Transport;

type AnyListener = (event: unknown) => void;

/** This process's subscribers per topic: to every message (id `topic`), or to one key's (`topic key`). */
class Subscribers {
  private readonly byId = new Map<string, Set<AnyListener>>();

  add(topic: TopicName, listener: AnyListener, key: string | undefined): () => void {
    const id = key === undefined ? topic : keyedId(topic, key);
    let set = this.byId.get(id);
    if (!set) {
      set = new Set();
      this.byId.set(id, set);
    }
    const own = set;
    own.add(listener);
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.byId.get(id) === own) this.byId.delete(id);
    };
  }

  deliver<T extends TopicName>(topic: T, message: TopicMessage<T>): void {
    const keyOf: ((message: TopicMessage<T>) => string) | undefined = TOPIC_KEYS[topic];
    call(this.byId.get(topic), message);
    if (keyOf) call(this.byId.get(keyedId(topic, keyOf(message))), message);
  }

  resyncAll(): void {
    const event: Resync = { resync: true };
    for (const set of [...this.byId.values()]) call(set, event);
  }

  clear(): void {
    this.byId.clear();
  }
}

const keyedId = (topic: TopicName, key: string) => `${topic} ${key}`;

function call(listeners: Set<AnyListener> | undefined, event: unknown): void {
  if (!listeners) return;
  // A copy: a listener that unsubscribes while being called must not skip its neighbours.
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch {
      // A broken subscriber (a stream whose socket failed) is its own problem; the others still hear.
    }
  }
}

/** One process only: a publish reaches this process's subscribers, synchronously. */
export function createMemoryPubSub(): PubSub {
  const subscribers = new Subscribers();
  let closed = false;
  return {
    kind: 'memory',
    // Objects handed over in this process: nothing is serialized.
    fits: () => true,
    async publish(topic, message) {
      if (!closed) subscribers.deliver(topic, message);
    },
    async subscribe(topic, listener, key) {
      return subscribers.add(topic, listener as AnyListener, key);
    },
    async healthy() {
      return true;
    },
    async close() {
      closed = true;
      subscribers.clear();
    },
  };
}

/**
 * Every topic over one transport. `prefix` goes before each channel's name (`questkeeper_` for
 * NOTIFY, `qk:` on Redis; tests sharing one Redis use their own).
 */
export function createSharedPubSub(options: {
  open: OpenTransport;
  prefix: string;
  log: FastifyBaseLogger;
}): PubSub {
  const { open, prefix, log } = options;
  const subscribers = new Subscribers();
  const topicOf = new Map<string, TopicName>(
    (Object.keys(TOPICS) as TopicName[]).map((topic) => [prefix + channelName(topic), topic]),
  );
  const transport = open([...topicOf.keys()], {
    message(channel, payload) {
      const topic = topicOf.get(channel);
      if (!topic) return;
      const message = decode(topic, payload);
      if (message === undefined) log.warn({ channel }, 'pubsub: malformed message dropped');
      else subscribers.deliver(topic, message);
    },
    resync() {
      subscribers.resyncAll();
    },
  });
  return {
    kind: transport.kind,
    fits: (_topic, message) => Buffer.byteLength(JSON.stringify(message)) <= transport.maxPayloadBytes,
    async publish(topic, message) {
      await transport.publish(prefix + channelName(topic), JSON.stringify(message));
    },
    async subscribe(topic, listener, key) {
      const remove = subscribers.add(topic, listener as AnyListener, key);
      await transport.listening;
      return remove;
    },
    healthy: () => transport.healthy(),
    async close() {
      subscribers.clear();
      await transport.close();
    },
  };
}

function decode<T extends TopicName>(topic: T, payload: string): TopicMessage<T> | undefined {
  try {
    const parsed = TOPICS[topic].safeParse(JSON.parse(payload));
    // TOPICS[topic]'s output is TopicMessage<T>; TypeScript widens it to every topic's.
    return parsed.success ? (parsed.data as TopicMessage<T>) : undefined;
  } catch {
    return undefined;
  }
}

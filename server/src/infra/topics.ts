// The named topics every server process hears (docs/decisions/055-one-shared-state-layer.md). A new
// topic is one line in TOPICS (its message schema), and one in TOPIC_KEYS when subscribers follow one
// key of it (a campaign). Messages are small (PostgreSQL NOTIFY carries at most 8,000 bytes): they
// say what changed, never the data itself.
import { z } from 'zod';

const campaignVersion = z.object({ campaignId: z.string(), version: z.number().int() });

export const TOPICS = {
  /** Session evictions (decision 025): one session by token hash, or every session of a user. */
  sessions: z.union([z.object({ tokenHash: z.string() }), z.object({ userId: z.string() })]),
  /** A campaign's fight is now at `version` (decision 022). */
  combat: campaignVersion,
  /** A campaign's share link or player-view settings changed; `version` only wakes streams (decision 050). */
  playerView: campaignVersion,
  /** A campaign's player requests changed (docs/product.md#players-take-part): the GM's queue reads them again. */
  playerRequests: z.object({ campaignId: z.string() }),
};

export type TopicName = keyof typeof TOPICS;
export type TopicMessage<T extends TopicName> = z.infer<(typeof TOPICS)[T]>;

/** The key a subscriber may follow alone, per keyed topic. */
export const TOPIC_KEYS: { [T in TopicName]?: (message: TopicMessage<T>) => string } = {
  combat: (message) => message.campaignId,
  playerView: (message) => message.campaignId,
  playerRequests: (message) => message.campaignId,
};

/** A topic's channel: the NOTIFY channel (`questkeeper_player_view`), or the Redis one after a prefix. */
export function channelName(topic: TopicName): string {
  return topic.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

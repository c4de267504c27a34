// The named topics every server process hears (docs/decisions/055-one-shared-state-layer.md). A new
// topic is one line in TOPICS (its message schema), and one in TOPIC_KEYS when subscribers follow one
// key of it (a campaign). Messages say what changed, not the data itself — with one exception: a
// fight's new version may carry the redacted player payload read once by the process that applied the
// action (docs/decisions/075), only when it fits the transport (PostgreSQL NOTIFY carries at most
// 8,000 bytes: PubSub#fits), so the other processes do not read it again.
import { z } from 'zod';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';

const campaignVersion = z.object({ campaignId: z.string(), version: z.number().int() });

/**
 * A share link's redacted payload as the process that applied an action read it (decision 075): for
 * the link whose token hash it names, at the fight's `fightVersion`, its image URLs carrying
 * PUBLISHED_TOKEN in place of the token (which never goes through the transport). Our own processes
 * write it on a server-side channel; its shape was checked when it was made.
 */
export const publishedPlayerView = z.object({
  tokenHash: z.string(),
  fightVersion: z.number().int(),
  payload: z.custom<PlayerViewPayload>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  ),
});
export type PublishedPlayerView = z.infer<typeof publishedPlayerView>;

export const TOPICS = {
  /** Session evictions (decision 025): one session by token hash, or every session of a user. */
  sessions: z.union([z.object({ tokenHash: z.string() }), z.object({ userId: z.string() })]),
  /** A campaign's fight is now at `version` (decision 022); `player`: its link's payload (decision 075). */
  combat: campaignVersion.extend({ player: publishedPlayerView.optional() }),
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

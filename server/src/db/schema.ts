// The database schema, one set for PGlite and PostgreSQL. Migrations in ./migrations are generated
// from it with `npm run db:generate` and applied at start by ./migrate.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LogDraft } from '@questkeeper/core/combat/action-types';
import type { StepChanges } from '@questkeeper/core/combat/history';
import type { CombatLogType, CombatState, ConditionMap } from '@questkeeper/core/schemas/combat';
import type { BillingAddress } from '@questkeeper/core/schemas/auth';
import type { CharacteristicDef, ClassDef, Race, Status } from '@questkeeper/core/schemas/campaigns';
import type { PlayerViewSettings } from '@questkeeper/core/schemas/player-view';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import type { Encounter } from '@questkeeper/core/schemas/encounters';
import type { InitiativeModifier } from '@questkeeper/core/constants';
import type { PlayerRequestPayload } from '@questkeeper/core/schemas/player-requests';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * Insertion order: rows written in one statement or one transaction share
 * `created_at` (and PGlite's clock ticks in milliseconds), so lists sort by `created_at, seq` and
 * never by chance: copies "Goblin 2, 3, 4" stay in their numbering order.
 */
const seq = () => bigint('seq', { mode: 'number' }).notNull().generatedByDefaultAsIdentity();
/** Raw bytes (PostgreSQL `bytea`), read and written as a Buffer by both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased; the unique index is what makes registration race-free. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    tier: text('tier', { enum: ['Novice', 'Adventurer', 'Hero'] })
      .notNull()
      .default('Novice'),
    /** When the register form's terms checkbox was ticked; null for API clients, whose use of the
     *  API accepts the terms (docs/product.md#register). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The guided first fight's steps done (core/src/guide/steps.ts ids); written once each (decision 068). */
    guideDone: text('guide_done')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The guided first fight's panel was closed; the help menu reopens it. */
    guideDismissed: boolean('guide_dismissed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rules: text('rules').notNull().default(''),
    characteristics: jsonb('characteristics').$type<CharacteristicDef[]>().notNull().default([]),
    races: jsonb('races').$type<Race[]>().notNull().default([]),
    classes: jsonb('classes').$type<ClassDef[]>().notNull().default([]),
    statuses: jsonb('statuses').$type<Status[]>().notNull().default([]),
    initiativeRule: text('initiative_rule').notNull().default('random_d20'),
    initiativeCaracName: text('initiative_carac_name').notNull().default(''),
    /** How the rules that add a characteristic read it: 'value' | 'd20Modifier' (docs/decisions/061). */
    initiativeModifier: text('initiative_modifier').$type<InitiativeModifier>().notNull().default('value'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    seq: seq(),
  },
  (t) => [index('campaigns_user_id_idx').on(t.userId, t.createdAt)],
);

export const units = pgTable(
  'units',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['Male', 'Female', 'Other'] }).notNull(),
    isPlayer: boolean('is_player').notNull(),
    race: text('race').notNull(),
    class: text('class').notNull(),
    status: text('status').notNull(),
    characteristics: jsonb('characteristics').$type<Record<string, number>>().notNull(),
    hp: integer('hp').notNull(),
    currentHp: integer('current_hp').notNull(),
    gold: integer('gold').notNull().default(0),
    silver: integer('silver').notNull().default(0),
    bronze: integer('bronze').notNull().default(0),
    notes: text('notes').notNull().default(''),
    /** Legendary actions, recharges, countdowns (docs/decisions/062); a fight holds their values. */
    counters: jsonb('counters').$type<UnitCounter[]>().notNull().default([]),
    /** The unit's portrait (docs/decisions/064); removing the image clears it. */
    portraitImageId: uuid('portrait_image_id').references((): AnyPgColumn => images.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    seq: seq(),
  },
  (t) => [index('units_campaign_id_idx').on(t.campaignId, t.createdAt)],
);

/**
 * An image of a campaign (docs/decisions/064): a unit's portrait or a handout's picture, stored as the
 * server re-encoded it (WebP, metadata stripped), in the database like the rest of the data. Players
 * reach one only through `public_id` (random, never derived from a unit id) under their link, and only
 * while it is part of what their link shows.
 */
export const images = pgTable(
  'images',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** 'portrait' (≤ 512 px) | 'handout' (≤ 1600 px). */
    kind: text('kind', { enum: ['portrait', 'handout'] }).notNull(),
    /** 128 random bits, base64url: the only name players' URLs use. */
    publicId: text('public_id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A strong ETag of the stored bytes. */
    etag: text('etag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('images_public_id_key').on(t.publicId),
    index('images_campaign_id_idx').on(t.campaignId, t.createdAt),
  ],
);

/**
 * What the GM showed the table (docs/decisions/064): a snapshot taken at reveal time of a rules
 * section, a unit, a list entry, or a handout written on the spot, without secret blocks. Revealing the
 * same `ref` again replaces the snapshot; a handout has no ref.
 */
export const reveals = pgTable(
  'reveals',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['rules-section', 'unit', 'list-entry', 'handout'] }).notNull(),
    /** What was revealed (a heading slug, a unit id, `list:name`); null for a handout. */
    ref: text('ref'),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    seq: seq(),
  },
  (t) => [
    index('reveals_campaign_id_idx').on(t.campaignId, t.revealedAt),
    uniqueIndex('reveals_campaign_ref_key').on(t.campaignId, t.kind, t.ref),
  ],
);

/** What an encounter stores besides its name and notes. */
export type EncounterData = Pick<Encounter, 'allies' | 'enemies' | 'hazards' | 'hidden' | 'groups'>;

/**
 * A saved encounter of a campaign (docs/decisions/062): its sides, enemies' numbers, hazards, hidden
 * units and grouping, run in one step. `data` names units by id; deleting a unit takes it out of
 * every encounter of its campaign in the same transaction.
 */
export const encounters = pgTable(
  'encounters',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    data: jsonb('data').$type<EncounterData>().notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    seq: seq(),
  },
  (t) => [index('encounters_campaign_id_idx').on(t.campaignId, t.createdAt)],
);

/**
 * A deleted campaign kept for its Undo (decision 052): every row of the campaign
 * and of the tables that hang on it, as PostgreSQL's own JSON of each row, restored with the same ids.
 * The undo token is the owner's only (its SHA-256 here); rows past `expires_at` are purged.
 */
export const campaignTrash = pgTable(
  'campaign_trash',
  {
    campaignId: uuid('campaign_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** `{ table: rows[] }`, parents first; each row is `to_jsonb(row)`. */
    rows: jsonb('rows').$type<Record<string, unknown[]>>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('campaign_trash_user_id_idx').on(t.userId),
    index('campaign_trash_expires_at_idx').on(t.expiresAt),
  ],
);

export const combats = pgTable('combats', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  state: jsonb('state').$type<CombatState>().notNull(),
  /** +1 per applied action, undo or redo: the optimistic check of decision 021. */
  version: integer('version').notNull().default(0),
  conditions: jsonb('conditions').$type<ConditionMap>().notNull().default({}),
  /**
   * How many entries `combat_log` holds for this campaign, written by every write of the log
   * (decision 041): counting them on each action grew with the fight.
   */
  logTotal: integer('log_total').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * The log of a campaign's current fight, which is also its undo history (decision 021): entries of
 * one action share a `step`; the first of them (`position` 0) holds what the step changed.
 */
export const combatLog = pgTable(
  'combat_log',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    position: integer('position').notNull(),
    type: text('type').$type<CombatLogType>().notNull(),
    /** The entry's structured fields (LogDraft): names and groups as they were. */
    data: jsonb('data').$type<LogDraft>().notNull(),
    undo: jsonb('undo').$type<StepChanges>(),
    undone: boolean('undone').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('combat_log_campaign_step_key').on(t.campaignId, t.step, t.position),
    // Whose turn has come (decision 046): the player view asks, per unit hidden until its first
    // turn, whether a live turn entry names it — one probe of this index each, whatever the log's
    // length. Partial, so undo and redo (the `undone` flag) move entries in and out of it.
    index('combat_log_turn_of_idx')
      .on(t.campaignId, sql`(${t.data} -> 'turnOf' ->> 'id')`)
      .where(sql`${t.type} in ('start', 'nextTurn') and not ${t.undone}`),
  ],
);

/**
 * The player view of a campaign's fight (decision 028): the game master's settings, and
 * the read-only share link (its SHA-256 only; null once revoked). `secret` keys the opaque unit ids
 * players see, new with every link so ids of a revoked link say nothing about the next one.
 */
export const playerViews = pgTable(
  'player_views',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The campaign's owner: the shard key (decision 027) that public reads by token carry on with. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    /** The token sealed with AES-256-GCM under a key kept outside the database (decision 050). */
    tokenSealed: text('token_sealed'),
    secret: text('secret').notNull(),
    settings: jsonb('settings').$type<PlayerViewSettings>().notNull(),
    /** One more on every change of `settings`: the version check of PATCH. */
    version: integer('version').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('player_views_token_hash_key').on(t.tokenHash)],
);

/**
 * What players ask from their phones (docs/product.md#players-take-part): an initiative before the
 * start, damage or a heal on a unit they see, a condition on their own character, the end of their
 * turn. Nothing changes until the game master approves (typed initiatives are read by the start
 * dialog). `as_unit_id` and the targets in `payload` are real ids, resolved from the link's opaque ones
 * when the request came in; players never see them.
 */
export const playerRequests = pgTable(
  'player_requests',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The fight the request is about (a campaign has one fight row). */
    combatId: uuid('combat_id')
      .notNull()
      .references(() => combats.campaignId, { onDelete: 'cascade' }),
    /** The share link it came through, by its token hash: a new link leaves its requests behind. */
    linkHash: text('link_hash').notNull(),
    asUnitId: uuid('as_unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['initiative', 'damage', 'heal', 'condition', 'endTurn'] }).notNull(),
    payload: jsonb('payload').$type<PlayerRequestPayload>().notNull().default({}),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    /** The random id the player's page keeps (rate limits; never shown). */
    phoneId: text('phone_id').notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    seq: seq(),
  },
  (t) => [
    index('player_requests_campaign_idx').on(t.campaignId, t.createdAt),
    index('player_requests_pending_idx')
      .on(t.campaignId)
      .where(sql`status = 'pending'`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_user_id_idx').on(t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /**
     * 'demo' (no SMTP: kept here and logged only), 'pending' (to send, or to retry after a failure:
     * see attempts and last_error), 'sent', or 'dead' (gave up after the last attempt; decision 017).
     */
    status: text('status', { enum: ['demo', 'pending', 'sent', 'dead'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * When the delivery worker may next take a pending row. Claiming a row moves it forward by a lease,
     * so a row whose sender died mid-send is taken again once the lease ends.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.nextAttemptAt)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    plan: text('plan', { enum: ['Adventurer', 'Hero'] }),
    /** Provider status: active, trialing, past_due, canceled, … */
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_customer_id_idx').on(t.customerId),
    index('subscriptions_subscription_id_idx').on(t.subscriptionId),
  ],
);

/** Provider events already applied: a replayed event is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Pending checkout and portal sessions of the built-in demo payment provider. */
export const demoPaymentSessions = pgTable(
  'demo_payment_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
    plan: text('plan', { enum: ['Adventurer', 'Hero'] }),
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('demo_payment_sessions_user_id_idx').on(t.userId)],
);

/**
 * Rate-limit windows when several processes share PostgreSQL without Redis (decision 025): one row
 * per key (`login:ip:<sha-256>`: no email or address in clear, decision 048), counted in place;
 * rows past `reset_at` are swept now and then.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

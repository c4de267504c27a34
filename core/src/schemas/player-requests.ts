// What players ask from their phones (docs/product.md#players-take-part): the body of
// POST /api/play/{token}/requests, what players see of their requests in the player payload, and what
// the game master's queue reads. Players name units only by the link's opaque ids (decision 028);
// nothing they send changes the fight until the game master approves it, except an initiative typed
// before the start, which the GM's start dialog offers and the GM confirms.
import { z } from 'zod';
import { CONDITION_ROUNDS_MAX, INITIATIVE_MAX, INITIATIVE_MIN, PLAYER_REQUEST_REASON_MAX } from '../limits';
import { checked, type Problem } from '../checks';
import { checkAmount } from '../combat/amount';
import { combatActionResponse } from './combat';
export { idParams as playerRequestIdParams } from './common';
import { trimmedTextSchema } from './common';

export const PLAYER_REQUEST_KINDS = ['initiative', 'damage', 'heal', 'condition', 'endTurn'] as const;
export type PlayerRequestKind = (typeof PLAYER_REQUEST_KINDS)[number];
export const PLAYER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PlayerRequestStatus = (typeof PLAYER_REQUEST_STATUSES)[number];

/** How many of a link's newest requests the player payload carries. */
export const PLAYER_REQUESTS_SHOWN = 20;

/** An opaque id of the player payload (22 characters today); any other string names nothing. */
const opaqueRef = z.string().min(1).max(64);
/** The random id a player's page keeps (rate limits only): base64url, 16..64 characters. */
export const phoneIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'validation.invalid' });

const amountOfRequest = z
  .union([z.number(), z.string().max(200)])
  .superRefine(checked((value: number | string): Problem | null => checkAmount(value)))
  .describe('An integer 1..999, or a dice expression such as "2d6+3" (rolled by the server on approval).');

const base = { as: opaqueRef, phoneId: phoneIdSchema };

/** POST /api/play/{token}/requests. */
export const playerRequestBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('initiative'),
    ...base,
    initiative: z.number().int().min(INITIATIVE_MIN).max(INITIATIVE_MAX),
  }),
  z.object({ kind: z.literal('damage'), ...base, targetId: opaqueRef, amount: amountOfRequest }),
  z.object({ kind: z.literal('heal'), ...base, targetId: opaqueRef, amount: amountOfRequest }),
  z.object({
    kind: z.literal('condition'),
    ...base,
    conditionId: opaqueRef,
    rounds: z.number().int().min(1).max(CONDITION_ROUNDS_MAX).optional(),
  }),
  z.object({ kind: z.literal('endTurn'), ...base }),
]);
export type PlayerRequestBody = z.infer<typeof playerRequestBody>;

/** What the server keeps of a request besides its kind (real ids, never sent to players). */
export interface PlayerRequestPayload {
  targetId?: string;
  amount?: string;
  initiative?: number;
  statusId?: string;
  status?: string;
  rounds?: number;
}

/** A request as players see it in the payload: opaque ids only, the outcome and its reason. */
export const playerRequestLine = z.object({
  id: z.string(),
  /** The character it was sent for (an opaque id of `units`). */
  as: z.string(),
  kind: z.enum(PLAYER_REQUEST_KINDS),
  status: z.enum(PLAYER_REQUEST_STATUSES),
  /** The game master's reason for a refusal; null otherwise (and for one the fight's end closed). */
  reason: z.string().nullable(),
  /** Damage and heal: the target players see (null when it is no longer shown). */
  targetId: z.string().nullable(),
  amount: z.string().nullable(),
  initiative: z.number().int().nullable(),
  condition: z.string().nullable(),
  rounds: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PlayerRequestLine = z.infer<typeof playerRequestLine>;

/** The answer to a player's request: the line, as the payload will show it. */
export const playerRequestAnswer = playerRequestLine;

const gmUnitRef = z.object({ id: z.string(), name: z.string() });

/** One request in the game master's queue (real ids: it is the GM's own campaign). */
export const gmPlayerRequest = z.object({
  _id: z.string(),
  kind: z.enum(PLAYER_REQUEST_KINDS),
  status: z.enum(PLAYER_REQUEST_STATUSES),
  as: gmUnitRef,
  target: gmUnitRef.nullable(),
  amount: z.string().nullable(),
  initiative: z.number().int().nullable(),
  condition: z.string().nullable(),
  rounds: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type GmPlayerRequest = z.infer<typeof gmPlayerRequest>;

/** GET /api/combat/requests: the fight's pending requests, oldest first. */
export const gmPlayerRequestList = z.object({ requests: z.array(gmPlayerRequest) });
export type GmPlayerRequestList = z.infer<typeof gmPlayerRequestList>;

/** POST /api/combat/requests/{id}/approve: the fight's version, as every action sends. */
export const approveRequestBody = z.object({ version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
/** The applied action's answer, and the request now approved. */
export const approveRequestResponse = combatActionResponse.extend({ request: gmPlayerRequest });
export type ApproveRequestResponse = z.infer<typeof approveRequestResponse>;

/** POST /api/combat/requests/{id}/reject: a short reason sent back to the player (optional). */
export const rejectRequestBody = z.object({
  reason: trimmedTextSchema(PLAYER_REQUEST_REASON_MAX).optional(),
});
export const rejectRequestResponse = z.object({ request: gmPlayerRequest });

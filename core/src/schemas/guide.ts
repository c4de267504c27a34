// GET and PATCH /api/me/guide (docs/product.md#guided-first-fight): the user's checklist of the guided
// first fight, remembered on the server.
import { z } from 'zod';
import { GUIDE_SEEN_STEPS, GUIDE_STEPS } from '../guide/steps';

export const guideState = z.object({
  /** Steps done, in the checklist's order. */
  done: z.array(z.enum(GUIDE_STEPS)),
  /** The user closed the panel; the help menu opens it again. */
  dismissed: z.boolean(),
});
export type GuideState = z.infer<typeof guideState>;

export const guideChange = z
  .object({
    dismissed: z.boolean({ error: 'validation.invalid' }).optional(),
    /** A step the web saw done (the secret found in the rules); the server records the others itself. */
    seen: z.enum(GUIDE_SEEN_STEPS, { error: 'validation.invalid' }).optional(),
  })
  .refine((change) => change.dismissed !== undefined || change.seen !== undefined, {
    error: 'validation.invalid',
  })
  .describe('`dismissed` closes (true) or reopens (false) the panel; `seen: "secret"` ticks that step.');
export type GuideChange = z.infer<typeof guideChange>;

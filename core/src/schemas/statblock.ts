// "Paste a stat block" (docs/product.md#paste-a-stat-block): the text in, the unit form's fields and
// what could not be read out. Nothing is written; the form sends the unit as usual afterwards.
import { z } from 'zod';
import { STAT_BLOCK_UNREAD_REASONS } from '../import/statblock';
import { STAT_BLOCK_TEXT_MAX } from '../limits';
import { COUNTER_RESETS } from '../constants';
import { languageSchema, textSchema } from './common';

export const parseStatBlockBody = z.object({
  text: textSchema(STAT_BLOCK_TEXT_MAX).refine((text) => text.trim() !== '', {
    error: 'validation.required',
  }),
  /** Detected from the text when absent. */
  language: languageSchema.optional(),
});
export type ParseStatBlockBody = z.infer<typeof parseStatBlockBody>;

export const parseStatBlockResponse = z.object({
  /** The language the block was read in (given, or detected). */
  language: languageSchema,
  /** The unit form's fields; each within the unit schema's limits. */
  unit: z.object({
    name: z.string().optional(),
    hp: z.number().int().optional(),
    /** By the campaign's characteristic names, each within 0..its max. */
    characteristics: z.record(z.string(), z.number().int()),
    notes: z.string(),
    counters: z.array(
      z.object({
        label: z.string(),
        max: z.number().int(),
        kind: z.literal('uses'),
        reset: z.enum(COUNTER_RESETS),
        recharge: z.object({ die: z.number().int(), min: z.number().int() }).nullable(),
      }),
    ),
  }),
  /** What could not be placed, in reading order. */
  unread: z.array(
    z.object({
      reason: z.enum(STAT_BLOCK_UNREAD_REASONS),
      text: z.string(),
      limit: z.number().int().optional(),
    }),
  ),
});
export type ParseStatBlockResponse = z.infer<typeof parseStatBlockResponse>;

import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { LANGUAGES } from '../i18n';
import { TIERS } from '../tiers';
import { NAME_MAX } from '../constants';

export { NAME_MAX };

export const idSchema = z.uuid({ error: 'validation.uuid' });
export const languageSchema = z.enum(LANGUAGES);
export const tierSchema = z.enum(TIERS);

/** A trimmed, non-blank name of at most `max` characters. */
export const nameSchema = (max = NAME_MAX) =>
  z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

export const idParams = z.object({ id: idSchema });

export const errorBody = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Header that names the campaign a units or combat call works on. */
export const campaignHeaders = z.object({ 'x-campaign-id': z.string().optional() });

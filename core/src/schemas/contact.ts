import { z } from 'zod';

export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

export const contactBody = z.object({
  subject: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(CONTACT_SUBJECT_MAX, { error: 'validation.tooLong' }),
  message: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(CONTACT_MESSAGE_MAX, { error: 'validation.tooLong' }),
});
export type ContactBody = z.infer<typeof contactBody>;

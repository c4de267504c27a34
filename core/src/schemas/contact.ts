import { z } from 'zod';

import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from '../constants';

export { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from '../constants';

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

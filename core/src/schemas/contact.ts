import { z } from 'zod';
import { userText } from './common';

import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from '../constants';

export { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from '../constants';

export const contactBody = z.object({
  subject: userText()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(CONTACT_SUBJECT_MAX, { error: 'validation.tooLong' }),
  message: userText()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(CONTACT_MESSAGE_MAX, { error: 'validation.tooLong' }),
});
export type ContactBody = z.infer<typeof contactBody>;

import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from '../limits';
import { nameSchema } from './common';

/** Both fields: trimmed, not blank, within their length (checkName, as the contact form checks them). */
export const contactBody = z.object({
  subject: nameSchema(CONTACT_SUBJECT_MAX),
  message: nameSchema(CONTACT_MESSAGE_MAX),
});
export type ContactBody = z.infer<typeof contactBody>;

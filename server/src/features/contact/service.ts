// Contact support: the message is kept in contact_messages first (so nothing is lost if mail fails),
// then queued for the support address with the user as Reply-To (the outbox delivers and retries).
import type { ContactBody } from '@questkeeper/core/schemas/contact';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../plugins/request-context';
import type { Mailer } from '../mail/mailer';
import { contactMail } from '../mail/templates';
import * as repo from './repository';

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(deps: { db: Db; mailer: Mailer; supportEmail: string }) {
  const { db, mailer, supportEmail } = deps;

  return {
    async send(user: Pick<RequestUser, 'id' | 'email' | 'tier'>, input: ContactBody): Promise<void> {
      await repo.insertContactMessage(db, {
        userId: user.id,
        email: user.email,
        subject: input.subject,
        message: input.message,
      });
      await mailer.send({
        to: supportEmail,
        replyTo: user.email,
        ...contactMail({
          email: user.email,
          tier: user.tier,
          subject: input.subject,
          message: input.message,
        }),
      });
    },
  };
}

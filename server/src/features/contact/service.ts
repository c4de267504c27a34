// Contact support: the message is kept in contact_messages first (so nothing is lost if mail fails),
// then mailed to the support address with the user as Reply-To.
import { translate } from '@questkeeper/core/i18n';
import type { ContactBody } from '@questkeeper/core/schemas/contact';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../plugins/request-context';
import type { Mailer } from '../mail/mailer';
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
      // Support reads English; a mail subject is one line, whatever the user typed.
      await mailer.send({
        to: supportEmail,
        replyTo: user.email,
        subject: translate('en', 'mail.contactSubject', { subject: input.subject.replace(/\s+/g, ' ') }),
        text: translate('en', 'mail.contactText', {
          email: user.email,
          tier: user.tier,
          message: input.message,
        }),
      });
    },
  };
}

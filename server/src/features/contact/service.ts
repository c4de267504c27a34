// STUB — being written (issue #2).
import type { Db } from '../../db/client';

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(deps: { db: Db; mailer: import("../mail/mailer").Mailer; supportEmail: string }) {
  return { deps };
}

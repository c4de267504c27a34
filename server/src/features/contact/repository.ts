// SQL for contact messages.
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(
  db: Executor,
  values: { userId: string; email: string; subject: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(values);
}

// POST /api/contact/send (spec §7): the server mails support and rate-limits the sender.
import type { ContactBody } from '@questkeeper/core/schemas/contact';
import { apiRequest } from '@/lib/api-client';

export async function sendContactMessage(body: ContactBody): Promise<void> {
  await apiRequest<{ message: string }>('POST', '/api/contact/send', { body });
}

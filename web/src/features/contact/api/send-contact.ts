// POST /api/contact/send (docs/product.md#api): the server mails support and rate-limits the sender.
import type { z } from 'zod';
import type { contactBody } from '@questkeeper/core/schemas/contact';
import type { messageResponse } from '@questkeeper/core/schemas/common';
import { apiRequest } from '@/lib/api-client';

export async function sendContactMessage(body: z.input<typeof contactBody>): Promise<void> {
  await apiRequest<{ body: typeof contactBody; response: typeof messageResponse }>(
    'POST',
    '/api/contact/send',
    {
      body,
    },
  );
}

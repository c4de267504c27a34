import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof health>;

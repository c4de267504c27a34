import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof health>;

/** `/api/ready`: whether a load balancer should send this process requests (docs/decisions/025). */
export const ready = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending']),
  /** `unused` without REDIS_URL. */
  redis: z.enum(['up', 'down', 'unused']),
  /** Whether session evictions made by other processes reach this one (decision 025). */
  invalidations: z.enum(['up', 'down']),
  /** Set once the process has been asked to stop (SIGTERM): it finishes its requests, takes no new ones. */
  shuttingDown: z.boolean(),
});
export type Ready = z.infer<typeof ready>;

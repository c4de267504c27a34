// Request-wide typing: the language every message is written in, and the signed-in user.
import type { Language } from '@questkeeper/core/i18n';
import type { Tier } from '@questkeeper/core/tiers';

export interface RequestUser {
  id: string;
  email: string;
  language: Language;
  tier: Tier;
  sessionId: string;
  /** The bearer token of this request (returned again by refresh-session and language). */
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The user's saved language once signed in, else the Accept-Language choice. */
    language: Language;
    /** Set by the `requireUser` hook; read it through `userOf(req)`. */
    user: RequestUser | null;
  }
}

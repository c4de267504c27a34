// Accounts and sessions (docs/product.md#accounts): argon2id hashes, random tokens
// stored as SHA-256, 30-day sessions extended by refresh but never past 90 days after sign-in
// (decision 048), single-use one-hour reset tokens.
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@questkeeper/core/i18n';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { systemClock, type Clock } from '../../lib/clock';
import type { PubSub } from '../../infra/pubsub';
import type { RequestUser } from '../../plugins/request-context';
import type { Mailer } from '../mail/mailer';
import { resetPasswordMail, welcomeMail } from '../mail/templates';
import * as users from '../../db/shared/users';
import { toAuthUser } from './presenter';
import * as repo from './repository';
import { createSessionCache, shareSessionCache } from './session-cache';
import { createSessionWatch } from './session-watch';
import type { SignInThrottle } from './throttle';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session ends this long after it was opened however often it is refreshed (decision 048). */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** How long this process may reuse a session it has looked up; 0 turns the cache off. */
  sessionCacheTtlMs?: number;
  /** Carries evictions to every process on its `sessions` topic (decision 025). */
  invalidations?: PubSub;
  log?: FastifyBaseLogger;
  /** Back-off of failed sign-ins per account and IP (decision 035); none when absent. */
  signInThrottle?: SignInThrottle;
  /** Reads the time for session and reset-token expiry and the back-off (tests move it). */
  clock?: Clock;
}) {
  const { db, mailer, publicUrl } = deps;
  const clock = deps.clock ?? systemClock;
  const ttlMs = deps.sessionCacheTtlMs ?? 0;
  const cache = createSessionCache({ ttlMs, clock });
  // Heard by every process even with the cache off: open event streams end on them (decision 049).
  const shared = shareSessionCache(cache, deps.invalidations, deps.log);
  const sessionWatch = createSessionWatch({
    onEvict: (listener) => shared.onEvict(listener),
    isLive: async (tokenHash) =>
      Boolean(await repo.findLiveSession(db, tokenHash, new Date(clock.now()), SESSION_MAX_AGE_MS)),
    log: deps.log,
  });

  /**
   * The account proved who it is from `ip` (registration, a reset link): sign-ins from there pass a
   * lock strangers caused (decision 048). Best effort: the account change is already committed.
   */
  async function trustAddress(email: string, ip: string | undefined): Promise<void> {
    if (!ip) return;
    try {
      await deps.signInThrottle?.trust({ email, ip });
    } catch (error) {
      deps.log?.warn({ err: error }, 'sign-in address not remembered');
    }
  }

  async function openSession(user: users.UserRow): Promise<AuthUser> {
    const token = newToken();
    const now = clock.now();
    await repo.insertSession(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: new Date(now),
      expiresAt: new Date(now + SESSION_TTL_MS),
    });
    return toAuthUser(user, token);
  }

  return {
    async register(
      input: {
        email: string;
        password: string;
        language: Language;
        acceptTerms?: true | undefined;
      },
      caller?: { ip: string },
    ): Promise<AuthUser> {
      const passwordHash = await hashPassword(input.password);
      const user = await repo.insertUser(db, {
        email: input.email,
        passwordHash,
        language: input.language,
        // Recorded only when the person ticked the box; an API client's use accepts the terms.
        termsAcceptedAt: input.acceptTerms ? new Date() : null,
      });
      if (!user) throw new AppError('EMAIL_TAKEN');
      await trustAddress(user.email, caller?.ip);
      // Off the request path: a mail problem never fails or slows a registration (it is logged).
      mailer.defer('welcome mail', () =>
        mailer.send({
          to: user.email,
          ...welcomeMail(user.language, user.email, `${publicUrl}/${user.language}/dashboard`),
        }),
      );
      return openSession(user);
    },

    /**
     * Throws SIGN_IN_THROTTLED while the account or the caller's IP is locked out by earlier
     * failures; a failure counts towards both, a success clears the account's.
     */
    async login(
      input: { email: string; password: string },
      caller: { ip: string; language: Language } = { ip: 'unknown', language: 'en' },
    ): Promise<AuthUser> {
      const attempt = await deps.signInThrottle?.begin({ email: input.email, ...caller });
      const user = await repo.findUserByEmail(db, input.email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
      await attempt?.succeeded();
      return openSession(user);
    },

    /** The user behind a bearer token, or null when it is unknown, expired or revoked. */
    async authenticate(token: string): Promise<RequestUser | null> {
      if (token.length < 20 || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached) return { ...cached, token };
      const generation = shared.generation();
      const row = await repo.findLiveSession(db, tokenHash, new Date(clock.now()), SESSION_MAX_AGE_MS);
      if (!row) return null;
      const user = {
        id: row.userId,
        email: row.email,
        language: row.language,
        tier: row.tier,
        sessionId: row.sessionId,
      };
      // An eviction heard during the lookup may be about this very row, read before it committed.
      if (shared.generation() === generation) cache.set(tokenHash, user, row.expiresAt);
      return { ...user, token };
    },

    /** Drops what this process remembers of a user's sessions (after a tier or account change). */
    forgetUser(userId: string): void {
      void shared.forgetUser(userId);
    },

    /** Whether evictions made by other processes reach this one (readiness). */
    invalidationsHealthy: () => shared.healthy(),
    /** Calls `ended` once this user's session is gone, in whichever process it ended (streams). */
    watchSession: (user: RequestUser, ended: () => void): (() => void) => sessionWatch.watch(user, ended),
    close: async () => {
      sessionWatch.close();
      await shared.close();
    },

    async logout(user: RequestUser): Promise<void> {
      await repo.deleteSession(db, user.sessionId);
      await shared.forgetToken(hashToken(user.token));
    },

    /** Extends the session by another 30 days, never past its absolute end, and answers the user. */
    async refresh(user: RequestUser): Promise<AuthUser> {
      await repo.extendSession(
        db,
        user.sessionId,
        new Date(clock.now() + SESSION_TTL_MS),
        SESSION_MAX_AGE_MS,
      );
      const row = await users.findUserById(db, user.id);
      if (!row) throw new AppError('UNAUTHENTICATED');
      return toAuthUser(row, user.token);
    },

    async setLanguage(user: RequestUser, language: Language): Promise<AuthUser> {
      const row = await users.updateUser(db, user.id, { language });
      await shared.forgetUser(user.id);
      if (!row) throw new AppError('UNAUTHENTICATED');
      return toAuthUser(row, user.token);
    },

    /**
     * Answers the same whether or not the email has an account. With demo mail the response
     * carries the token (spec's "For demo" flow); for an unknown email that token is a random
     * one that opens nothing, so the answer still tells nothing. With SMTP the token and the mail
     * are made off the request path, so both answers take one lookup (decision 017).
     */
    async forgotPassword(email: string, language: Language): Promise<{ resetToken?: string }> {
      const token = newToken();
      const user = await repo.findUserByEmail(db, email);
      if (user) {
        const issue = async () => {
          await db.transaction(async (tx) => {
            await repo.voidResetTokensOfUser(tx, user.id);
            await repo.insertResetToken(tx, {
              userId: user.id,
              tokenHash: hashToken(token),
              expiresAt: new Date(clock.now() + RESET_TOKEN_TTL_MS),
            });
          });
          const mailLanguage = user.language ?? language;
          const link = `${publicUrl}/${mailLanguage}/reset-password?token=${encodeURIComponent(token)}`;
          await mailer.send({ to: user.email, ...resetPasswordMail(mailLanguage, link) });
        };
        // Demo mail hands the token to the caller, so it must work as soon as the answer arrives.
        if (mailer.demo) await issue();
        else mailer.defer('password reset', issue);
      }
      return mailer.demo ? { resetToken: token } : {};
    },

    /**
     * Sets the new password and signs the user out everywhere. The link proved who the caller is: their
     * address is known to the account from now on, so sign-ins from it pass a lock a stranger caused.
     */
    async resetPassword(token: string, newPassword: string, caller?: { ip: string }): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const user = await db.transaction(async (tx) => {
        const found = await repo.consumeResetToken(tx, hashToken(token), new Date(clock.now()));
        if (!found) throw new AppError('INVALID_RESET_TOKEN');
        const row = await users.updateUser(tx, found, { passwordHash });
        await repo.deleteSessionsOfUser(tx, found);
        return { id: found, email: row?.email };
      });
      // After the commit: another process evicting earlier could read the sessions back meanwhile.
      await shared.forgetUser(user.id);
      if (user.email) await trustAddress(user.email, caller?.ip);
    },

    /** Changes the password and revokes every other session of the user. */
    async changePassword(user: RequestUser, currentPassword: string, newPassword: string): Promise<void> {
      const row = await users.findUserById(db, user.id);
      if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new AppError('WRONG_PASSWORD', {}, { currentPassword: { key: 'errors.WRONG_PASSWORD' } });
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.updateUser(tx, user.id, { passwordHash });
        await repo.deleteSessionsOfUser(tx, user.id, user.sessionId);
        await repo.voidResetTokensOfUser(tx, user.id);
      });
      await shared.forgetUser(user.id);
    },
  };
}

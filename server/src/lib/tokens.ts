import crypto from 'node:crypto';

/** 32 random bytes, URL-safe: bearer and reset tokens. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes; they carry 256 bits, so no slow hash is needed. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Compares a secret given by a client with the expected one in constant time: both are hashed first,
 * so the comparison runs on equal-length digests and leaks neither content nor length.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

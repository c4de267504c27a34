import crypto from 'node:crypto';

/** 32 random bytes, URL-safe: bearer and reset tokens. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes; they carry 256 bits, so no slow hash is needed. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

// The share link kept so its owner can see it again (decision 050): the token is
// sealed with AES-256-GCM under a key that is not in the database (SHARE_LINK_KEY, else a key file in
// DATA_DIR), bound to its campaign (the additional data), so a copied database or a row moved to
// another campaign opens nothing. The SHA-256 stays the only thing a lookup by token reads.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

export interface LinkSeal {
  /** The sealed token, or null when no key can be had (the link then cannot be shown again). */
  seal(token: string, campaignId: string): string | null;
  /** The token, or null for a value this key did not seal for this campaign. */
  open(sealed: string, campaignId: string): string | null;
}

const VERSION = 'v1';

/** Reads the key file, or writes a new one (owner-only) the first time; a race reads the winner's. */
function keyFromFile(file: string): Buffer {
  const read = () => {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}

export function createLinkSeal(source: Config['shareLinkKey'], log: FastifyBaseLogger): LinkSeal {
  let key: Buffer | null | undefined;
  // Taken on first use, so a server that never shares a link never writes a key file.
  const keyNow = (): Buffer | null => {
    if (key !== undefined) return key;
    try {
      key =
        source.kind === 'key'
          ? source.key
          : source.kind === 'file'
            ? keyFromFile(source.path)
            : crypto.randomBytes(32);
    } catch (error) {
      log.error({ err: error }, 'share links: no key (set SHARE_LINK_KEY); links will not be shown again');
      key = null;
    }
    return key;
  };
  return {
    seal(token, campaignId) {
      const secret = keyNow();
      if (!secret) return null;
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', secret, iv);
      cipher.setAAD(Buffer.from(campaignId));
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, campaignId) {
      const secret = keyNow();
      const [version, iv, body, tag] = sealed.split('.');
      if (!secret || version !== VERSION || !iv || !body || !tag) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', secret, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(campaignId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Another key (SHARE_LINK_KEY changed, another process's key file) or a tampered value.
        return null;
      }
    },
  };
}

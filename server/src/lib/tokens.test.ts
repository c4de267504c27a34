// Secrets compared in code are compared in constant time. Tokens themselves are never
// compared: their SHA-256 is looked up in the database. This suite also reads the server's sources
// so that a new `===` on a token, secret or hash fails here rather than slipping through review.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken, sameSecret } from './tokens';

describe('sameSecret', () => {
  it('tells equal secrets from different ones, whatever their lengths', () => {
    const token = newToken();
    expect(sameSecret(token, token)).toBe(true);
    expect(sameSecret(hashToken(token), hashToken(token))).toBe(true);
    expect(sameSecret(token, newToken())).toBe(false);
    expect(sameSecret(token, token.slice(0, -1))).toBe(false);
    expect(sameSecret('', token)).toBe(false);
    expect(sameSecret('', '')).toBe(true);
  });
});

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'proofs' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('no secret is compared with === or !== in the server', () => {
  it('finds none outside tests', () => {
    // An identifier naming a token, secret, signature or hash on either side of (in)equality, unless
    // the other side is a type tag, a length, null or undefined.
    const secretName = String.raw`[\w.?]*(?:token|secret|signature|hash|password)[\w]*`;
    const comparison = new RegExp(String.raw`${secretName}\s*[!=]==|[!=]==\s*${secretName}`, 'i');
    const harmless = /typeof|\.length|[!=]==\s*(?:undefined|null|''|true|false)|(?:undefined|null)\s*[!=]==/;
    const found = sources(SERVER_SRC).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({
          line: line.trim(),
          where: `${path.relative(SERVER_SRC, file)}:${index + 1}`,
        }))
        .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*'))
        .filter(({ line }) => comparison.test(line) && !harmless.test(line))
        .map(({ line, where }) => `${where}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});

// The names under which limits and the sign-in back-off count (decision 048): the parts that say who
// (an email, an IP address) are hashed, so Redis and the rate_limit_counters table hold no address in
// clear. The kind stays readable (`login:ip:…`) for whoever looks at the store.
import crypto from 'node:crypto';

/** `kind:` then the SHA-256 of the parts (emails lowercased), joined so ("a", "bc") ≠ ("ab", "c"). */
export function limitKey(kind: string, ...parts: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part.toLowerCase()}\n`);
  return `${kind}:${hash.digest('hex')}`;
}

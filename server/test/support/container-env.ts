// The environment a container of ours starts with, read from the deployment files themselves so the
// tests that use it (ops/demo-mode.test.ts, ops/deployment.test.ts) follow them.

/** The runtime stage's `ENV A=1 \ B=2` settings of a Dockerfile. */
export function dockerfileEnv(dockerfile: string): Record<string, string> {
  const runtime = (dockerfile.split(/^FROM /m).at(-1) ?? '').replace(/\\\n/g, ' ');
  const env: Record<string, string> = {};
  for (const [, list = ''] of runtime.matchAll(/^ENV (.+)$/gm))
    for (const [, name = '', value = ''] of list.matchAll(/(\w+)=(\S*)/g)) env[name] = value;
  return env;
}

/**
 * A compose service's `environment:` as Compose interpolates it from `shell` (the variables of the
 * shell or .env file): `${NAME:-default}` takes the default when NAME is unset or empty, `${NAME}`
 * is empty when unset.
 */
export function composeEnv(
  environment: Record<string, string>,
  shell: Record<string, string>,
): Record<string, string> {
  const interpolate = (value: string) =>
    value.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_match, name: string, fallback?: string) => {
      const set = shell[name];
      return set !== undefined && set !== '' ? set : (fallback ?? '');
    });
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [name, interpolate(String(value))]),
  );
}

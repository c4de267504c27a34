// What the request log says a request's path was (decision 049). Some paths are capabilities — the
// segment after them IS the secret: a player link's token (/api/play/<token>, /{lang}/play/<token>)
// and a demo checkout or portal session (/api/stripe/demo/checkout/<id>, /{lang}/demo-checkout/<id>).
// Whoever reads the logs must not be able to open them, so that segment is logged as `:secret`.
// The query string is never logged: it carries reset tokens (/{lang}/reset-password?token=…).

const CAPABILITY =
  /^(\/[^/]+\/(?:play|demo-checkout|demo-portal)|\/api\/stripe\/demo\/(?:checkout|portal))\/[^/]+/i;

export function logPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.replace(CAPABILITY, '$1/:secret');
}

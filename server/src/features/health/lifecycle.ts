// Whether this process is on its way out (docs/decisions/025): server.ts marks it on SIGTERM, before closing,
// so /api/ready answers 503 and a load balancer stops sending new requests here.
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

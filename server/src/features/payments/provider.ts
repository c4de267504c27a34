// STUB — being written (issue #2).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export interface PaymentProvider {
  readonly name: 'demo' | 'stripe';
}

export function createPaymentProvider(deps: { config: Config; db: Db; log: FastifyBaseLogger }): PaymentProvider {
  void deps;
  return { name: 'demo' };
}

// STUB — being written (issue #2).
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: { db: Db; provider: PaymentProvider; publicUrl: string }) {
  return { deps };
}

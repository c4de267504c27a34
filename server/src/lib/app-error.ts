import type { ErrorCode } from '@questkeeper/core/errors';
import type { MessageKey } from '@questkeeper/core/i18n';

export interface FieldProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * A refusal the client should see: the error handler turns it into `{ code, message, fields? }`
 * with the status of ERROR_STATUS and the message in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, FieldProblem>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('NOT_FOUND');

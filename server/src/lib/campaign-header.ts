import type { FastifyRequest } from 'fastify';
import { idSchema } from '@questkeeper/core/schemas/common';
import { AppError } from './app-error';

/**
 * The campaign id of an `X-Campaign-Id` call: missing → 400 CAMPAIGN_REQUIRED; malformed → 404
 * (an id that cannot exist). Ownership is checked by the service, which answers 404 as well.
 */
export function campaignIdOf(request: FastifyRequest): string {
  const raw = request.headers['x-campaign-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || value.trim() === '') throw new AppError('CAMPAIGN_REQUIRED');
  const parsed = idSchema.safeParse(value.trim());
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data;
}

import { z } from 'zod';
import { PAID_PLANS } from '../tiers';
import { languageSchema } from './common';

export const checkoutBody = z.object({ plan: z.enum(PAID_PLANS), language: languageSchema.optional() });
export type CheckoutBody = z.infer<typeof checkoutBody>;
export const portalBody = z.object({ language: languageSchema.optional() });
export const redirectUrl = z.object({ url: z.string() });

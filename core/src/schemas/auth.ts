import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX_LENGTH } from '../limits';
import { isStrongPassword } from '../password';
import { PAID_PLANS } from '../tiers';
import { languageSchema, tierSchema, idSchema, userText } from './common';

export const emailSchema = userText()
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .max(EMAIL_MAX, { error: 'validation.tooLong' })
  .pipe(z.email({ error: 'validation.email' }));

export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.tooLong' })
  .refine(isStrongPassword, { error: 'validation.passwordRules' });

/** Any password typed to prove identity: no policy, so older passwords keep working. */
const currentPasswordSchema = z
  .string()
  .min(1, { error: 'validation.required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.tooLong' });

const confirmation = <T extends { newPassword: string; confirmPassword?: string | undefined }>(body: T) =>
  body.confirmPassword === undefined || body.confirmPassword === body.newPassword;
const confirmationError = { error: 'validation.passwordMismatch', path: ['confirmPassword'] };

export const registerBody = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  language: languageSchema.default('en'),
  /** The web's "18 or older and accept the terms" checkbox; the server records when. Optional: an
   *  API client's use of the API accepts the terms (docs/product.md#register; said in the terms). */
  acceptTerms: z.literal(true, { error: 'validation.acceptTerms' }).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: userText().trim().toLowerCase().min(1).max(EMAIL_MAX),
  password: currentPasswordSchema,
});
export type LoginBody = z.infer<typeof loginBody>;

export const authUser = z.object({
  _id: idSchema,
  email: z.string(),
  language: languageSchema,
  tier: tierSchema,
  token: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;

export const forgotPasswordBody = z.object({ email: emailSchema });
export const forgotPasswordResponse = z.object({
  message: z.string(),
  /** Demo mail only (no SMTP_URL): the token the mail would carry. */
  resetToken: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponse>;

export const resetPasswordBody = z
  .object({
    token: z.string().min(1, { error: 'validation.required' }).max(200),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine(confirmation, confirmationError);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine(confirmation, confirmationError);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const languageBody = z.object({ language: languageSchema });

export const billingAddress = z.object({
  line1: userText().trim().min(1, { error: 'validation.required' }).max(200),
  line2: userText().trim().max(200).nullable().optional(),
  city: userText().trim().min(1, { error: 'validation.required' }).max(100),
  postal_code: userText().trim().min(1, { error: 'validation.required' }).max(20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'validation.invalid' }),
});
export type BillingAddress = z.infer<typeof billingAddress>;

/**
 * The subscription as the payment provider last reported it (webhooks, demo pages). `status` is the
 * provider's: active, trialing, past_due (a payment failed, the plan is kept while the provider
 * retries), unpaid, canceled, incomplete, …
 */
export const subscriptionState = z.object({
  plan: z.enum(PAID_PLANS).nullable(),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** ISO 8601; null when the provider gave none (demo). */
  currentPeriodEnd: z.string().nullable(),
});
export type SubscriptionState = z.infer<typeof subscriptionState>;

export const billingInfo = z.object({
  email: z.string(),
  address: billingAddress.nullable(),
  subscription: subscriptionState.nullable(),
});
export type BillingInfo = z.infer<typeof billingInfo>;

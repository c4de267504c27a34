// The profile's calls (spec §7): language, password change, billing info and the customer portal.
import type { AuthUser, BillingInfo } from '@questkeeper/core/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session';

/** Saves the user's language; answers the user as the session keeps it (without the token). */
export async function updateLanguage(language: Language): Promise<SessionUser> {
  const {
    _id,
    email,
    tier,
    language: saved,
  } = await apiRequest<AuthUser>('PUT', '/api/auth/language', {
    body: { language },
  });
  return { _id, email, tier, language: saved };
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changes the password; the server signs out the user's other devices (decisions.md). */
export async function changePassword(change: PasswordChange): Promise<void> {
  await apiRequest<{ message: string }>('POST', '/api/auth/change-password', { body: change });
}

export function fetchBillingInfo(signal?: AbortSignal): Promise<BillingInfo> {
  return apiRequest<BillingInfo>('GET', '/api/auth/billing-info', signal ? { signal } : {});
}

/** The provider's customer portal (with the demo provider, a page of the app itself). */
export async function createPortalSession(language: Language): Promise<string> {
  const { url } = await apiRequest<{ url: string }>('POST', '/api/stripe/create-customer-portal-session', {
    body: { language },
  });
  return url;
}

export const billingKeys = {
  info: (userId: string, tier: string) => ['billing-info', userId, tier] as const,
};

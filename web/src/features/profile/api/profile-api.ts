// The profile's calls (docs/product.md#api): language, password change, billing info and the customer portal;
// the account's data download and its deletion (decision 024).
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { authUser, billingInfo, changePasswordBody, languageBody } from '@questkeeper/core/schemas/auth';
import type { messageResponse } from '@questkeeper/core/schemas/common';
import type { portalBody, redirectUrl } from '@questkeeper/core/schemas/payments';
import type { deleteAccountBody } from '@questkeeper/core/schemas/game-data-export';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { fileNameOf, saveBlob } from '@/lib/download';
import type { Language } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session';

/** Saves the user's language; answers the user as the session keeps it (without the token). */
export async function updateLanguage(language: Language): Promise<SessionUser> {
  const {
    _id,
    email,
    tier,
    language: saved,
  } = await apiRequest<{ body: typeof languageBody; response: typeof authUser }>(
    'PUT',
    '/api/auth/language',
    { body: { language } },
  );
  return { _id, email, tier, language: saved };
}

/** Changes the password; the server signs out the user's other devices (docs/product.md#accounts). */
export async function changePassword(change: z.input<typeof changePasswordBody>): Promise<void> {
  await apiRequest<{ body: typeof changePasswordBody; response: typeof messageResponse }>(
    'POST',
    '/api/auth/change-password',
    { body: change },
  );
}

export function fetchBillingInfo(signal?: AbortSignal) {
  return apiRequest<{ response: typeof billingInfo }>(
    'GET',
    '/api/auth/billing-info',
    signal ? { signal } : {},
  );
}

/** The provider's customer portal (with the demo provider, a page of the app itself). */
export async function createPortalSession(language: Language): Promise<string> {
  const { url } = await apiRequest<{ body: typeof portalBody; response: typeof redirectUrl }>(
    'POST',
    '/api/stripe/create-customer-portal-session',
    { body: { language } },
  );
  return url;
}

export const billingKeys = {
  info: (userId: string, tier: string) => ['billing-info', userId, tier] as const,
};

/** The billing info of a paying user, asked again when the user or the plan changes. */
export function useBillingInfo(user: SessionUser) {
  return useQuery({
    queryKey: billingKeys.info(user._id, user.tier),
    queryFn: ({ signal }) => fetchBillingInfo(signal),
  });
}

/** Downloads everything the account holds (`GET /api/auth/export`) and saves it as a .json file. */
export async function downloadAccountData(): Promise<void> {
  const { blob, disposition } = await apiDownload('/api/auth/export');
  saveBlob(blob, fileNameOf(disposition, 'questkeeper-account.json'));
}

/** Deletes the account and all its data; the server revokes every session (decision 024). */
export async function deleteAccount(password: string): Promise<void> {
  await apiRequest<{ body: typeof deleteAccountBody; response: null }>('DELETE', '/api/auth/account', {
    body: { password },
  });
}

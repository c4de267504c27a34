// Forgot and reset password (spec §4 "Password reset"). In demo mail mode the forgot answer carries
// the token the mail would hold (decisions.md, "Mail"), which the login page uses in place.
import type { ForgotPasswordResponse } from '@questkeeper/core/schemas/auth';
import { apiRequest } from '@/lib/api-client';

export function requestPasswordReset(email: string): Promise<ForgotPasswordResponse> {
  return apiRequest<ForgotPasswordResponse>('POST', '/api/auth/forgot-password', { body: { email } });
}

export async function resetPassword(
  token: string,
  newPassword: string,
  confirmPassword: string,
): Promise<void> {
  await apiRequest<{ message: string }>('POST', '/api/auth/reset-password', {
    body: { token, newPassword, confirmPassword },
  });
}

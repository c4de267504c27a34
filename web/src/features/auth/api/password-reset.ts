// Forgot and reset password (docs/product.md#password-reset). In demo mail mode the forgot answer carries
// the token the mail would hold (docs/product.md#mail), which the login page uses in place.
import type {
  forgotPasswordBody,
  forgotPasswordResponse,
  resetPasswordBody,
} from '@questkeeper/core/schemas/auth';
import type { messageResponse } from '@questkeeper/core/schemas/common';
import { apiRequest } from '@/lib/api-client';

export function requestPasswordReset(email: string) {
  return apiRequest<{ body: typeof forgotPasswordBody; response: typeof forgotPasswordResponse }>(
    'POST',
    '/api/auth/forgot-password',
    { body: { email } },
  );
}

export async function resetPassword(
  token: string,
  newPassword: string,
  confirmPassword: string,
): Promise<void> {
  await apiRequest<{ body: typeof resetPasswordBody; response: typeof messageResponse }>(
    'POST',
    '/api/auth/reset-password',
    { body: { token, newPassword, confirmPassword } },
  );
}

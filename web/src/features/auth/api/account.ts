// Sign-in and registration calls of the login page (docs/product.md#api).
import type { authUser, loginBody, registerBody } from '@questkeeper/core/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';

export function login(email: string, password: string) {
  return apiRequest<{ body: typeof loginBody; response: typeof authUser }>('POST', '/api/auth/login', {
    body: { email, password },
  });
}

/** The register form asks for age and terms (docs/product.md#register): only a ticked box gets here. */
export function register(email: string, password: string, language: Language) {
  return apiRequest<{ body: typeof registerBody; response: typeof authUser }>('POST', '/api/auth/register', {
    body: { email, password, language, acceptTerms: true },
  });
}

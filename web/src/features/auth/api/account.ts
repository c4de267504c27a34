// Sign-in and registration calls of the login page (spec §7).
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';

export function login(email: string, password: string): Promise<AuthUser> {
  return apiRequest<AuthUser>('POST', '/api/auth/login', { body: { email, password } });
}

export function register(email: string, password: string, language: Language): Promise<AuthUser> {
  return apiRequest<AuthUser>('POST', '/api/auth/register', { body: { email, password, language } });
}

// Password policy of docs/product.md#passwords, shared by the register and change-password forms (live
// checklist) and by the server. Reset uses the same policy: see docs/decisions/004-one-password-policy.md.
import { PASSWORD_MIN_LENGTH } from './limits';

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*';

export const PASSWORD_RULES = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'lowercase', test: (p: string) => /[a-z]/.test(p) },
  { id: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'digit', test: (p: string) => /[0-9]/.test(p) },
  { id: 'special', test: (p: string) => [...PASSWORD_SPECIAL_CHARACTERS].some((c) => p.includes(c)) },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

export function passwordRuleResults(password: string): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((rule) => [rule.id, rule.test(password)])) as Record<
    PasswordRuleId,
    boolean
  >;
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

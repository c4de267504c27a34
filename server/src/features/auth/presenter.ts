// The one place a stored user becomes its API shape (docs/decisions/058-one-mapping-per-model.md):
// the signed-in user that register, login, refresh and a language change answer. `_id` is the row's
// id (docs/decisions/020-wire-names.md); the token is the session's, never stored in clear.
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import type { UserRow } from '../../db/shared/users';

export function toAuthUser(user: UserRow, token: string): AuthUser {
  return { _id: user.id, email: user.email, language: user.language, tier: user.tier, token };
}

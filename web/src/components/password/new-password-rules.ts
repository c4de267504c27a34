// A new password's checks, without React: NewPasswordFields and the reset island
// (islands/auth-page.ts, decision 073) read them from here, so each rule is written once.
import { isStrongPassword } from '@questkeeper/core/password';

/** True when the pair may be sent: the policy passes and the confirmation is equal and non-empty. */
export function isValidNewPassword(password: string, confirmation: string): boolean {
  return isStrongPassword(password) && confirmation !== '' && confirmation === password;
}

/** Say "do not match" once the user is done typing the confirmation, not at its first letter. */
export function showsMismatch(password: string, confirmation: string, confirmationLeft: boolean): boolean {
  return (
    confirmation !== '' &&
    confirmation !== password &&
    (confirmationLeft || confirmation.length >= password.length)
  );
}

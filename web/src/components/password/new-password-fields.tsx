// A new password, its confirmation and the live checklist: register, the login page's demo reset,
// the reset page and the profile's password change all ask for a new password the same way (decision 004).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/password-field';
import { isValidNewPassword, showsMismatch } from './new-password-rules';
import { PasswordChecklist } from './password-checklist';

export { isValidNewPassword };

export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordLabel,
  confirmationLabel,
}: {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordLabel: string;
  confirmationLabel: string;
}) {
  const { t } = useTranslation();
  const [confirmationLeft, setConfirmationLeft] = useState(false);
  const mismatch = showsMismatch(password, confirmation, confirmationLeft);

  return (
    <>
      <PasswordField
        label={passwordLabel}
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        hint={<PasswordChecklist password={password} />}
      />
      <PasswordField
        label={confirmationLabel}
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => {
          setConfirmationLeft(false);
          onConfirmationChange(event.target.value);
        }}
        onBlur={() => setConfirmationLeft(true)}
        error={mismatch ? t('errors.PASSWORD_MISMATCH') : undefined}
      />
    </>
  );
}

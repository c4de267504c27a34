// Change password (docs/product.md#passwords, #messages): the register policy with its live
// checklist; submit only when the form is complete, the rules pass, the passwords match and no
// change is under way. Success clears the form and says so in a toast; errors stay in
// the form, beside their field. The server signs out the other devices (docs/product.md#accounts), which the
// card says beforehand.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { isValidNewPassword, NewPasswordFields } from '@/components/password/new-password-fields';
import { useToast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { ApiError } from '@/lib/api-client';
import { changePassword } from '../api/profile-api';
import { ProfileCard } from './profile-card';

type Status = { kind: 'idle' } | { kind: 'error'; message: string; fields: Readonly<Record<string, string>> };

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Every way to fill the form is allowed; submitting is not until this says so. */
export function canChangePassword(form: typeof EMPTY): boolean {
  return form.currentPassword !== '' && isValidNewPassword(form.newPassword, form.confirmPassword);
}

export function PasswordChangeForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Remounts the new-password fields after a success, so their "done typing" state starts afresh.
  const [round, setRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const fieldErrors = status.kind === 'error' ? status.fields : {};
  const set = (name: keyof typeof EMPTY) => (value: string) => {
    setForm((old) => ({ ...old, [name]: value }));
    // A message about what the user is now correcting is out of date.
    if (status.kind === 'error' && status.fields[name]) {
      setStatus({ kind: 'idle' });
    }
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !canChangePassword(form)) return;
    setBusy(true);
    setStatus({ kind: 'idle' });
    try {
      await changePassword(form);
      setForm(EMPTY);
      setRound((value) => value + 1);
      toast.success(t('profile.password.success'));
      // The button under the cursor went disabled: keep keyboard users in the form, not at the
      // page's top (the toast's live region says what happened).
      requestAnimationFrame(() => formRef.current?.focus());
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'NETWORK') {
        setStatus({
          kind: 'error',
          message: error.message || t('profile.password.failed'),
          fields: error.fields,
        });
        // The wrong current password: the user retypes it from there (its error is read on focus).
        if (error.fields.currentPassword) {
          requestAnimationFrame(() =>
            formRef.current?.querySelector<HTMLInputElement>('input[name="current-password"]')?.focus(),
          );
        }
      } else {
        setStatus({ kind: 'error', message: t('common.genericError'), fields: {} });
      }
    } finally {
      setBusy(false);
    }
  }

  // A field's error shows beside it; the box above the button says the rest (and is announced).
  const shownFieldErrors = [
    fieldErrors.currentPassword,
    fieldErrors.newPassword,
    fieldErrors.confirmPassword,
  ];
  const alertMessage =
    status.kind === 'error' && !shownFieldErrors.includes(status.message) ? status.message : null;

  return (
    <ProfileCard
      icon={KeyRound}
      title={t('profile.password.heading')}
      description={t('profile.password.intro')}
    >
      <form
        ref={formRef}
        onSubmit={(event) => void onSubmit(event)}
        tabIndex={-1}
        className="flex flex-col gap-4 focus:outline-none"
        noValidate
      >
        {/* Tells password managers whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={t('profile.password.current')}
          name="current-password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          onChange={(event) => set('currentPassword')(event.target.value)}
          error={fieldErrors.currentPassword}
        />
        <NewPasswordFields
          key={round}
          password={form.newPassword}
          confirmation={form.confirmPassword}
          onPasswordChange={set('newPassword')}
          onConfirmationChange={set('confirmPassword')}
          passwordLabel={t('profile.password.new')}
          confirmationLabel={t('profile.password.confirm')}
        />
        {fieldErrors.newPassword ? (
          <p className="-mt-2 text-sm text-danger">{fieldErrors.newPassword}</p>
        ) : null}
        {alertMessage ? <Alert tone="error">{alertMessage}</Alert> : null}
        <div>
          <Button type="submit" loading={busy} disabled={!canChangePassword(form)}>
            {t(busy ? 'profile.password.submitting' : 'profile.password.submit')}
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}

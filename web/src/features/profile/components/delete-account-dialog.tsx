// The confirmation of an account's deletion (decision 024): the password, and a word shown
// on screen (DELETE, SUPPRIMER) to type, so that nobody deletes an account by a slip of the hand. The
// button stays off until the word matches. After the deletion the dialog says so, then the browser
// goes back to the root, signed out (every session of the account is already revoked).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, Home, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { clearSession } from '@/lib/session';
import { deleteAccount } from '../api/profile-api';

/** The word typed matches the one shown: exactly, but for spaces around it. */
export function confirmationMatches(typed: string, word: string): boolean {
  return typed.trim() === word;
}

/**
 * Signed out, back to the root in the language in use (the bare root would pick the browser's once
 * the session is gone). A full load, so nothing of the account stays in memory.
 */
function leave() {
  const home = localePath(currentLanguage(), '');
  clearSession();
  window.location.replace(home);
}

export function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const word = t('profile.deleteAccount.word');
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const ready = password !== '' && confirmationMatches(typed, word);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    setPasswordError(undefined);
    try {
      await deleteAccount(password);
      setDone(true);
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fields.password : undefined;
      if (failure instanceof ApiError && failure.code === 'WRONG_PASSWORD') setPasswordError(failure.message);
      else if (fieldError) setPasswordError(fieldError);
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      // Its own dialog (a new element), so it opens with the focus on its one button.
      <Modal
        key="done"
        open
        size="sm"
        title={t('profile.deleteAccount.doneTitle')}
        onClose={leave}
        footer={
          <Button onClick={leave} data-autofocus icon={<Home aria-hidden="true" className="size-4" />}>
            {t('profile.deleteAccount.home')}
          </Button>
        }
      >
        <div role="status" className="flex items-start gap-2">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <p>{t('profile.deleteAccount.done', { email })}</p>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open
      size="md"
      title={t('profile.deleteAccount.title')}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            loading={busy}
            disabled={!ready}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
          >
            {t(busy ? 'profile.deleteAccount.deleting' : 'profile.deleteAccount.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Alert tone="info">{t('profile.deleteAccount.warning', { email })}</Alert>
        {/* Tells password managers whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={t('profile.deleteAccount.password')}
          name="current-password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
          }}
          error={passwordError}
          disabled={busy}
        />
        <TextField
          label={t('profile.deleteAccount.wordLabel', { word })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          disabled={busy}
          hint={t('profile.deleteAccount.wordHint', { word })}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Modal>
  );
}

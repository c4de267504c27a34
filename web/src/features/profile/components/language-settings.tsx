// The language choice (docs/product.md#profile-view, #session):
// saving stores it on the server, switches the UI at once and moves the URL to the new prefix,
// keeping `?campaign=…&view=profile`. The confirmation is a toast, in the new language;
// a failure stays in the card.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { useToast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { applyLanguage, LANGUAGES, type Language } from '@/lib/i18n';
import { swapLanguage } from '@/lib/paths';
import { updateSessionUser, type SessionUser } from '@/lib/session';
import { updateLanguage } from '../api/profile-api';
import { ProfileCard } from './profile-card';

/** Each language named in itself, so a reader finds theirs whatever the UI language. */
const ENDONYMS: Record<Language, string> = { en: 'English', fr: 'Français' };

// The new prefix is another path, and the dashboard route starts afresh on a new path
// (app/require-auth.tsx), so this view is mounted anew after a save, with a new <Toaster /> that
// starts empty. The confirmation waits here for the new instance (briefly: a later visit to the
// profile must not say it again), and is said once the URL has the new prefix.
let savedAt = 0;
const justSaved = () => Date.now() - savedAt < 3000;

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; language: Language }
  | { kind: 'error'; message: string };

export function LanguageSettings({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Language>(user.language);
  const toast = useToast();
  const [status, setStatus] = useState<Status>(() =>
    justSaved() ? { kind: 'saved', language: user.language } : { kind: 'idle' },
  );
  const groupRef = useRef<HTMLFieldSetElement>(null);
  // Said when the new prefix is in the URL: by this instance if it stays, by the next one if not.
  const landed = status.kind === 'saved' && location.pathname.startsWith(`/${status.language}/`);
  // Once per save: `t` changes with the language, and that must not say it again.
  const announced = useRef<Status | null>(null);
  useEffect(() => {
    if (!landed || announced.current === status) return;
    announced.current = status;
    toast.success(t('profile.language.saved'));
  }, [landed, status, t, toast]);

  // Back on the chosen language after the remount: the keyboard user continues from there.
  useEffect(() => {
    if (!justSaved()) return;
    savedAt = 0;
    groupRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, []);

  const saving = status.kind === 'saving';

  async function save() {
    if (choice === user.language || saving) return;
    setStatus({ kind: 'saving' });
    try {
      const saved = await updateLanguage(choice);
      // The texts first, so the new prefix never shows the old language.
      await applyLanguage(saved.language);
      savedAt = Date.now();
      updateSessionUser(saved);
      void navigate(swapLanguage(location.pathname, saved.language) + location.search + location.hash, {
        replace: true,
      });
      setStatus({ kind: 'saved', language: saved.language });
    } catch (error) {
      savedAt = 0;
      const message =
        error instanceof ApiError && error.code !== 'NETWORK'
          ? error.message || t('profile.language.failed')
          : t('common.genericError');
      setStatus({ kind: 'error', message });
    }
  }

  return (
    <ProfileCard icon={Languages} title={t('profile.language.heading')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="flex flex-col gap-4"
      >
        <fieldset ref={groupRef} disabled={saving} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-ink">{t('profile.language.legend')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {LANGUAGES.map((language) => {
              const checked = choice === language;
              const translated = t(`profile.language.names.${language}`);
              return (
                <label
                  key={language}
                  className={
                    'flex min-h-14 cursor-pointer items-center gap-3 rounded-control border px-3 py-2 ' +
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ' +
                    (checked ? 'border-brand bg-brand-soft' : 'border-line bg-surface hover:bg-surface-muted')
                  }
                >
                  <input
                    type="radio"
                    name="language"
                    value={language}
                    checked={checked}
                    onChange={() => {
                      setChoice(language);
                      if (status.kind !== 'saving') setStatus({ kind: 'idle' });
                    }}
                    className="size-4 accent-brand"
                  />
                  <span className="flex min-w-0 flex-col">
                    <span lang={language} className="font-medium text-ink">
                      {ENDONYMS[language]}
                    </span>
                    {translated.toLowerCase() !== ENDONYMS[language].toLowerCase() ? (
                      <span className="text-sm text-ink-muted">{translated}</span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" loading={saving} disabled={choice === user.language}>
            {t(saving ? 'profile.language.saving' : 'profile.language.save')}
          </Button>
        </div>
        {status.kind === 'error' ? <Alert tone="error">{status.message}</Alert> : null}
      </form>
    </ProfileCard>
  );
}

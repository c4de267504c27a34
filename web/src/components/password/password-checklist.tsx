// The live checklist of the password policy (docs/product.md#passwords; the reset forms too, decision 004).
// Each rule shows its state by icon shape and a visually hidden word, never by colour alone. The list itself
// is not live (it would be read on every keystroke); a polite summary announces the count instead.
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@questkeeper/core/limits';
import {
  PASSWORD_RULES,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordRuleResults,
  type PasswordRuleId,
} from '@questkeeper/core/password';

export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const results = passwordRuleResults(password);
  const met = PASSWORD_RULES.filter((rule) => results[rule.id]).length;

  const label = (id: PasswordRuleId) => {
    switch (id) {
      case 'length':
        return t('login.checklist.length', { min: PASSWORD_MIN_LENGTH });
      case 'special':
        return t('login.checklist.special', { characters: PASSWORD_SPECIAL_CHARACTERS });
      default:
        return t(`login.checklist.${id}`);
    }
  };

  return (
    <div className="mt-1 rounded-control border border-line bg-surface-muted px-3 py-2.5">
      <p className="text-sm font-medium text-ink">{t('login.checklist.title')}</p>
      <ul className="mt-1.5 flex flex-col gap-1">
        {PASSWORD_RULES.map(({ id }) => {
          const ok = results[id];
          const Icon = ok ? CircleCheck : CircleDashed;
          return (
            <li
              key={id}
              className={`flex items-start gap-2 text-sm ${ok ? 'font-medium text-success' : 'text-ink-muted'}`}
            >
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="sr-only">{t(ok ? 'login.checklist.met' : 'login.checklist.unmet')} </span>
                {label(id)}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="sr-only" aria-live="polite">
        {password ? t('login.checklist.summary', { met, total: PASSWORD_RULES.length }) : ''}
      </p>
    </div>
  );
}

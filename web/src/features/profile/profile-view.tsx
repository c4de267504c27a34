// The profile view (docs/product.md#profile-view): account info, language, the Novice upgrade block or the
// billing block of the paid plans, and the password change. Two columns on wide screens (account
// and plan beside language and password), one below. Then the account's data: its download and the
// account's deletion (docs/decisions/024).
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { AccountDataCard } from './components/account-data-card';
import { AccountInfo } from './components/account-info';
import { BillingBlock } from './components/billing-block';
import { DeleteAccountCard } from './components/delete-account-card';
import { LanguageSettings } from './components/language-settings';
import { PasswordChangeForm } from './components/password-change-form';
import { UpgradeBlock } from './components/upgrade-block';

export default function ProfileView() {
  const { t } = useTranslation();
  const session = useSession();
  // The dashboard renders only for a session; a logout in another tab ends it under our feet.
  if (!session) return null;
  const { user } = session;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-ink-muted">{t('profile.intro')}</p>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <AccountInfo user={user} />
          {user.tier === 'Novice' ? <UpgradeBlock /> : <BillingBlock user={user} tier={user.tier} />}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <LanguageSettings user={user} />
          <PasswordChangeForm email={user.email} />
        </div>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AccountDataCard />
        <DeleteAccountCard email={user.email} />
      </div>
    </div>
  );
}

// "Delete account" (decision 024): a danger card whose button opens the confirmation.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ProfileCard } from './profile-card';

export function DeleteAccountCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const openerId = useId();
  return (
    <ProfileCard
      icon={UserX}
      title={t('profile.deleteAccount.heading')}
      description={t('profile.deleteAccount.intro')}
    >
      <Button
        id={openerId}
        variant="danger"
        aria-haspopup="dialog"
        icon={<Trash2 aria-hidden="true" className="size-4" />}
        onClick={() => setOpen(true)}
      >
        {t('profile.deleteAccount.open')}
      </Button>
      {open ? (
        <DeleteAccountDialog
          email={email}
          onClose={() => {
            setOpen(false);
            document.getElementById(openerId)?.focus();
          }}
        />
      ) : null}
    </ProfileCard>
  );
}

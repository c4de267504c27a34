// "Your data" (docs/decisions/024): one JSON file with the account and every campaign in the export format,
// each importable on its own. The privacy policy's right of access, one click away.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, HardDriveDownload } from 'lucide-react';
import { useToast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { downloadAccountData } from '../api/profile-api';
import { ProfileCard } from './profile-card';

export function AccountDataCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadAccountData();
    } catch (failure) {
      toast.error(t('profile.data.failed', { reason: errorMessage(failure) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfileCard
      icon={HardDriveDownload}
      title={t('profile.data.heading')}
      description={t('profile.data.intro')}
    >
      <Button
        variant="secondary"
        loading={busy}
        icon={<Download aria-hidden="true" className="size-4" />}
        onClick={() => void download()}
      >
        {t(busy ? 'profile.data.downloading' : 'profile.data.download')}
      </Button>
    </ProfileCard>
  );
}

// Deleting a campaign (decision 052): the GM types the campaign's name, as deleting
// the account asks for a word, so that no campaign goes by a slip of the hand. The button stays off
// until the name matches; the dialog deletes (busy meanwhile, its error inside it) and hands the undo
// token back to the list, whose toast offers Undo for CAMPAIGN_UNDO_MS.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { CAMPAIGN_UNDO_MS } from '@questkeeper/core/limits';
import type { DeletedCampaign } from '@questkeeper/core/schemas/campaigns';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { useDeleteCampaign, type Campaign } from '@/lib/campaigns';

/** The name typed matches the campaign's: exactly, but for spaces around it. */
export function campaignNameMatches(typed: string, name: string): boolean {
  return typed.trim() === name.trim();
}

export function DeleteCampaignDialog({
  campaign,
  onDeleted,
  onClose,
}: {
  campaign: Campaign;
  onDeleted: (campaign: Campaign, deleted: DeletedCampaign) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const remove = useDeleteCampaign();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = remove.isPending;
  const ready = campaignNameMatches(typed, campaign.name);
  // Said once what is typed can no longer become the name, not at every keystroke on the way.
  const astray = typed.trim() !== '' && !campaign.name.trim().startsWith(typed.trim());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setError(null);
    try {
      onDeleted(campaign, await remove.mutateAsync(campaign._id));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Modal
      open
      size="sm"
      title={t('campaigns.deleteTitle')}
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
            {t(busy ? 'campaigns.deleting' : 'common.delete')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="break-words">
          {t('campaigns.deleteConfirm', { name: campaign.name, seconds: CAMPAIGN_UNDO_MS / 1000 })}
        </p>
        <TextField
          label={t('campaigns.deleteNameLabel', { name: campaign.name })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
          data-autofocus
          disabled={busy}
          error={astray ? t('campaigns.deleteNameMismatch') : undefined}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Modal>
  );
}

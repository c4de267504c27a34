// The sidebar's campaigns (docs/product.md#dashboard): the 'count / limit' counter, create, and per
// campaign select / expand, rename and delete — confirmed by typing the campaign's name, then undone
// from its toast for CAMPAIGN_UNDO_MS (decision 052).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, RotateCw } from 'lucide-react';
import { CAMPAIGN_UNDO_MS } from '@questkeeper/core/limits';
import type { DeletedCampaign } from '@questkeeper/core/schemas/campaigns';
import { useToast } from '@/components/toast/toast-store';
import { useCampaigns, type Campaign } from '@/lib/campaigns';
import { CampaignItem } from './components/campaign-item';
import { DeleteCampaignDialog } from './components/delete-campaign-dialog';
import { useCampaignCounter } from './api/use-campaign-counter';
import { useUndoDelete } from './hooks/use-undo-delete';

export function CampaignList({
  currentId,
  onSelect,
  onCreate,
  renderViews,
}: {
  currentId: string | null;
  onSelect: (campaign: Campaign) => void;
  onCreate: () => void;
  /** The views of the current campaign, listed under it while it is expanded. */
  renderViews: (campaign: Campaign) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const campaigns = useCampaigns();
  const { count, limit } = useCampaignCounter();
  const undoDelete = useUndoDelete(currentId, onSelect);
  const toast = useToast();
  /** The campaign whose delete dialog is open. */
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  /** The current campaign the user folded (the current one starts expanded). */
  const [foldedId, setFoldedId] = useState<string | null>(null);
  const headingId = 'campaigns-heading';
  const number = new Intl.NumberFormat(i18n.language);

  // The dashboard moves to the first remaining campaign, or to none (docs/product.md#campaigns); Undo brings
  // the campaign back exactly (the server kept it) and makes it current again.
  function onDeleted(campaign: Campaign, { undoToken }: DeletedCampaign) {
    setDeleting(null);
    toast.success(t('campaigns.deleted', { name: campaign.name }), {
      duration: CAMPAIGN_UNDO_MS,
      action: { label: t('common.undo'), onClick: () => void undoDelete(campaign, undoToken) },
    });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2 px-1">
        <h2
          id={headingId}
          className="flex items-baseline gap-2 font-sans text-xs font-semibold uppercase tracking-wider text-ink-muted"
        >
          {t('campaigns.heading')}
          <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold normal-case tracking-normal text-ink tabular-nums">
            <span aria-hidden="true">{`${number.format(count)} / ${number.format(limit)}`}</span>
            <span className="sr-only">{t('campaigns.counter', { count, limit })}</span>
          </span>
        </h2>
        <button
          type="button"
          onClick={onCreate}
          aria-label={t('campaigns.create')}
          title={t('campaigns.create')}
          className="inline-flex size-8 items-center justify-center rounded-control border border-line bg-surface text-brand hover:bg-surface-muted"
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>

      {campaigns.isPending ? (
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-1.5">
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-10 animate-pulse rounded-control bg-surface-muted" />
          ))}
        </div>
      ) : campaigns.isError ? (
        <div className="flex flex-col gap-2 px-1 text-sm">
          <p className="text-danger">{t('campaigns.loadError')}</p>
          <button
            type="button"
            onClick={() => void campaigns.refetch()}
            className="inline-flex items-center gap-1.5 self-start rounded-control font-medium text-brand underline underline-offset-2"
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('campaigns.retry')}
          </button>
        </div>
      ) : campaigns.data.length === 0 ? (
        <p className="px-1 text-sm text-ink-muted">{t('campaigns.none')}</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {campaigns.data.map((campaign) => {
            const current = campaign._id === currentId;
            const expanded = current && foldedId !== campaign._id;
            return (
              <CampaignItem
                key={campaign._id}
                campaign={campaign}
                current={current}
                expanded={expanded}
                onToggle={() => {
                  if (current) setFoldedId(expanded ? campaign._id : null);
                  else {
                    setFoldedId(null);
                    onSelect(campaign);
                  }
                }}
                onDelete={() => setDeleting(campaign)}
                // The dialog shows the delete under way.
                deleting={false}
                deleteDisabled={deleting !== null}
              >
                {renderViews(campaign)}
              </CampaignItem>
            );
          })}
        </ul>
      )}
      {deleting ? (
        <DeleteCampaignDialog campaign={deleting} onDeleted={onDeleted} onClose={() => setDeleting(null)} />
      ) : null}
    </section>
  );
}

// The sidebar's campaigns (spec §2 "Dashboard"): the 'count / limit' counter, create, and per
// campaign select / expand, rename and delete — confirmed by typing the campaign's name, then undone
// from its toast for CAMPAIGN_UNDO_MS (issue #29 item 13, decision 052).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus, RotateCw } from 'lucide-react';
import { CAMPAIGN_UNDO_MS, type DeletedCampaign } from '@questkeeper/core/schemas/campaigns';
import { useToast } from '@/components/toast/toast-store';
import { errorMessage } from '@/lib/api-client';
import { restoreCampaign, useCampaigns, type Campaign } from '@/lib/campaigns';
import { CampaignItem } from './campaign-item';
import { DeleteCampaignDialog } from './delete-campaign-dialog';
import { useCampaignCounter } from './use-campaign-counter';

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

  // The dashboard moves to the first remaining campaign, or to none (spec §4); Undo brings the
  // campaign back exactly (the server kept it) and makes it current again.
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

/**
 * The Undo of a delete. Not a mutation hook's callbacks: the toast outlives this list when the sidebar
 * changes layout (rail, drawer), and callbacks of an unmounted hook never run; the latest
 * `currentId` and `onSelect` are read through a ref.
 */
function useUndoDelete(currentId: string | null, onSelect: (campaign: Campaign) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const latest = useRef({ currentId, onSelect });
  useEffect(() => {
    latest.current = { currentId, onSelect };
  }, [currentId, onSelect]);
  return useCallback(
    async (campaign: Campaign, undoToken: string) => {
      try {
        const back = await restoreCampaign(campaign._id, undoToken);
        // With no campaign left the dashboard takes the one that comes back by itself; sending it
        // there too would be a navigation to the URL shown, which starts the page (and its toasts)
        // afresh. With another one current, Undo goes back to the restored campaign.
        const elsewhere = latest.current.currentId !== null;
        // What was read of the campaign before (units, fight, player view) is read afresh when shown;
        // the list is read now, so the dashboard finds the campaign it is sent to.
        queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(campaign._id) });
        await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
        toast.success(t('campaigns.restored', { name: back.name }));
        if (elsewhere) latest.current.onSelect(back);
      } catch (failure) {
        toast.error(t('campaigns.restoreFailed', { name: campaign.name, message: errorMessage(failure) }));
      }
    },
    [queryClient, t, toast],
  );
}

// One campaign of the sidebar (docs/product.md#dashboard, #campaigns): select / expand, inline rename, its
// files (docs/decisions/024), delete.
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Check, ChevronRight, Pencil, Trash, X } from 'lucide-react';
import { NAME_MAX } from '@questkeeper/core/limits';
import { useToast } from '@/components/toast/toast-store';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useUpdateCampaign, type Campaign } from '@/lib/campaigns';
import { CampaignFileMenu } from './campaign-file-menu';

const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-control text-ink-muted ' +
  'hover:bg-surface hover:text-ink disabled:cursor-not-allowed disabled:opacity-50';

/** The id of a campaign's select button, for focus to come back to it after a navigation. */
export function campaignButtonId(campaign: Campaign): string {
  return `campaign-${campaign._id}`;
}

export function CampaignItem({
  campaign,
  current,
  expanded,
  onToggle,
  onDelete,
  deleting,
  deleteDisabled,
  children,
}: {
  campaign: Campaign;
  current: boolean;
  expanded: boolean;
  /** Selects the campaign, or expands / collapses it when it is the current one. */
  onToggle: () => void;
  onDelete: () => void;
  deleting: boolean;
  deleteDisabled: boolean;
  /** The views of the campaign, shown while it is current and expanded. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const update = useUpdateCampaign();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(campaign.name);
  const [error, setError] = useState<string | null>(null);
  const pencil = useRef<HTMLButtonElement>(null);
  const viewsId = `campaign-views-${campaign._id}`;
  const errorId = `campaign-rename-error-${campaign._id}`;

  function startEditing() {
    setDraft(campaign.name);
    setError(null);
    setEditing(true);
  }

  function stopEditing() {
    flushSync(() => {
      setEditing(false);
      setError(null);
    });
    pencil.current?.focus();
  }

  async function save() {
    const name = draft.trim();
    // docs/product.md#behaviour, #validation: a blank or unchanged name is ignored.
    if (name === '' || name === campaign.name) {
      stopEditing();
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({ id: campaign._id, changes: { name } });
      stopEditing();
      toast.success(t('campaigns.renamed', { name }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      // Only the rename ends; the drawer (or a dialog) around it stays open.
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    }
  }

  return (
    <li>
      {editing ? (
        <div className="rounded-control bg-surface-muted p-1.5">
          <div className="flex items-center gap-1">
            <input
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              onFocus={(event) => event.currentTarget.select()}
              maxLength={NAME_MAX}
              autoFocus
              disabled={update.isPending}
              aria-label={t('campaigns.renameLabel')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="h-9 min-w-0 flex-1 rounded-control border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-offset-0"
            />
            <button
              type="button"
              className={iconButton}
              onClick={() => void save()}
              disabled={update.isPending}
              aria-label={t('campaigns.saveName')}
              title={t('campaigns.saveName')}
            >
              {update.isPending ? <Spinner /> : <Check aria-hidden="true" className="size-4" />}
            </button>
            <button
              type="button"
              className={iconButton}
              onClick={stopEditing}
              disabled={update.isPending}
              aria-label={t('campaigns.cancelRename')}
              title={t('campaigns.cancelRename')}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="mt-1 px-1 text-xs text-danger">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <div
          className={
            'group flex items-center gap-0.5 rounded-control pr-1 ' +
            (current ? 'bg-surface-muted' : 'hover:bg-surface-muted')
          }
        >
          <button
            type="button"
            id={campaignButtonId(campaign)}
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={expanded ? viewsId : undefined}
            aria-current={current ? 'true' : undefined}
            className="flex min-h-10 min-w-0 flex-1 items-center gap-1.5 rounded-control py-2 pl-1.5 pr-1 text-left text-sm"
          >
            <ChevronRight
              aria-hidden="true"
              className={`size-4 shrink-0 text-ink-muted transition-transform ${expanded ? 'rotate-90' : ''}`}
            />
            <span className={`line-clamp-2 break-words ${current ? 'font-semibold text-ink' : 'text-ink'}`}>
              {campaign.name}
            </span>
          </button>
          <button
            ref={pencil}
            type="button"
            className={iconButton}
            onClick={startEditing}
            aria-label={t('campaigns.rename', { name: campaign.name })}
            title={t('campaigns.rename', { name: campaign.name })}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <CampaignFileMenu campaign={campaign} className={iconButton} />
          <button
            type="button"
            className={iconButton}
            onClick={onDelete}
            disabled={deleteDisabled}
            aria-busy={deleting || undefined}
            aria-label={t('campaigns.delete', { name: campaign.name })}
            title={t('campaigns.delete', { name: campaign.name })}
          >
            {deleting ? <Spinner /> : <Trash aria-hidden="true" className="size-4" />}
          </button>
        </div>
      )}
      {expanded && current ? (
        <div id={viewsId} className="mb-1 mt-0.5 pl-3">
          {children}
        </div>
      ) : null}
    </li>
  );
}

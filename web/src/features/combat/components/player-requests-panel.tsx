// The game master's queue of players' requests (docs/product.md#players-take-part): a badge with the
// count (said politely to screen readers as it changes) that opens a panel; each request says whose
// player asks what, with Approve (applied as one action at the fight's version, logged and undoable)
// and Reject (a short reason sent back to the phone). Typed initiatives are not here: the start
// dialog fills them in.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Check, ChevronDown, ChevronUp, Inbox, X } from 'lucide-react';
import { PLAYER_REQUEST_REASON_MAX } from '@questkeeper/core/limits';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useUserId } from '@/lib/query-client';
import {
  approvePlayerRequest,
  playerRequestKeys,
  rejectPlayerRequest,
  usePlayerRequests,
  type GmPlayerRequest,
} from '@/lib/player-requests';

function requestText(request: GmPlayerRequest, t: TFunction) {
  const name = request.as.name;
  const target = request.target?.name ?? '';
  switch (request.kind) {
    case 'damage':
      return t('playerRequests.gm.damage', { amount: request.amount ?? '', target });
    case 'heal':
      return t('playerRequests.gm.heal', { amount: request.amount ?? '', target });
    case 'condition':
      return request.rounds === null
        ? t('playerRequests.gm.condition', { condition: request.condition ?? '', name })
        : t('playerRequests.gm.conditionRounds', {
            condition: request.condition ?? '',
            name,
            count: request.rounds,
          });
    case 'endTurn':
      return t('playerRequests.gm.endTurn', { name });
    default:
      return t('playerRequests.lines.initiative', { initiative: request.initiative ?? 0 });
  }
}

function RequestItem({
  request,
  campaignId,
  version,
}: {
  request: GmPlayerRequest;
  campaignId: string;
  version: number | undefined;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const userId = useUserId();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reread = () => client.invalidateQueries({ queryKey: playerRequestKeys.queue(userId, campaignId) });

  const run = async (kind: 'approve' | 'reject', call: () => Promise<unknown>) => {
    setBusy(kind);
    setError(null);
    try {
      await call();
      await reread();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('common.genericError'));
      setBusy(null);
    }
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    void run('reject', () => rejectPlayerRequest(campaignId, request._id, reason));
  };
  const from = t('playerRequests.gm.from', { name: request.as.name });

  return (
    <li className="flex flex-col gap-2 px-3 py-3" data-request-kind={request.kind}>
      <p className="min-w-0">
        <span className="block text-sm font-medium text-ink-muted">{from}</span>
        <span className="block font-medium break-words">{requestText(request, t)}</span>
      </p>
      {rejecting ? (
        <form onSubmit={reject} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField
            className="min-w-0 flex-1"
            label={t('playerRequests.gm.reason')}
            maxLength={PLAYER_REQUEST_REASON_MAX}
            autoComplete="off"
            value={reason}
            autoFocus
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" loading={busy === 'reject'}>
              {t('playerRequests.gm.sendReject')}
            </Button>
            <Button variant="secondary" disabled={busy !== null} onClick={() => setRejecting(false)}>
              {t('playerRequests.gm.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            loading={busy === 'approve'}
            disabled={busy !== null || version === undefined}
            aria-label={t('playerRequests.gm.approveOf', { name: request.as.name })}
            icon={<Check aria-hidden="true" className="size-4" />}
            onClick={() =>
              void run('approve', () => approvePlayerRequest(campaignId, request._id, version ?? 0))
            }
          >
            {t('playerRequests.gm.approve')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy !== null}
            aria-label={t('playerRequests.gm.rejectOf', { name: request.as.name })}
            icon={<X aria-hidden="true" className="size-4" />}
            onClick={() => setRejecting(true)}
          >
            {t('playerRequests.gm.reject')}
          </Button>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}

export function PlayerRequestsPanel({
  campaignId,
  version,
}: {
  campaignId: string;
  version: number | undefined;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const query = usePlayerRequests(campaignId);
  const queue = (query.data ?? []).filter((request) => request.kind !== 'initiative');
  const [open, setOpen] = useState(true);
  const count = queue.length;

  return (
    <section aria-label={t('playerRequests.gm.title')} className="flex flex-col gap-2">
      {/* Said once per change of the count, politely, wherever the focus is. */}
      <p role="status" aria-live="polite" className="sr-only">
        {query.isSuccess ? t('playerRequests.gm.announce', { count }) : ''}
      </p>
      {count === 0 ? null : (
        <>
          <Button
            variant="secondary"
            className="self-start"
            aria-expanded={open}
            aria-controls={panelId}
            icon={<Inbox aria-hidden="true" className="size-4" />}
            onClick={() => setOpen((value) => !value)}
          >
            {t('playerRequests.gm.title')}
            <span className="rounded-full bg-brand px-2 py-0.5 text-sm font-semibold text-on-brand">
              <span aria-hidden="true">{count}</span>
              <span className="sr-only">{t('playerRequests.gm.badge', { count })}</span>
            </span>
            {open ? (
              <ChevronUp aria-hidden="true" className="size-4" />
            ) : (
              <ChevronDown aria-hidden="true" className="size-4" />
            )}
          </Button>
          {open ? (
            <ul
              id={panelId}
              aria-label={t('playerRequests.gm.title')}
              className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface shadow-card"
            >
              {queue.map((request) => (
                <RequestItem key={request._id} request={request} campaignId={campaignId} version={version} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}

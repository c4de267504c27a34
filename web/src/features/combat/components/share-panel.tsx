// The game master's side of the live player view (decisions 028, 032 and 050), folded under
// one button of the combat view: the read-only link (create, copy, QR code, open, replace, revoke) and
// what players see (player-view-settings.tsx). The server keeps the link sealed and shows it again to
// its owner on any device after a reload, with the number of player pages watching it,
// read again every few seconds while the panel is open; "New link" says how many it disconnects.
import { memo, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ChevronDown,
  Copy,
  ExternalLink,
  Eye,
  Link2,
  QrCode as QrIcon,
  RefreshCw,
  Share2,
  Unlink,
} from 'lucide-react';
import { toast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import {
  createShareLink,
  playerViewKeys,
  revokeShareLink,
  useShareLink,
  type ShareLinkState,
} from '@/lib/player-view';
import { useUserId } from '@/lib/query-client';
import type { Unit } from '@/lib/units';
import { PlayerViewSettingsForm } from './player-view-settings';
import { QrCode } from './qr-code';
import { RevealsPanel } from './reveals-panel';

type Busy = 'create' | 'renew' | 'revoke' | null;

export const SharePanel = memo(function SharePanel({
  campaignId,
  units,
}: {
  campaignId: string;
  units: readonly Pick<Unit, '_id' | 'name'>[];
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const linkId = useId();
  const [open, setOpen] = useState(false);
  const link = useShareLink(campaignId, open);
  const queryClient = useQueryClient();
  const linkKey = playerViewKeys.link(useUserId(), campaignId);
  const [showQr, setShowQr] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirm();
  const url = link.data?.url ?? null;
  const watching = link.data?.watching ?? 0;
  // A new link hides the QR code of the old one.
  useEffect(() => {
    if (url === null) setShowQr(false);
  }, [url]);

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(t('playerView.share.failed', { message: errorMessage(failure) }));
    } finally {
      setBusy(null);
    }
  };
  const known = (next: ShareLinkState) => queryClient.setQueryData(linkKey, next);

  const create = (kind: 'create' | 'renew') =>
    run(kind, async () => {
      const answer = await createShareLink(campaignId);
      known({ url: answer.url, live: true, watching: 0 });
      toast.success(t('playerView.share.created'));
    });

  const renew = async () => {
    // The count as it is now, not as it was at the last poll.
    const fresh = await link.refetch();
    const count = fresh.data?.watching ?? watching;
    const ok = await confirm({
      title: t('playerView.share.renewTitle'),
      message: t('playerView.share.renewMessage', { count }),
      confirmLabel: t('playerView.share.renewConfirm'),
      tone: 'primary',
    });
    if (ok) await create('renew');
  };

  const revoke = async () => {
    const ok = await confirm({
      title: t('playerView.share.revokeTitle'),
      message: t('playerView.share.revokeMessage'),
      confirmLabel: t('playerView.share.revokeConfirm'),
    });
    if (!ok) return;
    await run('revoke', async () => {
      await revokeShareLink(campaignId);
      known({ url: null, live: false, watching: 0 });
      toast.success(t('playerView.share.revoked'));
    });
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('playerView.share.copied'));
    } catch {
      toast.error(t('playerView.share.copyFailed'));
      const field = document.getElementById(linkId);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
    }
  };

  const revokeButton = (
    <Button
      size="sm"
      variant="danger"
      loading={busy === 'revoke'}
      disabled={busy !== null}
      icon={<Unlink aria-hidden="true" className="size-4" />}
      onClick={() => void revoke()}
    >
      {t('playerView.share.revoke')}
    </Button>
  );
  const renewButton = (
    <Button
      size="sm"
      variant="secondary"
      loading={busy === 'renew'}
      disabled={busy !== null}
      icon={<RefreshCw aria-hidden="true" className="size-4" />}
      onClick={() => void renew()}
    >
      {t('playerView.share.renew')}
    </Button>
  );
  const watchers = (
    <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      {t('playerView.share.watching', { count: watching })}
    </p>
  );

  const linkPart = () => {
    if (link.isPending) {
      return (
        <p className="flex items-center gap-2 text-ink-muted">
          <Spinner className="size-4" />
          {t('common.loading')}
        </p>
      );
    }
    if (link.isError && !link.data) {
      return (
        <Alert tone="error">
          <p>{t('playerView.share.failed', { message: errorMessage(link.error) })}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void link.refetch()}>
            {t('playerView.settings.retry')}
          </Button>
        </Alert>
      );
    }
    if (url) {
      return (
        <div className="flex flex-col gap-3">
          <label htmlFor={linkId} className="text-sm font-medium">
            {t('playerView.share.link')}
          </label>
          <input
            id={linkId}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 w-full min-w-0 rounded-control border border-line bg-surface-muted px-3 font-mono text-sm text-ink"
          />
          {watchers}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              icon={<Copy aria-hidden="true" className="size-4" />}
              onClick={() => void copy()}
            >
              {t('playerView.share.copy')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-expanded={showQr}
              icon={<QrIcon aria-hidden="true" className="size-4" />}
              onClick={() => setShowQr((was) => !was)}
            >
              {showQr ? t('playerView.share.hideQr') : t('playerView.share.showQr')}
            </Button>
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex h-9 items-center gap-2 rounded-control border border-line bg-surface px-3 text-sm font-medium text-ink hover:bg-surface-muted"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('playerView.share.open')}
            </a>
            {renewButton}
            {revokeButton}
          </div>
          {showQr ? (
            <QrCode value={url} label={t('playerView.share.qrAlt')} className="size-64 max-w-full p-2" />
          ) : null}
        </div>
      );
    }
    if (link.data?.live) {
      // A link made before links were kept: it works, but only a new one can be shown.
      return (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-ink-muted">{t('playerView.share.oldLink')}</p>
          {watchers}
          <div className="flex flex-wrap gap-2">
            {renewButton}
            {revokeButton}
          </div>
        </div>
      );
    }
    return (
      <div className="flex flex-col items-start gap-2">
        <Button
          loading={busy === 'create'}
          disabled={busy !== null}
          icon={<Link2 aria-hidden="true" className="size-4" />}
          onClick={() => void create('create')}
        >
          {t('playerView.share.create')}
        </Button>
        <p className="text-sm text-ink-muted">{t('playerView.share.unknownLink')}</p>
      </div>
    );
  };

  return (
    <section className="rounded-card border border-line bg-surface shadow-card">
      <h3 className="font-sans text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          className="flex min-h-11 w-full items-center gap-2 rounded-card px-4 py-2 text-left font-semibold hover:bg-surface-muted"
        >
          <Share2 aria-hidden="true" className="size-5 shrink-0 text-brand" />
          <span className="min-w-0 flex-1">{t('playerView.share.show')}</span>
          <ChevronDown
            aria-hidden="true"
            className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="flex flex-col gap-5 border-t border-line px-4 py-4">
        <p className="text-ink-muted">{t('playerView.share.intro')}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {open ? linkPart() : null}
        {open && !link.isPending ? (
          <RevealsPanel campaignId={campaignId} live={link.data?.live === true} />
        ) : null}
        {open ? <PlayerViewSettingsForm campaignId={campaignId} units={units} /> : null}
      </div>
      {confirm.dialog}
    </section>
  );
});

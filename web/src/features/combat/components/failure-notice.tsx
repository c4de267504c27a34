// A change that did not go through: why (a conflict, a refusal, the server out of
// reach), Retry for the very same action (sent with the fight's newest version), and an offline
// indicator that clears itself. It floats over the top of the screen: a failure never pushes the
// fight down under the GM's pointer (the in-flow banner moved it 65 px).
import { useTranslation } from 'react-i18next';
import { CircleAlert, Info, RotateCcw, WifiOff, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { isUnreachable, type QueueFailure } from '../api/combat';

interface FailureNoticeProps {
  notice: QueueFailure | null;
  offline: boolean;
  /** A retry is on its way. */
  retrying: boolean;
  onRetry: () => void;
  onDismiss: () => void;
}

export function FailureNotice({ notice, offline, retrying, onRetry, onDismiss }: FailureNoticeProps) {
  const { t } = useTranslation();
  const unreachable = notice?.kind === 'refused' && isUnreachable(notice.error);
  const message = !notice
    ? null
    : notice.kind === 'conflict'
      ? t('combat.conflict')
      : unreachable
        ? t('combat.failure.offlineRetry')
        : t('combat.refused', { message: errorMessage(notice.error) });
  const keeps = notice?.action?.type === 'attack' || notice?.action?.type === 'heal';
  const Icon = notice?.kind === 'conflict' ? Info : CircleAlert;
  return (
    <div
      data-testid="combat-failure"
      className="pointer-events-none fixed inset-x-2 top-2 z-40 mx-auto flex max-w-xl flex-col items-stretch gap-2"
    >
      {offline && !unreachable ? (
        <p
          role="status"
          className="pointer-events-auto mx-auto flex items-center gap-2 rounded-full border border-danger/40 bg-danger-soft px-3 py-1 text-sm font-medium text-danger shadow-card"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {t('combat.failure.offline')}
        </p>
      ) : null}
      {notice && message ? (
        <div
          role="alert"
          className={`pointer-events-auto flex items-start gap-2 rounded-control border px-3 py-2 text-sm shadow-card ${
            notice.kind === 'conflict'
              ? 'border-line bg-surface text-ink'
              : 'border-danger/40 bg-danger-soft text-danger'
          }`}
        >
          {unreachable ? (
            <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-2">
            <p className="min-w-0 flex-1 basis-60">
              {message}
              {keeps ? ` ${t('combat.failure.kept')}` : null}
            </p>
            <div className="flex shrink-0 gap-2">
              {notice.action ? (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={retrying}
                  onClick={onRetry}
                  icon={<RotateCcw aria-hidden="true" className="size-4" />}
                >
                  {t('combat.failure.retry')}
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                onClick={onDismiss}
                aria-label={t('combat.dismiss')}
                title={t('combat.dismiss')}
                icon={<X aria-hidden="true" className="size-4" />}
              />
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}

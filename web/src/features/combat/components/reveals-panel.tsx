// "Revealed to players" (issue 34, docs/decisions/064), inside the share panel: what players see now
// besides the fight, newest first, with the count against the plan's limit, a Hide button per reveal
// and the way to write a handout. Reveals need a live link; without one it says so.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeOff, ScrollText } from 'lucide-react';
import { toast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { campaignImageUrl, useGmImage } from '@/lib/images';
import { useHideReveal, useReveals } from '@/lib/reveals';
import { HandoutDialog } from './handout-dialog';

export function RevealsPanel({ campaignId, live }: { campaignId: string; live: boolean }) {
  const { t } = useTranslation();
  const reveals = useReveals(campaignId, live);
  const hide = useHideReveal(campaignId);
  const [writing, setWriting] = useState(false);
  const handoutButton = useRef<HTMLElement | null>(null);
  const time = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'short', timeStyle: 'short' });

  const hideOne = async (revealId: string) => {
    try {
      await hide.mutateAsync(revealId);
      toast.success(t('reveals.hidden'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const list = () => {
    if (reveals.isPending) {
      return (
        <p className="flex items-center gap-2 text-ink-muted">
          <Spinner className="size-4" />
          {t('common.loading')}
        </p>
      );
    }
    if (reveals.isError) {
      return (
        <Alert tone="error">
          <p>{t('reveals.panel.loadFailed', { message: errorMessage(reveals.error) })}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void reveals.refetch()}>
            {t('reveals.panel.retry')}
          </Button>
        </Alert>
      );
    }
    const { reveals: items, limit } = reveals.data;
    return (
      <>
        <p className="text-sm text-ink-muted">{t('reveals.panel.count', { count: items.length, limit })}</p>
        {items.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('reveals.panel.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
            {items.map((reveal) => (
              <li key={reveal._id} className="flex items-center gap-3 px-3 py-2">
                {reveal.imageId ? (
                  <RevealImage campaignId={campaignId} imageId={reveal.imageId} title={reveal.title} />
                ) : null}
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{reveal.title}</p>
                  <p className="text-xs text-ink-muted">
                    {t(`reveals.kinds.${reveal.kind}`)} ·{' '}
                    {t('reveals.panel.revealedAt', { time: time.format(new Date(reveal.revealedAt)) })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('reveals.panel.hideNamed', { title: reveal.title })}
                  loading={hide.isPending && hide.variables === reveal._id}
                  onClick={() => void hideOne(reveal._id)}
                  icon={<EyeOff aria-hidden="true" className="size-4" />}
                >
                  {t('reveals.panel.hide')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  };

  return (
    <section aria-label={t('reveals.panel.title')} className="flex flex-col gap-3 border-t border-line pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-sans text-base font-semibold">{t('reveals.panel.title')}</h4>
        {live ? (
          <Button
            size="sm"
            variant="secondary"
            aria-haspopup="dialog"
            onClick={(event) => {
              handoutButton.current = event.currentTarget;
              setWriting(true);
            }}
            icon={<ScrollText aria-hidden="true" className="size-4" />}
          >
            {t('reveals.handout.open')}
          </Button>
        ) : null}
      </div>
      {live ? list() : <p className="text-sm text-ink-muted">{t('reveals.panel.noLink')}</p>}
      <HandoutDialog
        campaignId={campaignId}
        open={writing}
        onClose={() => {
          setWriting(false);
          requestAnimationFrame(() => handoutButton.current?.focus());
        }}
      />
    </section>
  );
}

/** A revealed image, as players see it (a handout's, a unit's portrait copy), read with the GM's token. */
function RevealImage({ campaignId, imageId, title }: { campaignId: string; imageId: string; title: string }) {
  const { t } = useTranslation();
  // An image id names one stored image for good: no ETag to key on.
  const image = useGmImage(campaignImageUrl(campaignId, imageId), null, { campaignId });
  return (
    <span className="inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-control border border-line bg-surface-muted">
      {image.src ? (
        <img
          src={image.src}
          alt={t('reveals.player.imageOf', { title })}
          className="size-full object-cover"
        />
      ) : image.isLoading ? (
        <Spinner className="size-4" />
      ) : null}
    </span>
  );
}

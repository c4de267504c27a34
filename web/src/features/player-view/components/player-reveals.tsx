// What the game master revealed (issue 34, docs/decisions/064): a card per reveal, newest first —
// its title, its image, its text rendered by the app's markdown renderer (raw HTML shown as text) —
// each opened in a dialog that fills the screen (for the table screen), closed with Escape, the focus
// back on the card's button. The server sends snapshots without secret blocks; nothing is hidden here.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Maximize2 } from 'lucide-react';
import type { PlayerReveal } from '@questkeeper/core/schemas/reveals';
import { MarkdownPreview } from '@/components/markdown-editor/markdown-preview';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

function RevealBody({ reveal, full }: { reveal: PlayerReveal; full: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {reveal.imageUrl ? (
        <img
          src={reveal.imageUrl}
          alt={t('reveals.player.imageOf', { title: reveal.title })}
          referrerPolicy="no-referrer"
          className={
            'w-full rounded-control border border-line bg-surface-muted object-contain ' +
            (full ? 'max-h-[75dvh]' : 'max-h-64')
          }
        />
      ) : null}
      {/\S/.test(reveal.text) ? <MarkdownPreview source={reveal.text} /> : null}
    </>
  );
}

export function PlayerReveals({ revealed }: { revealed: readonly PlayerReveal[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [openId, setOpenId] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = openId === null ? undefined : revealed.find((reveal) => reveal.id === openId);
  // A new reveal at the top is said once to screen readers (not the ones the page opened with).
  const newest = revealed[0];
  const [known, setKnown] = useState(newest?.id ?? null);
  const [announced, setAnnounced] = useState('');
  if ((newest?.id ?? null) !== known) {
    setKnown(newest?.id ?? null);
    setAnnounced(newest ? t('reveals.player.announce', { title: newest.title }) : '');
  }

  // Hidden by the game master while open: the dialog goes with it.
  useEffect(() => {
    if (openId !== null && !open) close();
  });

  function close() {
    setOpenId(null);
    // The dialog leaves the page with its state: the focus goes back to the button that opened it.
    const target = opener.current;
    opener.current = null;
    requestAnimationFrame(() => {
      if (target?.isConnected) target.focus();
    });
  }

  const status = (
    <p role="status" className="sr-only">
      {announced}
    </p>
  );
  if (revealed.length === 0) return status;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      {status}
      <h2 id={headingId} className="text-xl font-semibold">
        {t('reveals.player.title')}
      </h2>
      <ol className="grid gap-3 sm:grid-cols-2">
        {revealed.map((reveal) => (
          <li key={reveal.id} className="min-w-0">
            <article
              aria-label={reveal.title}
              className="flex h-full min-w-0 flex-col gap-2 rounded-card border border-line bg-surface p-3 shadow-card"
            >
              <div className="flex min-w-0 items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                    {t(`reveals.kinds.${reveal.kind}`)}
                  </p>
                  <h3 className="font-sans text-lg font-semibold break-words">{reveal.title}</h3>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="w-9 shrink-0 px-0"
                  aria-label={t('reveals.player.open', { title: reveal.title })}
                  title={t('reveals.player.open', { title: reveal.title })}
                  aria-haspopup="dialog"
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setOpenId(reveal.id);
                  }}
                  icon={<Maximize2 aria-hidden="true" className="size-4" />}
                />
              </div>
              {/* Long texts are cut on the card; the full-screen dialog shows all of it. */}
              <div className="relative max-h-80 min-w-0 overflow-hidden">
                <RevealBody reveal={reveal} full={false} />
              </div>
            </article>
          </li>
        ))}
      </ol>
      {open ? (
        <Modal open fullscreen title={open.title} onClose={close}>
          <div className="mx-auto flex max-w-4xl flex-col gap-4 text-lg">
            <RevealBody reveal={open} full />
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

// The guided first fight's checklist (docs/product.md#guided-first-fight, docs/decisions/068): a card at
// the top of the dashboard's view while the guide is neither closed nor finished-and-closed. Steps tick
// themselves (the server records the real actions); each new tick is announced politely. The card starts
// folded to one line (the next step and its button) so it never pushes the view's own content below the
// fold; unfolded, only the next step says where to click. The close button or Escape inside it closes
// it for good, on the server, and the help menu opens it again, unfolded.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronUp, Circle, CircleCheck, PartyPopper, X } from 'lucide-react';
import { GUIDE_STEPS, nextGuideStep, type GuideStep } from '@questkeeper/core/guide/steps';
import { Button } from '@/components/ui/button';
import { useGuide, useGuideChange, useGuideRefresh } from '@/lib/guide';

/** Where a step's button takes the game master: a view of the current campaign, or the New campaign dialog. */
export type GuideTarget = 'newCampaign' | 'rules' | 'encounters' | 'combat';
const TARGETS: Record<GuideStep, GuideTarget> = {
  demo: 'newCampaign',
  secret: 'rules',
  encounter: 'encounters',
  dice: 'combat',
  undo: 'combat',
  phone: 'combat',
};

/** Whether the game master unfolded the card last (kept on this device): it starts as one line. */
const OPEN_KEY = 'questkeeper.guide.open';
function startsFolded(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) !== '1';
  } catch {
    return true;
  }
}
function rememberFolded(folded: boolean) {
  try {
    localStorage.setItem(OPEN_KEY, folded ? '0' : '1');
  } catch {
    // Storage blocked: the card starts folded next time.
  }
}

export function GuidePanel({
  onGo,
  canGo,
  focusRequest,
  onClosed,
}: {
  /** Takes the game master where the step is done. */
  onGo: (target: GuideTarget) => void;
  /** Whether a target can be reached now (a campaign's view needs a campaign). */
  canGo: (target: GuideTarget) => boolean;
  /** Changes when the help menu reopens the guide: the card unfolds and takes focus. */
  focusRequest: number;
  /** After the card closed itself (focus then goes to the help menu). */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const guide = useGuide();
  const change = useGuideChange();
  const state = guide.data;
  useGuideRefresh(state);
  const [folded, setFolded] = useState(startsFolded);
  const [announcement, setAnnouncement] = useState('');
  const cardRef = useRef<HTMLElement>(null);

  const done = state?.done ?? [];
  const total = GUIDE_STEPS.length;
  const next = nextGuideStep(done);

  // Announce the steps that ticked since the last answer (not those done before the page opened).
  const [known, setKnown] = useState<readonly GuideStep[] | undefined>(state?.done);
  if (state && state.done !== known) {
    setKnown(state.done);
    const last = known ? state.done.filter((step) => !known.includes(step)).at(-1) : undefined;
    if (last) {
      const ticked = t('guide.ticked', {
        step: t(`guide.steps.${last}.title`),
        done: state.done.length,
        total,
      });
      setAnnouncement(state.done.length === total ? `${ticked} ${t('guide.completeTitle')}` : ticked);
    }
  }

  // The help menu reopened it: unfolded now, focused once on screen.
  const [handled, setHandled] = useState(focusRequest);
  if (focusRequest !== handled) {
    setHandled(focusRequest);
    setFolded(false);
    rememberFolded(false);
  }
  useEffect(() => {
    if (focusRequest !== 0) cardRef.current?.focus();
  }, [focusRequest, state?.dismissed]);

  function close() {
    // One PATCH: a second click or Escape while the first is on its way does nothing.
    if (change.isPending) return;
    change.mutate({ dismissed: true });
    setAnnouncement(t('guide.closed'));
    onClosed();
  }

  const visible = state !== undefined && !state.dismissed;
  // A finished list always shows its "all done" and its Close button.
  const showBody = !folded || next === null;
  const nextTarget = next ? TARGETS[next] : null;
  const bodyId = 'guide-steps';
  return (
    <>
      {/* Always mounted, so a tick or the closing is heard even while the card is folded or gone. */}
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {visible ? (
        <section
          ref={cardRef}
          tabIndex={-1}
          aria-labelledby="guide-title"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || event.defaultPrevented) return;
            event.preventDefault();
            close();
          }}
          className="rounded-card border border-brand/30 bg-surface shadow-card focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          data-guide-panel
        >
          <div className="flex items-center gap-2 px-4 py-3 sm:px-5">
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
              <h2 id="guide-title" className="text-lg font-semibold text-ink">
                {t('guide.title')}
              </h2>
              <span className="inline-flex items-center rounded-full bg-brand-soft px-2.5 py-0.5 text-sm font-semibold text-brand">
                <span aria-hidden="true">{t('guide.progress', { done: done.length, total })}</span>
                <span className="sr-only">{t('guide.progressLabel', { done: done.length, total })}</span>
              </span>
              {folded && next ? (
                <div className="flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                  <p className="min-w-0 text-sm text-ink-muted">
                    {t('guide.nextIs', { step: t(`guide.steps.${next}.title`) })}
                  </p>
                  {nextTarget && canGo(nextTarget) ? (
                    <Button variant="secondary" size="sm" onClick={() => onGo(nextTarget)}>
                      {t(`guide.steps.${next}.go`)}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </div>
            {next === null ? null : (
              <button
                type="button"
                onClick={() => {
                  rememberFolded(!folded);
                  setFolded(!folded);
                }}
                aria-expanded={showBody}
                aria-controls={bodyId}
                aria-label={showBody ? t('guide.fold') : t('guide.unfold')}
                title={showBody ? t('guide.fold') : t('guide.unfold')}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-ink hover:bg-surface-muted"
              >
                {!showBody ? (
                  <ChevronDown aria-hidden="true" className="size-5" />
                ) : (
                  <ChevronUp aria-hidden="true" className="size-5" />
                )}
              </button>
            )}
            <button
              type="button"
              onClick={close}
              aria-label={t('guide.close')}
              title={t('guide.close')}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-ink hover:bg-surface-muted"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div id={bodyId} hidden={!showBody} className="border-t border-line px-4 pb-4 pt-3 sm:px-5">
            {next === null ? (
              <div className="flex flex-col items-start gap-3">
                <p className="flex items-center gap-2 font-semibold text-ink">
                  <PartyPopper aria-hidden="true" className="size-5 text-gold" />
                  {t('guide.completeTitle')}
                </p>
                <p className="text-sm text-ink-muted">{t('guide.complete')}</p>
                <Button variant="secondary" size="sm" onClick={close}>
                  {t('guide.closeComplete')}
                </Button>
              </div>
            ) : (
              <>
                <p className="mb-3 text-sm text-ink-muted">{t('guide.intro')}</p>
                <ol className="flex flex-col gap-2">
                  {GUIDE_STEPS.map((step) => {
                    const ticked = done.includes(step);
                    const current = step === next;
                    const target = TARGETS[step];
                    return (
                      <li
                        key={step}
                        data-step={step}
                        data-done={ticked || undefined}
                        aria-current={current ? 'step' : undefined}
                        className={`flex gap-3 rounded-control px-2 py-2 ${current ? 'bg-brand-soft' : ''}`}
                      >
                        {ticked ? (
                          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                        ) : (
                          <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
                        )}
                        <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
                          <p className={`font-medium ${ticked ? 'text-ink-muted line-through' : 'text-ink'}`}>
                            <span className="sr-only">
                              {t(ticked ? 'guide.doneStep' : 'guide.toDoStep', {
                                step: t(`guide.steps.${step}.title`),
                              })}
                            </span>
                            <span aria-hidden="true">{t(`guide.steps.${step}.title`)}</span>
                          </p>
                          {current ? (
                            <p className="text-sm text-ink-muted">{t(`guide.steps.${step}.how`)}</p>
                          ) : null}
                          {current && canGo(target) ? (
                            <Button
                              variant="secondary"
                              size="sm"
                              className="mt-1"
                              onClick={() => onGo(target)}
                            >
                              {t(`guide.steps.${step}.go`)}
                            </Button>
                          ) : null}
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </>
            )}
          </div>
        </section>
      ) : null}
    </>
  );
}

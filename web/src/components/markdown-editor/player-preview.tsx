// "Preview as player" (docs/product.md#secret-blocks, docs/decisions/064): every rendered markdown view
// (MarkdownPreview) shows this toggle above a text holding secret blocks; pressed, the view renders
// core's stripSecrets of the text, the same stripping as everything sent to players, so the secret
// lines are not in the page at all. The state is shared by the views under a PlayerPreviewProvider
// (one page), else each view keeps its own.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye } from 'lucide-react';

type PreviewState = readonly [on: boolean, set: (on: boolean) => void];

const PlayerPreviewContext = createContext<PreviewState | null>(null);

/** One "Preview as player" state for every rendered markdown view inside. */
export function PlayerPreviewProvider({ children }: { children: ReactNode }) {
  const [on, setOn] = useState(false);
  return <PlayerPreviewContext.Provider value={[on, setOn]}>{children}</PlayerPreviewContext.Provider>;
}

/** The page's "Preview as player" state, or this view's own outside a provider. */
export function usePlayerPreview(): PreviewState {
  const shared = useContext(PlayerPreviewContext);
  const own = useState(false);
  return shared ?? own;
}

/**
 * The toggle: a small pressed/unpressed button, sticky at the top of the view's scroll box so a long
 * text keeps it at hand. Pressed, a quiet line says what players get.
 */
export function PlayerPreviewToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="qk-player-preview pointer-events-none sticky top-0 z-10 mb-2 flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
      {on ? (
        <p className="pointer-events-auto rounded-control bg-surface/90 px-1 text-sm text-ink-muted">
          {t('editor.playerPreviewOn')}
        </p>
      ) : null}
      <button
        type="button"
        aria-pressed={on}
        onClick={() => onChange(!on)}
        className={
          'pointer-events-auto inline-flex min-h-9 items-center gap-1.5 rounded-control border px-2.5 text-sm font-medium ' +
          'transition-colors ' +
          (on
            ? 'border-brand bg-brand-soft text-ink'
            : 'border-line bg-surface text-ink-muted hover:bg-surface-muted hover:text-ink')
        }
      >
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        {t('editor.playerPreview')}
      </button>
    </div>
  );
}

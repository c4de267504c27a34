// A unit's timed conditions in the fight (decision 021): each one as a chip that says its
// rounds left in words (not only a colour); hovering or focusing it shows the campaign's note for
// that status, rendered from its markdown.
import { lazy, memo, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import { roundsLeft } from '@questkeeper/core/combat/conditions';
import type { CombatCondition } from '@questkeeper/core/schemas/combat';

// The markdown renderer is a chunk of its own: a fight without notes never downloads it.
const MarkdownPreview = lazy(() =>
  import('@/components/markdown-editor/markdown-preview').then((module) => ({
    default: module.MarkdownPreview,
  })),
);

export function useConditionLabel() {
  const { t } = useTranslation();
  return (condition: CombatCondition) => {
    const left = roundsLeft(condition);
    return t('combat.conditions.chip', {
      status: condition.status,
      left:
        left === null ? t('combat.conditions.untilRemoved') : t('combat.conditions.left', { count: left }),
    });
  };
}

export const ConditionChips = memo(function ConditionChips({
  conditions,
  notes,
}: {
  conditions: readonly CombatCondition[];
  /** The campaign's status notes by status id. */
  notes: ReadonlyMap<string, string>;
}) {
  if (conditions.length === 0) return null;
  return (
    <ul className="relative z-10 flex min-w-0 shrink gap-1 overflow-hidden">
      {conditions.map((condition) => (
        <ConditionChip key={condition.id} condition={condition} note={notes.get(condition.statusId) ?? ''} />
      ))}
    </ul>
  );
});

function ConditionChip({ condition, note }: { condition: CombatCondition; note: string }) {
  const { t } = useTranslation();
  const id = useId();
  const label = useConditionLabel();
  // Fixed to the viewport, where the chip is: a row of the windowed list clips what overflows it.
  const [shown, setShown] = useState<{ left: number; top: number } | null>(null);
  const show = (element: HTMLElement) => {
    const box = (element.closest('li') ?? element).getBoundingClientRect();
    setShown({ left: box.left, top: box.top });
  };
  const left = roundsLeft(condition);
  return (
    <li
      className="relative shrink-0"
      onMouseEnter={(event) => show(event.currentTarget)}
      onMouseLeave={() => setShown(null)}
    >
      <button
        type="button"
        aria-describedby={shown ? `${id}-note` : undefined}
        onFocus={(event) => show(event.currentTarget)}
        onBlur={() => setShown(null)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setShown(null);
        }}
        className="inline-flex items-center gap-1 rounded-full border border-line bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink focus-visible:outline-2 focus-visible:outline-focus"
      >
        <Hourglass aria-hidden="true" className="size-3" />
        <span className="sr-only">{label(condition)}</span>
        <span aria-hidden="true">
          {condition.status}
          {left === null ? '' : ` · ${left}`}
        </span>
      </button>
      {shown ? (
        <div
          id={`${id}-note`}
          role="tooltip"
          style={{ left: Math.max(8, shown.left), top: shown.top - 4 }}
          className="fixed z-30 w-64 -translate-y-full max-w-[80vw] rounded-control border border-line bg-surface p-2 text-sm text-ink shadow-card"
        >
          <p className="mb-1 font-semibold">{label(condition)}</p>
          {note.trim() === '' ? (
            <p className="text-ink-muted">{t('combat.conditions.noNote')}</p>
          ) : (
            <Suspense fallback={<p className="whitespace-pre-line">{note}</p>}>
              {/* A tooltip: nothing in it can be pressed, so no "Preview as player" toggle. */}
              <MarkdownPreview source={note} playerPreview={false} />
            </Suspense>
          )}
        </div>
      ) : null}
    </li>
  );
}

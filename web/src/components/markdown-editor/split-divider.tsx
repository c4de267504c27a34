// The draggable bar between the text and the preview (docs/product.md#markdown-editor: 50/50 at first, each
// pane at least 50 px). A focusable WAI-ARIA window splitter: the arrows, Home and End resize it from the
// keyboard.
import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { GripVertical } from 'lucide-react';

export const SPLIT_MIN_PANE_PX = 50;
export const SPLIT_INITIAL = 50;
/** Percentage moved by one arrow key press. */
export const SPLIT_STEP = 5;

/** The share of the left pane (in %) kept so that each pane of a `width` px box keeps 50 px. */
export function clampSplit(ratio: number, width: number): number {
  if (width <= 2 * SPLIT_MIN_PANE_PX) return SPLIT_INITIAL;
  const min = (SPLIT_MIN_PANE_PX / width) * 100;
  return Math.min(100 - min, Math.max(min, ratio));
}

interface SplitDividerProps {
  /** Share of the left pane, in %. */
  ratio: number;
  onRatio: (ratio: number) => void;
  /** The box holding both panes and the divider. */
  containerRef: RefObject<HTMLElement | null>;
  /** Ids of the two panes. */
  controls: string;
  label: string;
}

export function SplitDivider({ ratio, onRatio, containerRef, controls, label }: SplitDividerProps) {
  const dragging = useRef(false);

  /** The width the panes share (the box without this bar) and where it starts. */
  const measure = (divider: HTMLElement) => {
    const box = containerRef.current?.getBoundingClientRect();
    const own = divider.getBoundingClientRect().width;
    return { left: (box?.left ?? 0) + own / 2, width: Math.max(0, (box?.width ?? 0) - own) };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { width } = measure(event.currentTarget);
    const next =
      event.key === 'ArrowLeft'
        ? ratio - SPLIT_STEP
        : event.key === 'ArrowRight'
          ? ratio + SPLIT_STEP
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 100
              : null;
    if (next === null) return;
    event.preventDefault();
    onRatio(clampSplit(next, width));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault(); // No text selection while dragging.
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragging.current = true;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const { left, width } = measure(event.currentTarget);
    if (width > 0) onRatio(clampSplit(((event.clientX - left) / width) * 100, width));
  };

  const stop = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={label}
      title={label}
      aria-controls={controls}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(ratio * 10) / 10}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onDoubleClick={() => onRatio(SPLIT_INITIAL)}
      className="hidden cursor-col-resize touch-none items-center justify-center border-x border-line bg-surface-muted text-ink-muted hover:bg-brand-soft hover:text-brand focus-visible:outline-offset-[-3px] md:flex"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </div>
  );
}

// A unit's small round portrait (issue 34, docs/decisions/064) on unit cards, the units table, fight rows
// and the initiative order: the portrait when the unit has one, else its initials. A list of 200 units
// stays cheap: an avatar reads its image only when the unit has a portrait and once it has come near the
// screen (one IntersectionObserver for every avatar), and a unit without one is a plain span of text.
import { memo, useEffect, useRef, useState, type RefObject } from 'react';
import { portraitUrl, useGmImage, type Portrait } from '@/lib/images';
import type { Unit } from '@/lib/units';

/** The initials of a name: the first letter of its first and last words ("Grask the Bold" → "GB"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  const letters = words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0]);
  return letters.toLocaleUpperCase();
}

// One observer for every avatar on the page; each element's callback runs once, when it comes in sight.
let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, () => void>();

function observe(element: Element, onVisible: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onVisible();
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        waiting.get(entry.target)?.();
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    // A screen ahead: scrolling shows portraits already read.
    { rootMargin: '100% 0px' },
  );
  waiting.set(element, onVisible);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/** Whether the element has been near the screen once (it stays true). */
function useSeen(ref: RefObject<Element | null>, watch: boolean): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!watch || seen || !element) return;
    return observe(element, () => setSeen(true));
  }, [ref, watch, seen]);
  return seen;
}

const SIZES = {
  xs: 'size-6 text-[0.625rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-24 text-2xl',
} as const;

export interface UnitAvatarProps {
  /** The unit's campaign (its `gameDataId` when left out). */
  campaignId?: string | undefined;
  unit: Pick<Unit, '_id' | 'name'> & Partial<Pick<Unit, 'gameDataId'>> & { portrait?: Portrait | null };
  size?: keyof typeof SIZES;
  className?: string;
}

/** The portrait (alt: the unit's name) or the initials; the initials are decoration beside the name. */
export const UnitAvatar = memo(function UnitAvatar({
  campaignId,
  unit,
  size = 'sm',
  className = '',
}: UnitAvatarProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const portrait = unit.portrait ?? null;
  const seen = useSeen(ref, portrait !== null);
  const campaign = campaignId ?? unit.gameDataId;
  const image = useGmImage(portrait ? portraitUrl(unit._id) : null, portrait?.etag ?? null, {
    enabled: seen,
    ...(campaign ? { campaignId: campaign } : {}),
  });
  const frame = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full border border-line bg-surface-muted font-semibold text-ink-muted select-none ${SIZES[size]} ${className}`;
  return (
    <span ref={ref} className={frame} data-portrait={portrait ? 'yes' : 'no'}>
      {image.src ? (
        <img src={image.src} alt={unit.name} className="size-full object-cover" draggable={false} />
      ) : (
        // Drawn by CSS from the attribute, so the initials are no part of the row's text: a row reads
        // (to a screen reader, to a test, to a copy) as the unit's name alone.
        <span
          aria-hidden="true"
          data-initials={initialsOf(unit.name)}
          className="before:content-[attr(data-initials)]"
        />
      )}
    </span>
  );
});

// An entry's name as its card heading; a class shows it on a chip of its colour (docs/product.md#campaign).
import { classColor, readableTextOn } from '@/lib/class-color';
import type { ListKind } from '../lib/list-access';

export function ClassChip({
  name,
  color,
  className = '',
}: {
  name: string;
  color?: string | undefined;
  className?: string;
}) {
  const background = classColor(color);
  return (
    <span
      // Bold 19 px counts as large text, so light text on the default #777777 (4.48:1) still reads
      // within WCAG AA; the colours are the user's own, hence inline styles rather than tokens.
      className={`inline-block max-w-full rounded-full px-3 py-0.5 text-[1.1875rem] leading-snug font-bold break-words ${className}`}
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      {name}
    </span>
  );
}

export function ItemName({
  kind,
  name,
  color,
  id,
}: {
  kind: ListKind;
  name: string;
  color?: string | undefined;
  id: string;
}) {
  return (
    <h3 id={id} className="min-w-0 text-lg font-semibold break-words">
      {kind === 'classes' ? <ClassChip name={name} color={color} /> : name}
    </h3>
  );
}

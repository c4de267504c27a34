// The initiative order of the fight (spec §4): rolled at start, sorted descending, the current unit
// marked (aria-current="step") and kept in sight inside the list as turns pass. Fallen units stay in
// the list, struck through; their turns are skipped.
import { memo, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { InitiativeEntry } from '@questkeeper/core/rules/combat';
import type { Unit } from '@/lib/units';
import { spacerStyle, useRowWindow } from './windowed-list';

/** Height of a row plus the gap, in rem (h-8 + gap-1). */
const ORDER_PITCH_REM = 2.25;

interface InitiativeOrderProps {
  order: readonly InitiativeEntry[];
  turnIndex: number;
  unitMap: ReadonlyMap<string, Unit>;
  allies: ReadonlySet<string>;
}

export const InitiativeOrder = memo(function InitiativeOrder({
  order,
  turnIndex,
  unitMap,
  allies,
}: InitiativeOrderProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const rows = useRowWindow(listRef, order.length, ORDER_PITCH_REM, 0.25, 36);

  // Scrolls the list, never the page, so the current unit stays visible.
  useEffect(() => {
    const list = listRef.current;
    if (!list || list.clientHeight === 0) return;
    const pitch =
      ORDER_PITCH_REM * (Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
    const top = turnIndex * pitch;
    if (top < list.scrollTop || top + pitch > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }, [turnIndex]);

  return (
    <section
      aria-labelledby={headingId}
      className="order-last flex min-w-0 flex-col gap-3 self-start rounded-card lg:order-none border border-line bg-surface p-4 shadow-card"
    >
      <h3 id={headingId} className="font-display text-lg font-semibold">
        {t('combat.order')}
      </h3>
      <ol
        ref={listRef}
        aria-labelledby={headingId}
        className="relative flex max-h-[22rem] flex-col gap-1 overflow-y-auto lg:max-h-[36rem]"
      >
        {rows.before > 0 ? <li aria-hidden="true" style={spacerStyle(rows.before)} /> : null}
        {order.slice(rows.start, rows.end).map((entry, offset) => {
          const index = rows.start + offset;
          const unit = unitMap.get(entry.unitId);
          return unit ? (
            <OrderRow
              key={entry.unitId}
              position={index + 1}
              count={order.length}
              name={unit.name}
              initiative={entry.initiative}
              down={unit.currentHp <= 0}
              ally={allies.has(entry.unitId)}
              current={index === turnIndex}
            />
          ) : null;
        })}
        {rows.after > 0 ? <li aria-hidden="true" style={spacerStyle(rows.after)} /> : null}
      </ol>
    </section>
  );
});

const OrderRow = memo(function OrderRow({
  position,
  count,
  name,
  initiative,
  down,
  ally,
  current,
}: {
  position: number;
  count: number;
  name: string;
  initiative: number;
  down: boolean;
  ally: boolean;
  current: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li
      aria-current={current ? 'step' : undefined}
      aria-posinset={position}
      aria-setsize={count}
      className={
        'flex h-8 shrink-0 items-center gap-2 rounded-control px-2 text-sm ' +
        (current ? 'bg-brand font-semibold text-on-brand' : down ? 'text-ink-muted' : '')
      }
    >
      <span aria-hidden="true" className="w-7 shrink-0 text-right tabular-nums opacity-80">
        {position}.
      </span>
      {/* A plain mark, not an icon: 400 rows of SVG paths cost the start of a big fight dearly. */}
      <span
        aria-hidden="true"
        className={`size-2.5 shrink-0 border-2 ${ally ? 'rounded-full border-success' : 'rotate-45 border-danger'} ${current ? 'border-on-brand' : ''}`}
      />
      <span title={name} className={`min-w-0 flex-1 truncate ${down ? 'line-through' : ''}`}>
        {name}
        <span className="sr-only">
          {' '}
          ({t(ally ? 'combat.ally' : 'combat.enemy')}
          {down ? `, ${t('combat.down')}` : ''}
          {current ? `, ${t('combat.currentTurn')}` : ''})
        </span>
      </span>
      <span className="shrink-0 font-mono tabular-nums">{initiative}</span>
    </li>
  );
});

// The initiative order of the fight (spec §4): rolled at start, sorted descending, the current unit
// marked (aria-current="step") and kept in sight inside the list as turns pass. Fallen units stay in
// the list, struck through; their turns are skipped. The game master fixes the order by dragging a
// row or with Alt+Up / Alt+Down on its handle (issue #16): one `reorder` action each.
import { memo, useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { InitiativeEntry } from '@questkeeper/core/rules/combat';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { spacerStyle, useRowWindow } from './windowed-list';

/** Height of a row plus the gap, in rem (h-8 + gap-1). */
const ORDER_PITCH_REM = 2.25;

interface InitiativeOrderProps {
  order: readonly InitiativeEntry[];
  turnIndex: number;
  unitMap: ReadonlyMap<string, Unit>;
  allies: ReadonlySet<string>;
  /** Moves a unit to a place of the order; absent: the order is read-only. */
  onReorder?: ((unitId: string, toIndex: number) => void) | undefined;
  /** The section, for the phone's "Initiative order" jump. */
  sectionRef?: RefObject<HTMLElement | null>;
}

export const InitiativeOrder = memo(function InitiativeOrder({
  order,
  turnIndex,
  unitMap,
  allies,
  onReorder,
  sectionRef,
}: InitiativeOrderProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const rows = useRowWindow(listRef, order.length, ORDER_PITCH_REM, 0.25, 36);
  const [dragged, setDragged] = useState<string | null>(null);
  // A moved row's handle keeps the focus (its node moves, and a moved node loses it).
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const handles = listRef.current?.querySelectorAll<HTMLElement>('[data-handle]') ?? [];
    const handle = [...handles].find((item) => item.dataset.handle === refocus);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [order, refocus]);
  // Stable handlers (they read the newest order through a ref), so the memoised rows stay put.
  const latest = useLatest({ order, onReorder, dragged });
  const move = useCallback(
    (unitId: string, toIndex: number) => {
      const { order: now, onReorder: reorder } = latest.current;
      const from = now.findIndex((entry) => entry.unitId === unitId);
      if (!reorder || from === -1 || toIndex < 0 || toIndex >= now.length || toIndex === from) return;
      reorder(unitId, toIndex);
    },
    [latest],
  );
  const dropOn = useCallback(
    (toIndex: number) => {
      const from = latest.current.dragged;
      if (from) move(from, toIndex);
      setDragged(null);
    },
    [latest, move],
  );
  const keyMove = useCallback(
    (unitId: string, toIndex: number) => {
      setRefocus(unitId);
      move(unitId, toIndex);
    },
    [move],
  );

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
      ref={sectionRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="order-last scroll-mt-4 flex min-w-0 flex-col gap-3 self-start rounded-card lg:order-none border border-line bg-surface p-4 shadow-card"
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
              unitId={entry.unitId}
              index={index}
              dragging={dragged === entry.unitId}
              onMove={onReorder ? move : undefined}
              onDragFrom={setDragged}
              onDropOn={dropOn}
              onKeyMove={keyMove}
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
  unitId,
  index,
  dragging,
  onMove,
  onDragFrom,
  onDropOn,
  onKeyMove,
}: {
  position: number;
  count: number;
  name: string;
  initiative: number;
  down: boolean;
  ally: boolean;
  current: boolean;
  unitId: string;
  index: number;
  dragging: boolean;
  onMove: ((unitId: string, toIndex: number) => void) | undefined;
  onDragFrom: (unitId: string | null) => void;
  onDropOn: (toIndex: number) => void;
  onKeyMove: (unitId: string, toIndex: number) => void;
}) {
  const { t } = useTranslation();
  const movable = onMove !== undefined;
  return (
    <li
      aria-current={current ? 'step' : undefined}
      aria-posinset={position}
      aria-setsize={count}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', unitId);
        onDragFrom(unitId);
      }}
      onDragEnd={() => onDragFrom(null)}
      onDragOver={(event) => {
        if (movable) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        onDropOn(index);
      }}
      className={
        'flex h-8 shrink-0 items-center gap-2 rounded-control px-2 text-sm ' +
        (current ? 'bg-brand font-semibold text-on-brand' : down ? 'text-ink-muted' : '') +
        (dragging ? ' opacity-50' : '')
      }
    >
      {movable ? (
        <button
          type="button"
          data-handle={unitId}
          aria-label={t('combat.fast.order.drag', { name })}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          title={t('combat.fast.order.drag', { name })}
          onKeyDown={(event) => {
            if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
            event.preventDefault();
            onKeyMove(unitId, index + (event.key === 'ArrowUp' ? -1 : 1));
          }}
          // A plain glyph, not an icon (see the mark below).
          className="-ml-1 inline-flex h-7 w-5 shrink-0 cursor-grab items-center justify-center rounded font-mono text-xs leading-none opacity-70 hover:opacity-100"
        >
          <span aria-hidden="true">⋮⋮</span>
        </button>
      ) : null}
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

// The initiative order of the fight (docs/product.md#combat): rolled at start, sorted descending, the current
// unit marked (aria-current="step") and kept in sight inside the list as turns pass. Fallen units stay in
// the list, struck through; their turns are skipped. The game master fixes the order by dragging a
// row or with Alt+Up / Alt+Down on its handle: one `reorder` action each. HTML5 drag and
// drop never starts from a finger, so a touch (or a pen) on the handle drags the row itself with
// pointer events: the handle captures the pointer, the row follows it, the rows it passes make room,
// and lifting the finger sends the one `reorder` a drop would. The handles are one stop of
// the Tab key (a roving tabindex: the one focused last, at first the current unit's); Up and Down,
// Home and End go from handle to handle, and Alt with Up or Down moves the row.
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { InitiativeEntry } from '@questkeeper/core/combat/combat';
import { takesTurn } from '@questkeeper/core/combat/death-saves';
import type { CombatState } from '@questkeeper/core/schemas/combat';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { spacerStyle, useRowWindow } from './windowed-list';

/** Height of a row plus the gap, in rem (h-8 + gap-1). */
const ORDER_PITCH_REM = 2.25;

function orderPitchPx(): number {
  return ORDER_PITCH_REM * (Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
}

/** A row dragged by a finger: where it was, the place it would drop on, how far it has moved (px). */
interface PointerDrag {
  unitId: string;
  from: number;
  over: number;
  offset: number;
  /** A row's pitch in px when the drag began. */
  pitch: number;
}

/** The row's place on screen while a finger drags `drag`: under the finger, or out of its way. */
function shiftOf(drag: PointerDrag | null, index: number): number {
  if (!drag) return 0;
  if (index === drag.from) return drag.offset;
  if (drag.from < index && index <= drag.over) return -drag.pitch;
  if (drag.over <= index && index < drag.from) return drag.pitch;
  return 0;
}

type OrderPointerHandler = (
  phase: 'start' | 'move' | 'end' | 'cancel',
  event: ReactPointerEvent<HTMLElement>,
  unitId: string,
  index: number,
) => void;

interface InitiativeOrderProps {
  order: readonly InitiativeEntry[];
  turnIndex: number;
  unitMap: ReadonlyMap<string, Unit>;
  allies: ReadonlySet<string>;
  /** Death saves by unit: a Down player character still rolling keeps its turn (docs/decisions/061). */
  deathSaves: CombatState['deathSaves'];
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
  deathSaves,
  onReorder,
  sectionRef,
}: InitiativeOrderProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const rows = useRowWindow(listRef, order.length, ORDER_PITCH_REM, 0.25, 36);
  const [dragged, setDragged] = useState<string | null>(null);
  // The handle Tab reaches: the one focused last while it is in the order, else the current unit's.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const rovingId =
    focusedId !== null && order.some((entry) => entry.unitId === focusedId)
      ? focusedId
      : order[turnIndex]?.unitId;
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
  /** Focuses the handle of the order's `index`-th unit, once its row is rendered (windowed list). */
  const focusAt = useCallback(
    (index: number) => {
      const list = listRef.current;
      const now = latest.current.order;
      const id = now[Math.max(0, Math.min(index, now.length - 1))]?.unitId;
      if (!list || !id) return;
      const find = () =>
        [...list.querySelectorAll<HTMLElement>('[data-handle]')].find((h) => h.dataset.handle === id);
      const handle = find();
      if (handle) {
        handle.focus();
        return;
      }
      list.scrollTop = index * orderPitchPx() - list.clientHeight / 3;
      let frames = 0;
      const look = () => {
        const later = find();
        if (later) later.focus();
        else if (++frames < 10) window.requestAnimationFrame(look);
      };
      window.requestAnimationFrame(look);
    },
    [latest],
  );
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
  // The finger's drag: the ref is the truth (pointer events outrun renders), the state paints it.
  const [fingerDrag, setFingerDrag] = useState<PointerDrag | null>(null);
  const grab = useRef<(PointerDrag & { pointerId: number; startY: number; startScroll: number }) | null>(
    null,
  );
  const pointerDrag = useCallback<OrderPointerHandler>(
    (phase, event, unitId, index) => {
      const list = listRef.current;
      if (phase === 'start') {
        if (grab.current || !latest.current.onReorder) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        grab.current = {
          unitId,
          from: index,
          over: index,
          offset: 0,
          pointerId: event.pointerId,
          startY: event.clientY,
          startScroll: list?.scrollTop ?? 0,
          pitch: orderPitchPx(),
        };
        setFingerDrag({ unitId, from: index, over: index, offset: 0, pitch: grab.current.pitch });
        return;
      }
      const held = grab.current;
      if (!held || held.pointerId !== event.pointerId) return;
      event.preventDefault();
      if (phase === 'move') {
        // The handle holds the touch, so the list cannot be scrolled by hand: near its edges it
        // scrolls along with the finger.
        const box = list?.getBoundingClientRect();
        if (list && box && box.height > 0) {
          if (event.clientY < box.top + held.pitch / 2) list.scrollTop -= held.pitch / 4;
          else if (event.clientY > box.bottom - held.pitch / 2) list.scrollTop += held.pitch / 4;
        }
        const offset = event.clientY - held.startY + ((list?.scrollTop ?? 0) - held.startScroll);
        const last = latest.current.order.length - 1;
        const over = Math.min(last, Math.max(0, held.from + Math.round(offset / held.pitch)));
        grab.current = { ...held, offset, over };
        setFingerDrag({ unitId: held.unitId, from: held.from, over, offset, pitch: held.pitch });
        return;
      }
      grab.current = null;
      setFingerDrag(null);
      if (phase === 'end' && held.over !== held.from) keyMove(held.unitId, held.over);
    },
    [latest, keyMove],
  );

  // Scrolls the list, never the page, so the current unit stays visible.
  useEffect(() => {
    const list = listRef.current;
    if (!list || list.clientHeight === 0) return;
    const rowPitch = orderPitchPx();
    const top = turnIndex * rowPitch;
    if (top < list.scrollTop || top + rowPitch > list.scrollTop + list.clientHeight) {
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
              skipped={!takesTurn(unit, deathSaves)}
              ally={allies.has(entry.unitId)}
              current={index === turnIndex}
              unitId={entry.unitId}
              index={index}
              dragging={dragged === entry.unitId}
              lifted={fingerDrag?.unitId === entry.unitId}
              sliding={fingerDrag !== null}
              shift={shiftOf(fingerDrag, index)}
              onMove={onReorder ? move : undefined}
              onDragFrom={setDragged}
              onDropOn={dropOn}
              onKeyMove={keyMove}
              onPointerDrag={pointerDrag}
              roving={entry.unitId === rovingId}
              onFocusAt={focusAt}
              onFocused={setFocusedId}
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
  skipped,
  ally,
  current,
  unitId,
  index,
  dragging,
  lifted,
  sliding,
  shift,
  onMove,
  onDragFrom,
  onDropOn,
  onKeyMove,
  onPointerDrag,
  roving,
  onFocusAt,
  onFocused,
}: {
  position: number;
  count: number;
  name: string;
  initiative: number;
  down: boolean;
  /** Its turn is skipped (at 0 HP and not a Down player character still rolling): struck through. */
  skipped: boolean;
  ally: boolean;
  current: boolean;
  unitId: string;
  index: number;
  dragging: boolean;
  /** Under a finger that drags it. */
  lifted: boolean;
  /** A finger drags a row of the list: the others glide out of its way (not after the drop, where
   *  the new order takes their place at once). */
  sliding: boolean;
  /** How far a finger's drag moves the row from its place, in px. */
  shift: number;
  onMove: ((unitId: string, toIndex: number) => void) | undefined;
  onDragFrom: (unitId: string | null) => void;
  onDropOn: (toIndex: number) => void;
  onKeyMove: (unitId: string, toIndex: number) => void;
  onPointerDrag: OrderPointerHandler;
  /** Tab reaches this row's handle (roving tabindex). */
  roving: boolean;
  onFocusAt: (index: number) => void;
  onFocused: (unitId: string) => void;
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
      style={shift !== 0 ? { transform: `translateY(${shift}px)` } : undefined}
      className={
        'flex h-8 shrink-0 items-center gap-2 rounded-control px-2 text-sm ' +
        (current ? 'bg-brand font-semibold text-on-brand' : skipped ? 'text-ink-muted' : '') +
        (dragging ? ' opacity-50' : '') +
        (lifted ? ` relative z-10 shadow-card ring-2 ring-brand ${current ? '' : 'bg-surface'}` : '') +
        (sliding && !lifted ? ' motion-safe:transition-transform motion-safe:duration-150' : '')
      }
    >
      {movable ? (
        <button
          type="button"
          data-handle={unitId}
          aria-label={t('combat.fast.order.drag', { name })}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          title={t('combat.fast.order.drag', { name })}
          tabIndex={roving ? 0 : -1}
          onFocus={() => onFocused(unitId)}
          onKeyDown={(event) => {
            if (event.ctrlKey || event.metaKey || event.shiftKey) return;
            const up = event.key === 'ArrowUp';
            if (event.altKey) {
              if (!up && event.key !== 'ArrowDown') return;
              event.preventDefault();
              onKeyMove(unitId, index + (up ? -1 : 1));
              return;
            }
            const to =
              up || event.key === 'ArrowDown'
                ? index + (up ? -1 : 1)
                : event.key === 'Home'
                  ? 0
                  : event.key === 'End'
                    ? count - 1
                    : null;
            if (to === null) return;
            event.preventDefault();
            if (to >= 0 && to < count) onFocusAt(to);
          }}
          // The mouse drags the whole row (HTML5, above); a finger or a pen drags the handle.
          onPointerDown={(event) => {
            if (event.pointerType !== 'mouse' && event.isPrimary)
              onPointerDrag('start', event, unitId, index);
          }}
          onPointerMove={(event) => onPointerDrag('move', event, unitId, index)}
          onPointerUp={(event) => onPointerDrag('end', event, unitId, index)}
          onPointerCancel={(event) => onPointerDrag('cancel', event, unitId, index)}
          onLostPointerCapture={(event) => onPointerDrag('cancel', event, unitId, index)}
          // A plain glyph, not an icon (see the mark below).
          className="-ml-1 inline-flex h-7 w-5 shrink-0 cursor-grab touch-none items-center justify-center rounded font-mono text-xs leading-none opacity-70 select-none hover:opacity-100"
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
      <span title={name} className={`min-w-0 flex-1 truncate ${skipped ? 'line-through' : ''}`}>
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

// The initiative order of the fight (docs/product.md#combat): rolled at start, sorted descending, the current
// unit marked (aria-current="step") and kept in sight inside the list as turns pass. Fallen units stay in
// the list, struck through; their turns are skipped. The game master fixes the order by dragging a
// row or with Alt+Up / Alt+Down on its handle: one `reorder` action each. HTML5 drag and
// drop never starts from a finger, so a touch (or a pen) on the handle drags the row itself with
// pointer events: the handle captures the pointer, the row follows it, the rows it passes make room,
// and lifting the finger sends the one `reorder` a drop would. The handles are one stop of
// the Tab key (a roving tabindex: the one focused last, at first the current unit's); Up and Down,
// Home and End go from handle to handle, and Alt with Up or Down moves the row.
// Lair actions and hazards are rows of their own (removed with a confirmation), and a group of units
// that takes one turn is one row ("Goblin ×5") that unfolds to its members and their HP, with Ungroup
// (docs/decisions/062; lib/order-rows.ts maps the rows to the order's entries). Only a lone unit's row
// has a handle: a group stands together, and a lair action keeps its initiative.
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, EyeOff, Mountain, Trash2, Ungroup, Users } from 'lucide-react';
import { takesTurn } from '@questkeeper/core/combat/death-saves';
import type { CombatHazard, CombatState } from '@questkeeper/core/schemas/combat';
import { UnitAvatar } from '@/components/unit-avatar';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { currentRowIndex, dropIndex, orderRows, type OrderRow } from '../lib/order-rows';
import { spacerStyle, useRowWindow } from './windowed-list';

/** Height of a row plus the gap, in rem (h-8 + gap-1). */
const ORDER_PITCH_REM = 2.25;
/** The list's smallest max-height, in rem (max-h-[22rem] below lg). */
const ORDER_SIGHT_MIN_REM = 22;

function orderPitchPx(): number {
  return ORDER_PITCH_REM * (Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
}

/** A row dragged by a finger: where it was, the row it would drop on, how far it has moved (px). */
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
  order: CombatState['order'];
  /** The fight's lair actions and hazards (the order's `hazardId` entries name them). */
  hazards: CombatState['hazards'];
  turnIndex: number;
  unitMap: ReadonlyMap<string, Unit>;
  allies: ReadonlySet<string>;
  /** Death saves by unit: a Down player character still rolling keeps its turn (docs/decisions/061). */
  deathSaves: CombatState['deathSaves'];
  /** Moves a unit to a place of the order; absent: the order is read-only. */
  onReorder?: ((unitId: string, toIndex: number) => void) | undefined;
  /** Asks to remove a lair action or hazard (the caller confirms); absent: read-only. */
  onRemoveHazard?: ((hazard: CombatHazard) => void) | undefined;
  /** Breaks a group up; absent: read-only. */
  onUngroup?: ((groupId: string) => void) | undefined;
  /** The section, for the phone's "Initiative order" jump. */
  sectionRef?: RefObject<HTMLElement | null>;
}

export const InitiativeOrder = memo(function InitiativeOrder({
  order,
  hazards,
  turnIndex,
  unitMap,
  allies,
  deathSaves,
  onReorder,
  onRemoveHazard,
  onUngroup,
  sectionRef,
  children,
}: InitiativeOrderProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  // Groups fold by default; the GM unfolds the ones to look into.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggleGroup = useCallback(
    (groupId: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (next.has(groupId)) next.delete(groupId);
        else next.add(groupId);
        return next;
      }),
    [],
  );
  const shown = useMemo(
    () => orderRows({ order, hazards }, unitMap, expanded),
    [order, hazards, unitMap, expanded],
  );
  const currentRow = currentRowIndex(shown, turnIndex);
  // The number each row shows: its turn's place in the order (a group's members have none).
  const places = useMemo(() => {
    let place = 0;
    return shown.map((row) => (row.kind === 'member' ? place : ++place));
  }, [shown]);
  const rows = useRowWindow(listRef, shown.length, ORDER_PITCH_REM, 0.25, 36);
  const [dragged, setDragged] = useState<string | null>(null);
  // The handle Tab reaches: the one focused last while it is in the order, else the current unit's
  // (or the first one's, on a lair action's or a group's turn).
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const handleIds = shown.flatMap((row) => (row.kind === 'unit' ? [row.unitId] : []));
  const currentUnit = shown[currentRow];
  const rovingId =
    focusedId !== null && handleIds.includes(focusedId)
      ? focusedId
      : currentUnit?.kind === 'unit'
        ? currentUnit.unitId
        : handleIds[0];
  // A moved row's handle keeps the focus (its node moves, and a moved node loses it).
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const handles = listRef.current?.querySelectorAll<HTMLElement>('[data-handle]') ?? [];
    const handle = [...handles].find((item) => item.dataset.handle === refocus);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [order, refocus]);
  // Stable handlers (they read the newest order through a ref), so the memoised rows stay put.
  const latest = useLatest({ order, rows: shown, onReorder, dragged });
  /**
   * Focuses the handle of the row `index` or, when it has none (a lair action, a group), of the
   * nearest row that has one in the direction `step` (-1 up, 1 down); once rendered (windowed list).
   */
  const focusAt = useCallback(
    (index: number, step: -1 | 1) => {
      const element = listRef.current;
      const now = latest.current.rows;
      let at = Math.max(0, Math.min(index, now.length - 1));
      while (at >= 0 && at < now.length && now[at]!.kind !== 'unit') at += step;
      const row = now[at];
      if (!element || row?.kind !== 'unit') return;
      const id = row.unitId;
      const find = () =>
        [...element.querySelectorAll<HTMLElement>('[data-handle]')].find((h) => h.dataset.handle === id);
      const handle = find();
      if (handle) {
        handle.focus();
        return;
      }
      element.scrollTop = at * orderPitchPx() - element.clientHeight / 3;
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
  /** Moves the unit of row `fromRow` to where a drop on row `toRow` puts it. */
  const move = useCallback(
    (unitId: string, fromRow: number, toRow: number) => {
      const { order: now, rows: rowsNow, onReorder: reorder } = latest.current;
      const from = now.findIndex((entry) => entry.unitId === unitId);
      const toIndex = dropIndex(rowsNow, fromRow, toRow);
      if (!reorder || from === -1 || toIndex === null) return;
      if (toIndex < 0 || toIndex >= now.length || toIndex === from) return;
      reorder(unitId, toIndex);
    },
    [latest],
  );
  const dropOn = useCallback(
    (toRow: number) => {
      const from = latest.current.dragged;
      const fromRow = latest.current.rows.findIndex((row) => row.kind === 'unit' && row.unitId === from);
      if (from && fromRow !== -1) move(from, fromRow, toRow);
      setDragged(null);
    },
    [latest, move],
  );
  /** A key move passes a whole group at once (its members' rows included). */
  const keyMove = useCallback(
    (unitId: string, fromRow: number, step: -1 | 1) => {
      const now = latest.current.rows;
      let to = fromRow + step;
      while (now[to]?.kind === 'member') to += step;
      if (to < 0 || to >= now.length) return;
      setRefocus(unitId);
      move(unitId, fromRow, to);
    },
    [latest, move],
  );
  const dropMove = useCallback(
    (unitId: string, fromRow: number, toRow: number) => {
      setRefocus(unitId);
      move(unitId, fromRow, toRow);
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
        const last = latest.current.rows.length - 1;
        const over = Math.min(last, Math.max(0, held.from + Math.round(offset / held.pitch)));
        grab.current = { ...held, offset, over };
        setFingerDrag({ unitId: held.unitId, from: held.from, over, offset, pitch: held.pitch });
        return;
      }
      grab.current = null;
      setFingerDrag(null);
      if (phase === 'end' && held.over !== held.from) dropMove(held.unitId, held.from, held.over);
    },
    [latest, dropMove],
  );

  // Scrolls the list, never the page, so the current unit stays visible. A new list is scrolled to
  // its top: a current row within its smallest height is in sight without measuring, which on a
  // start would force a layout of the whole new fight screen before its first frame (decision 074).
  const measured = useRef(false);
  useEffect(() => {
    const first = !measured.current;
    measured.current = true;
    if (first && (Math.max(0, currentRow) + 1) * ORDER_PITCH_REM <= ORDER_SIGHT_MIN_REM) return;
    const list = listRef.current;
    if (!list || list.clientHeight === 0) return;
    const rowPitch = orderPitchPx();
    const top = Math.max(0, currentRow) * rowPitch;
    if (top < list.scrollTop || top + rowPitch > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }, [currentRow]);

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
      {children}
      <ol
        ref={listRef}
        aria-labelledby={headingId}
        className="relative flex max-h-[22rem] flex-col gap-1 overflow-y-auto lg:max-h-[36rem]"
      >
        {rows.before > 0 ? <li aria-hidden="true" style={spacerStyle(rows.before)} /> : null}
        {shown.slice(rows.start, rows.end).map((row, offset) => {
          const index = rows.start + offset;
          const current = index === currentRow;
          if (row.kind === 'hazard') {
            return (
              <HazardRow
                key={row.key}
                place={places[index] ?? index + 1}
                position={index + 1}
                count={shown.length}
                hazard={row.hazard}
                current={current}
                shift={shiftOf(fingerDrag, index)}
                sliding={fingerDrag !== null}
                index={index}
                onDropOn={onReorder ? dropOn : undefined}
                onRemove={onRemoveHazard}
              />
            );
          }
          if (row.kind === 'group') {
            const members = row.unitIds.flatMap((id) => unitMap.get(id) ?? []);
            const standing = members.filter((unit) => takesTurn(unit, deathSaves)).length;
            return (
              <GroupRow
                key={row.key}
                place={places[index] ?? index + 1}
                position={index + 1}
                count={shown.length}
                row={row}
                size={members.length}
                standing={standing}
                ally={allies.has(row.unitIds[0] ?? '')}
                current={current}
                shift={shiftOf(fingerDrag, index)}
                sliding={fingerDrag !== null}
                index={index}
                onDropOn={onReorder ? dropOn : undefined}
                onToggle={toggleGroup}
                onUngroup={onUngroup}
              />
            );
          }
          const unit = unitMap.get(row.unitId);
          if (!unit) return null;
          if (row.kind === 'member') {
            return (
              <MemberRow
                key={row.key}
                position={index + 1}
                count={shown.length}
                unit={unit}
                skipped={!takesTurn(unit, deathSaves)}
                shift={shiftOf(fingerDrag, index)}
                sliding={fingerDrag !== null}
              />
            );
          }
          return (
            <OrderRow
              key={row.key}
              place={places[index] ?? index + 1}
              position={index + 1}
              count={shown.length}
              name={unit.name}
              unit={unit}
              initiative={row.initiative}
              down={unit.currentHp <= 0}
              skipped={!takesTurn(unit, deathSaves)}
              ally={allies.has(row.unitId)}
              current={current}
              unitId={row.unitId}
              index={index}
              dragging={dragged === row.unitId}
              lifted={fingerDrag?.unitId === row.unitId}
              sliding={fingerDrag !== null}
              shift={shiftOf(fingerDrag, index)}
              movable={onReorder !== undefined}
              onDragFrom={setDragged}
              onDropOn={dropOn}
              onKeyMove={keyMove}
              onPointerDrag={pointerDrag}
              roving={row.unitId === rovingId}
              onFocusAt={focusAt}
              onFocused={setFocusedId}
            />
          );
        })}
        {rows.after > 0 ? <li aria-hidden="true" style={spacerStyle(rows.after)} /> : null}
      </ol>
    </section>
  );
});

const OrderRow = memo(function OrderRow({
  place,
  position,
  count,
  name,
  unit,
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
  movable,
  onDragFrom,
  onDropOn,
  onKeyMove,
  onPointerDrag,
  roving,
  onFocusAt,
  onFocused,
}: {
  /** The number shown: its turn's place in the order. */
  place: number;
  position: number;
  count: number;
  name: string;
  /** For its portrait (or initials). */
  unit: Unit;
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
  /** The order may be fixed by hand: the row has a handle. */
  movable: boolean;
  onDragFrom: (unitId: string | null) => void;
  onDropOn: (toRow: number) => void;
  onKeyMove: (unitId: string, fromRow: number, step: -1 | 1) => void;
  onPointerDrag: OrderPointerHandler;
  /** Tab reaches this row's handle (roving tabindex). */
  roving: boolean;
  onFocusAt: (index: number, step: -1 | 1) => void;
  onFocused: (unitId: string) => void;
}) {
  const { t } = useTranslation();
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
              onKeyMove(unitId, index, up ? -1 : 1);
              return;
            }
            const to: [number, -1 | 1] | null =
              up || event.key === 'ArrowDown'
                ? [index + (up ? -1 : 1), up ? -1 : 1]
                : event.key === 'Home'
                  ? [0, 1]
                  : event.key === 'End'
                    ? [count - 1, -1]
                    : null;
            if (to === null) return;
            event.preventDefault();
            if (to[0] >= 0 && to[0] < count) onFocusAt(to[0], to[1]);
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
        {place}.
      </span>
      {/* A plain mark, not an icon: 400 rows of SVG paths cost the start of a big fight dearly. */}
      <span
        aria-hidden="true"
        className={`size-2.5 shrink-0 border-2 ${ally ? 'rounded-full border-success' : 'rotate-45 border-danger'} ${current ? 'border-on-brand' : ''}`}
      />
      <UnitAvatar unit={unit} size="xs" />
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

/** The classes every non-unit row shares: the turn's colours, a finger drag's glide. */
function rowClass(current: boolean, sliding: boolean, muted: boolean): string {
  return (
    'flex h-8 shrink-0 items-center gap-2 rounded-control px-2 text-sm ' +
    (current ? 'bg-brand font-semibold text-on-brand' : muted ? 'text-ink-muted' : '') +
    (sliding ? ' motion-safe:transition-transform motion-safe:duration-150' : '')
  );
}

const shiftStyle = (shift: number) => (shift !== 0 ? { transform: `translateY(${shift}px)` } : undefined);

/** A lair action or hazard: its own turn, after every unit of its initiative (docs/decisions/062). */
const HazardRow = memo(function HazardRow({
  place,
  position,
  count,
  hazard,
  current,
  shift,
  sliding,
  index,
  onDropOn,
  onRemove,
}: {
  place: number;
  position: number;
  count: number;
  hazard: CombatHazard;
  current: boolean;
  shift: number;
  sliding: boolean;
  index: number;
  /** A unit dropped here lands above (from below) or below it (from above). */
  onDropOn: ((toRow: number) => void) | undefined;
  onRemove: ((hazard: CombatHazard) => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <li
      aria-current={current ? 'step' : undefined}
      aria-posinset={position}
      aria-setsize={count}
      data-hazard-row={hazard.id}
      onDragOver={(event) => {
        if (onDropOn) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        onDropOn?.(index);
      }}
      style={shiftStyle(shift)}
      className={rowClass(current, sliding, false)}
    >
      <span aria-hidden="true" className="w-7 shrink-0 text-right tabular-nums opacity-80">
        {place}.
      </span>
      <Mountain aria-hidden="true" className="size-3.5 shrink-0" />
      <span title={hazard.name} className="min-w-0 flex-1 truncate italic">
        {hazard.name}
        <span className="sr-only">
          {' '}
          ({t('combat.monsters.hazards.kind')}
          {hazard.hidden ? `, ${t('combat.monsters.hazards.hidden')}` : ''}
          {current ? `, ${t('combat.currentTurn')}` : ''})
        </span>
      </span>
      {hazard.hidden ? (
        <span title={t('combat.monsters.hazards.hidden')} className="shrink-0 opacity-80">
          <EyeOff aria-hidden="true" className="size-3.5" />
        </span>
      ) : null}
      <span className="shrink-0 font-mono tabular-nums">{hazard.initiative}</span>
      {onRemove ? (
        <button
          type="button"
          aria-label={t('combat.monsters.hazards.removeOf', { name: hazard.name })}
          title={t('combat.monsters.hazards.removeOf', { name: hazard.name })}
          onClick={() => onRemove(hazard)}
          className="-mr-1 inline-flex size-6 shrink-0 items-center justify-center rounded-control opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-focus"
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
    </li>
  );
});

/** A group of units taking one turn: one row that folds and unfolds to its members. */
const GroupRow = memo(function GroupRow({
  place,
  position,
  count,
  row,
  size,
  standing,
  ally,
  current,
  shift,
  sliding,
  index,
  onDropOn,
  onToggle,
  onUngroup,
}: {
  place: number;
  position: number;
  count: number;
  row: Extract<OrderRow, { kind: 'group' }>;
  /** Its members in the fight, and how many of them still take turns. */
  size: number;
  standing: number;
  ally: boolean;
  current: boolean;
  shift: number;
  sliding: boolean;
  index: number;
  onDropOn: ((toRow: number) => void) | undefined;
  onToggle: (groupId: string) => void;
  onUngroup: ((groupId: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const name = t('combat.monsters.groups.name', { name: row.name, count: size });
  const skipped = standing === 0;
  return (
    <li
      aria-current={current ? 'step' : undefined}
      aria-posinset={position}
      aria-setsize={count}
      data-group-row={row.groupId}
      onDragOver={(event) => {
        if (onDropOn) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        onDropOn?.(index);
      }}
      style={shiftStyle(shift)}
      className={rowClass(current, sliding, skipped)}
    >
      <span aria-hidden="true" className="w-7 shrink-0 text-right tabular-nums opacity-80">
        {place}.
      </span>
      <button
        type="button"
        aria-expanded={row.expanded}
        onClick={() => onToggle(row.groupId)}
        className={`flex min-w-0 flex-1 items-center gap-1.5 rounded-control text-left focus-visible:outline-2 focus-visible:outline-focus ${skipped ? 'line-through' : ''}`}
      >
        <ChevronRight
          aria-hidden="true"
          className={`size-3.5 shrink-0 motion-safe:transition-transform ${row.expanded ? 'rotate-90' : ''}`}
        />
        <Users
          aria-hidden="true"
          className={`size-3.5 shrink-0 ${ally ? 'text-success' : 'text-danger'} ${current ? 'text-on-brand' : ''}`}
        />
        <span title={name} className="min-w-0 truncate">
          {name}
        </span>
        <span className="sr-only">
          {' '}
          ({t(ally ? 'combat.ally' : 'combat.enemy')},{' '}
          {t('combat.monsters.groups.standing', { count: standing })}
          {current ? `, ${t('combat.currentTurn')}` : ''})
        </span>
      </button>
      <span className="shrink-0 font-mono tabular-nums">{row.initiative}</span>
      {onUngroup ? (
        <button
          type="button"
          aria-label={t('combat.monsters.groups.ungroupOf', { name })}
          title={t('combat.monsters.groups.ungroupOf', { name })}
          onClick={() => onUngroup(row.groupId)}
          className="-mr-1 inline-flex size-6 shrink-0 items-center justify-center rounded-control opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-focus"
        >
          <Ungroup aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
    </li>
  );
});

/** A member of an unfolded group: its name and HP (attacks still pick it on its side's list). */
const MemberRow = memo(function MemberRow({
  position,
  count,
  unit,
  skipped,
  shift,
  sliding,
}: {
  position: number;
  count: number;
  unit: Unit;
  skipped: boolean;
  shift: number;
  sliding: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li
      aria-posinset={position}
      aria-setsize={count}
      data-member-row={unit._id}
      style={shiftStyle(shift)}
      className={`${rowClass(false, sliding, skipped)} pl-12`}
    >
      <span title={unit.name} className={`min-w-0 flex-1 truncate ${skipped ? 'line-through' : ''}`}>
        {unit.name}
      </span>
      <span className="shrink-0 font-mono text-xs tabular-nums">
        {t('combat.hpText', { current: unit.currentHp, max: unit.hp })}
      </span>
    </li>
  );
});

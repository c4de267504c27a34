// One side of the fight (docs/product.md#combat): each unit with its HP bar (colours of
// docs/product.md#combat), status, and the marks of the current turn and of a fallen unit. A unit's row is
// the button that makes it the target (Shift-click adds it to the targets of one area blow). Each row has its
// own quick field — `7` or `-7` damages, `+5` heals, dice too, Enter applies — whose text lives in the row,
// so typing repaints that row alone. Rows are memoised on their own unit: a blow repaints one row, not 200.
// The rows are one stop of the Tab key (a roving tabindex: the target's row, or the
// first); Up and Down (or K and J), Home and End walk the group and make the unit reached the target.
// What a GM tracks every round (docs/product.md#fight-rows, #death-saves, #temp-hp; docs/decisions/061):
// temporary HP beside the HP, the campaign's pinned characteristics, a Down player character's death
// saves in place of its HP bar, and each row's buttons for its temporary HP and its stat block.
// A unit's counters sit on the pinned numbers' line, spent with a click (docs/decisions/062), and every
// member of a group whose turn it is carries the turn's mark.
import {
  memo,
  useCallback,
  useId,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, Crosshair, Play, ShieldPlus, Skull } from 'lucide-react';
import type { CombatGroup } from '@questkeeper/core/combat/combat';
import { deathSaveOutcome, deathSavesOf, isDown, takesTurn } from '@questkeeper/core/combat/death-saves';
import type {
  CombatCondition,
  CombatState,
  ConditionMap,
  DeathSaveResult,
  DeathSaveTally,
} from '@questkeeper/core/schemas/combat';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import { HpBar } from '@/components/hp-bar';
import { UnitAvatar } from '@/components/unit-avatar';
import { classColor } from '@/lib/class-color';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { parseQuick } from './amount-check';
import { ConditionChips } from './condition-chips';
import { DeathSaves } from './death-saves';
import { PinnedCharacteristics, type CampaignCharacteristic } from './pinned-characteristics';
import { PlayerViewMarker } from './player-view-marker';
import { TempHp } from './stat-block-panel';
import { CounterChips, countersOf } from './unit-counters';
import { WindowedList } from './windowed-list';

const NO_CONDITIONS: readonly CombatCondition[] = [];
const NO_COUNTERS: readonly UnitCounter[] = [];

type Step = 'next' | 'previous' | 'first' | 'last';

/** The step a key takes through the group's rows, if it is one of theirs. */
function stepOf(event: KeyboardEvent): Step | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
    case 'J':
      return 'next';
    case 'ArrowUp':
    case 'k':
    case 'K':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** Height of a row plus the gap, in rem (h-26 + gap-2; h-30 with a line of pinned characteristics). */
const ROW_PITCH_REM = 7;
const PINNED_ROW_PITCH_REM = 8;

/** A row's action on its unit that opens something, from the button that asked (focus goes back to it). */
export type RowOpen = (unitId: string, from: HTMLElement) => void;

interface FightGroupProps {
  group: CombatGroup;
  ids: readonly string[];
  unitMap: ReadonlyMap<string, Unit>;
  targetId: string | null;
  /** More targets of the next blow (area damage). */
  extraIds: ReadonlySet<string>;
  /** The units whose turn it is (a group's members all are). */
  currentIds: ReadonlySet<string>;
  classColors: ReadonlyMap<string, string>;
  conditions: ConditionMap;
  /** The campaign's status notes by status id. */
  notes: ReadonlyMap<string, string>;
  tempHp: CombatState['tempHp'];
  deathSaves: CombatState['deathSaves'];
  /** The counters' values by unit (docs/decisions/062). */
  counters: CombatState['counters'];
  /** The campaign's pinned characteristics (docs/decisions/061). */
  pinned: readonly CampaignCharacteristic[];
  /** The unit whose stat block is open. */
  statBlockId: string | null;
  disabled: boolean;
  /** `additive`: Shift, Ctrl or Cmd was held (or area mode is on): one more target of the blow. */
  onSelect: (id: string, additive: boolean) => void;
  onQuick: (id: string, type: 'attack' | 'heal', amount: number | string) => void;
  onDeathSave: (id: string, result: DeathSaveResult) => void;
  onTempHp: RowOpen;
  onStatBlock: RowOpen;
  onSpendCounter: (unitId: string, counterId: string) => void;
  onEditCounters: (unitId: string) => void;
}

export const FightGroup = memo(function FightGroup({
  group,
  ids,
  unitMap,
  targetId,
  extraIds,
  currentIds,
  classColors,
  conditions,
  notes,
  tempHp,
  deathSaves,
  counters,
  pinned,
  statBlockId,
  disabled,
  onSelect,
  onQuick,
  onDeathSave,
  onTempHp,
  onStatBlock,
  onSpendCounter,
  onEditCounters,
}: FightGroupProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const helpId = `${headingId}-quick-help`;
  const members: Unit[] = [];
  for (const id of ids) {
    const unit = unitMap.get(id);
    if (unit) members.push(unit);
  }
  // A Down player character still rolling its saves is standing (docs/decisions/061).
  const standing = ids.filter((id) => takesTurn(unitMap.get(id), deathSaves)).length;
  // Rows grow a line for pinned numbers or counters: all of them, so the list keeps one pitch.
  const tall = pinned.length > 0 || members.some((unit) => (unit.counters ?? []).length > 0);
  // The one row Tab reaches: the target's when it is in this group, else the first.
  const rovingId = members.some((unit) => unit._id === targetId) ? targetId : members[0]?._id;
  const latest = useLatest({ members, onSelect });
  const step = useCallback(
    (id: string, where: Step) => {
      const { members: rows, onSelect: pick } = latest.current;
      const index = rows.findIndex((unit) => unit._id === id);
      if (index === -1 || rows.length === 0) return;
      // The target moves to the end of its group: Down from it wraps to the first, next in line.
      const to =
        where === 'first'
          ? 0
          : where === 'last'
            ? rows.length - 1
            : (index + (where === 'next' ? 1 : -1) + rows.length) % rows.length;
      const next = rows[to];
      if (next && next._id !== id) pick(next._id, false);
    },
    [latest],
  );
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-display text-lg font-semibold">
          {t(group === 'allies' ? 'combat.allies' : 'combat.enemies')}
        </h3>
        <span className="text-sm text-ink-muted tabular-nums">
          {standing} / {members.length}
        </span>
      </div>
      <p id={helpId} className="sr-only">
        {t('combat.fast.quickHelp')}
      </p>
      <WindowedList
        items={members}
        pitchRem={tall ? PINNED_ROW_PITCH_REM : ROW_PITCH_REM}
        gapRem={0.5}
        sightRem={40}
        className="flex max-h-[27rem] flex-col overflow-y-auto lg:max-h-[40rem]"
        renderRow={(unit, index) => (
          <FightRow
            key={unit._id}
            position={index + 1}
            count={members.length}
            unit={unit}
            selected={unit._id === targetId || extraIds.has(unit._id)}
            roving={unit._id === rovingId}
            helpId={helpId}
            current={currentIds.has(unit._id)}
            classHex={classColors.get(unit.class)}
            conditions={Object.hasOwn(conditions, unit._id) ? conditions[unit._id]! : NO_CONDITIONS}
            notes={notes}
            temp={Object.hasOwn(tempHp, unit._id) ? tempHp[unit._id]! : 0}
            tally={deathSavesOf(deathSaves, unit._id)}
            pinned={pinned}
            tall={tall}
            counterValues={countersOf(counters, unit._id)}
            onSpendCounter={onSpendCounter}
            onEditCounters={onEditCounters}
            statBlockOpen={unit._id === statBlockId}
            disabled={disabled}
            onSelect={onSelect}
            onStep={step}
            onQuick={onQuick}
            onDeathSave={onDeathSave}
            onTempHp={onTempHp}
            onStatBlock={onStatBlock}
          />
        )}
      />
    </section>
  );
});

const FightRow = memo(function FightRow({
  position,
  count,
  unit,
  selected,
  current,
  classHex,
  conditions,
  notes,
  temp,
  tally,
  pinned,
  tall,
  counterValues,
  onSpendCounter,
  onEditCounters,
  statBlockOpen,
  disabled,
  onSelect,
  onStep,
  onQuick,
  onDeathSave,
  onTempHp,
  onStatBlock,
  roving,
  helpId,
}: {
  position: number;
  count: number;
  unit: Unit;
  selected: boolean;
  current: boolean;
  classHex: string | undefined;
  conditions: readonly CombatCondition[];
  notes: ReadonlyMap<string, string>;
  /** Temporary HP (0: none). */
  temp: number;
  /** Death saves so far (0/0 when none). */
  tally: DeathSaveTally;
  pinned: readonly CampaignCharacteristic[];
  /** The row has the line of pinned numbers and counters. */
  tall: boolean;
  counterValues: CombatState['counters'][string] | undefined;
  onSpendCounter: (unitId: string, counterId: string) => void;
  onEditCounters: (unitId: string) => void;
  statBlockOpen: boolean;
  disabled: boolean;
  onSelect: (id: string, additive: boolean) => void;
  onStep: (id: string, where: Step) => void;
  onQuick: (id: string, type: 'attack' | 'heal', amount: number | string) => void;
  onDeathSave: (id: string, result: DeathSaveResult) => void;
  onTempHp: RowOpen;
  onStatBlock: RowOpen;
  /** Tab reaches this row (roving tabindex). */
  roving: boolean;
  helpId: string;
}) {
  const { t } = useTranslation();
  const down = unit.currentHp <= 0;
  // A player character at 0 HP rolls death saves; one that died, or any other unit at 0 HP, is out.
  const saving = isDown(unit);
  const out = down && (!saving || deathSaveOutcome(tally) === 'dead');
  const [quick, setQuick] = useState('');
  const entry = parseQuick(quick);
  const fallen = down && entry.ok && entry.type === 'attack';
  const problem = fallen
    ? t('validation.targetFallen')
    : !entry.ok && entry.problem
      ? t(entry.problem.key, entry.problem.params)
      : null;
  return (
    <li
      aria-posinset={position}
      aria-setsize={count}
      className={
        '@container relative flex shrink-0 flex-col justify-center overflow-hidden rounded-control border px-3 py-2 ' +
        (tall ? 'h-30 gap-1 ' : 'h-26 gap-1.5 ') +
        (selected
          ? 'border-brand bg-brand-soft ring-2 ring-brand ring-inset '
          : 'border-line hover:bg-surface-muted ') +
        (current ? 'border-l-4 border-l-brand ' : '')
      }
    >
      <div className="flex min-w-0 items-center gap-2">
        <span
          aria-hidden="true"
          className="size-3 shrink-0 rounded-full border border-line"
          style={{ backgroundColor: classColor(classHex) }}
        />
        {/* Only a real portrait, and only on a card wide enough: initials beside the name add
            nothing, and the name must keep its room (three groups side by side at 1280 px). */}
        {unit.portrait ? (
          <span className="hidden @[12rem]:contents">
            <UnitAvatar unit={unit} size="xs" />
          </span>
        ) : null}
        <button
          type="button"
          data-unit-id={unit._id}
          aria-pressed={selected}
          aria-label={t('combat.targetOf', { name: unit.name })}
          title={unit.name}
          disabled={disabled}
          tabIndex={roving ? 0 : -1}
          aria-keyshortcuts="ArrowUp ArrowDown Home End"
          onClick={(event) => onSelect(unit._id, event.shiftKey || event.ctrlKey || event.metaKey)}
          onKeyDown={(event) => {
            const where = stepOf(event);
            if (!where) return;
            event.preventDefault();
            onStep(unit._id, where);
          }}
          // The button stretches over its whole row: the row is the click target.
          className={
            "min-w-16 flex-1 truncate text-left font-semibold after:absolute after:inset-0 after:rounded-control after:content-[''] " +
            'focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-4 focus-visible:after:outline-focus disabled:cursor-not-allowed ' +
            (out ? 'text-ink-muted line-through' : '')
          }
        >
          {unit.name}
        </button>
        <PlayerViewMarker campaignId={unit.gameDataId} unitId={unit._id} />
        {selected ? <Crosshair aria-hidden="true" className="size-4 shrink-0 text-brand" /> : null}
        {current ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-on-brand">
            <Play aria-hidden="true" className="size-3 fill-current @[20rem]:hidden" />
            {/* On a narrow row the mark alone, so the name keeps its room beside the row's buttons. */}
            <span className="sr-only @[20rem]:not-sr-only">{t('combat.currentTurn')}</span>
          </span>
        ) : null}
        {down ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs font-medium text-ink-muted">
            <Skull aria-hidden="true" className="size-3" />
            {/* On a narrow row the skull alone: the name keeps its room beside "Current turn". */}
            <span className="sr-only @[20rem]:not-sr-only">{t('combat.down')}</span>
          </span>
        ) : null}
        <RowButton
          label={t('combat.rows.tempHpOf', { name: unit.name })}
          forAttribute="data-temp-hp-for"
          unitId={unit._id}
          tabbable={roving}
          disabled={disabled}
          onClick={(event) => onTempHp(unit._id, event.currentTarget)}
        >
          <ShieldPlus aria-hidden="true" className="size-4" />
        </RowButton>
        <RowButton
          label={t('combat.statBlock.openFor', { name: unit.name })}
          title={t('combat.statBlock.open')}
          forAttribute="data-stat-block-for"
          unitId={unit._id}
          expanded={statBlockOpen}
          tabbable={roving}
          onClick={(event) => onStatBlock(unit._id, event.currentTarget)}
        >
          <BookOpen aria-hidden="true" className="size-4" />
        </RowButton>
      </div>
      {tall ? (
        <div className="flex h-6 min-w-0 items-center gap-2">
          <PinnedCharacteristics pinned={pinned} values={unit.characteristics} />
          <CounterChips
            unitId={unit._id}
            name={unit.name}
            counters={unit.counters ?? NO_COUNTERS}
            values={counterValues}
            tabbable={roving}
            disabled={disabled}
            onSpend={onSpendCounter}
            onEdit={onEditCounters}
          />
        </div>
      ) : null}
      {saving ? (
        <DeathSaves
          unitId={unit._id}
          name={unit.name}
          status={unit.status}
          tally={tally}
          disabled={disabled}
          tabbable={roving}
          onSave={onDeathSave}
        />
      ) : (
        <div className="flex min-w-0 items-center gap-2">
          <div className="min-w-0 flex-1">
            <HpBar current={unit.currentHp} max={unit.hp} />
          </div>
          <TempHp value={temp} />
        </div>
      )}
      <div className="flex min-w-0 items-center gap-2 text-sm text-ink-muted">
        {problem ? (
          <p role="alert" title={problem} className="min-w-0 flex-1 truncate text-danger">
            {problem}
          </p>
        ) : (
          <>
            <p className="min-w-0 shrink truncate">
              <span className="sr-only">{t('units.status')}: </span>
              {unit.status}
            </p>
            <ConditionChips conditions={conditions} notes={notes} />
          </>
        )}
        <input
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          value={quick}
          disabled={disabled}
          tabIndex={roving ? 0 : -1}
          placeholder={t('combat.fast.quickPlaceholder')}
          aria-label={t('combat.fast.quickLabel', { name: unit.name })}
          aria-describedby={helpId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setQuick(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && quick !== '') {
              event.preventDefault();
              setQuick('');
              return;
            }
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (!entry.ok || fallen) return;
            setQuick('');
            onQuick(unit._id, entry.type, entry.amount);
          }}
          // Above the row-wide button, so a click lands in the field.
          className={`relative z-10 ml-auto h-7 w-20 shrink-0 rounded-control border bg-surface px-2 font-mono text-sm text-ink tabular-nums placeholder:text-xs placeholder:text-ink-muted ${
            problem ? 'border-danger' : 'border-line'
          }`}
        />
      </div>
    </li>
  );
});

/** A small icon button of a row, above the row-wide target button. */
const RowButton = memo(function RowButton({
  label,
  title,
  tabbable,
  disabled,
  expanded,
  forAttribute,
  unitId,
  children,
  onClick,
}: {
  label: string;
  title?: string;
  tabbable: boolean;
  disabled?: boolean;
  expanded?: boolean;
  /** Marks the button with its unit, so the focus finds it again once the row is drawn anew. */
  forAttribute: 'data-temp-hp-for' | 'data-stat-block-for';
  unitId: string;
  children: ReactNode;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-expanded={expanded}
      title={title ?? label}
      disabled={disabled}
      tabIndex={tabbable ? 0 : -1}
      onClick={onClick}
      {...{ [forAttribute]: unitId }}
      className="relative z-10 inline-flex size-6 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60"
    >
      {children}
    </button>
  );
});

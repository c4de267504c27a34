// Setup of a fight (docs/product.md#combat, #combat-amounts): the units that may join (HP above 0, in no
// group yet), the two groups, the initiative rule, and Start combat once each side has someone. Every choice
// is one action on the server's fight (docs/decisions/021), so another device sees the same setup; the
// server rolls initiative at the start — but the players roll their own: when player
// characters fight, Start asks for their initiatives first. Each available unit can be copied into
// a group in one step (numbered copies, within the unit limit).
// Monsters that play by their rules (docs/decisions/062): lair actions and hazards wait here for the
// start, the start groups identical units and rerolls initiative every round when asked, and a setup
// with both sides is saved as an encounter to run again.
import { usePlayerViewSettings } from '@/lib/player-view';
import { memo, useCallback, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, EyeOff, Mountain, Plus, Save, Search, Swords, Trash2, UserPlus, X } from 'lucide-react';
import {
  availableForSetup,
  canStart,
  effectiveInitiativeRule,
  type CombatGroup,
  type CombatState,
} from '@questkeeper/core/combat/combat';
import { HAZARDS_PER_FIGHT_MAX } from '@questkeeper/core/limits';
import type { CombatHazard, GroupingMode } from '@questkeeper/core/schemas/combat';
import type { EncounterBody } from '@questkeeper/core/schemas/encounters';
import type { Tier } from '@questkeeper/core/tiers';
import { useToast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { Campaign } from '@/lib/campaigns';
import { useSaveEncounter } from '@/lib/encounters';
import type { CombatAction } from '../api/combat';
import { filterUnits } from '@/lib/unit-filter';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { HazardDialog, type HazardValues } from './hazard-dialog';
import { InitiativeDialog, StartOptionsFields, type StartOptions } from './initiative-dialog';
import { usePlayerRequests } from '@/lib/player-requests';
import { InitiativeSettings } from './initiative-settings';
import { PlayerViewMarker } from './player-view-marker';
import { SaveEncounterDialog } from './save-encounter-dialog';
import { useSpawnCopies } from '../hooks/use-spawn-copies';
import { WindowedList } from './windowed-list';

/** Setup rows: h-14 plus a 0.25rem gap. */
const SETUP_PITCH_REM = 3.75;
const SETUP_GAP_REM = 0.25;

interface CombatSetupProps {
  campaign: Campaign;
  tier: Tier;
  units: readonly Unit[];
  unitMap: ReadonlyMap<string, Unit>;
  state: CombatState;
  onAct: (action: CombatAction) => Promise<unknown>;
  onGoToUnits: () => void;
}

export function CombatSetup({ campaign, tier, units, unitMap, state, onAct, onGoToUnits }: CombatSetupProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const available = useMemo(
    () => availableForSetup(units, state.allies, state.enemies),
    [units, state.allies, state.enemies],
  );
  const shown = useMemo(() => filterUnits(available, deferredQuery), [available, deferredQuery]);

  // Handlers read the newest state through a ref: they stay the same, so the rows stay memoised.
  const stateRef = useLatest(state);
  const add = useCallback(
    (group: CombatGroup, ids: readonly string[]) => {
      const now = stateRef.current;
      const joining = ids.filter((unitId) => !now.allies.includes(unitId) && !now.enemies.includes(unitId));
      // One action, so one undo step, whether one unit joins or the bulk buttons send several.
      const [first] = joining;
      if (joining.length === 1 && first !== undefined) void onAct({ type: 'add', unitId: first, group });
      else if (joining.length > 1) void onAct({ type: 'add', unitIds: joining, group });
    },
    [onAct, stateRef],
  );
  const remove = useCallback((unitId: string) => void onAct({ type: 'remove', unitId }), [onAct]);
  // Player characters in the fight type their initiative (or leave it to the rule).
  const [asking, setAsking] = useState(false);
  const playerRequests = usePlayerRequests(campaign._id);
  const playersInFight = useMemo(
    () =>
      [...state.allies, ...state.enemies].flatMap((id) => {
        const unit = unitMap.get(id);
        return unit?.isPlayer ? [unit] : [];
      }),
    [state.allies, state.enemies, unitMap],
  );
  // How the fight starts (docs/decisions/062): a run encounter's grouping is the default.
  const [options, setOptions] = useState<StartOptions>(() => ({
    groups: state.grouping,
    rerollEachRound: false,
  }));
  const [grouping, setGrouping] = useState<GroupingMode>(state.grouping);
  if (grouping !== state.grouping) {
    setGrouping(state.grouping);
    setOptions((now) => ({ ...now, groups: state.grouping }));
  }
  // Only what differs from the fight's own defaults (its grouping, no reroll) is sent.
  const startOptions = {
    ...(options.groups === state.grouping ? {} : { groups: options.groups }),
    ...(options.rerollEachRound ? { rerollEachRound: true } : {}),
  };
  const start = () => {
    if (playersInFight.length > 0) setAsking(true);
    else void onAct({ type: 'start', ...startOptions });
  };
  const [addingHazard, setAddingHazard] = useState(false);
  const addHazard = (values: HazardValues) => {
    setAddingHazard(false);
    void onAct({ type: 'addHazard', ...values });
  };
  const removeHazard = (hazard: CombatHazard) => void onAct({ type: 'removeHazard', hazardId: hazard.id });
  const toast = useToast();
  const saveEncounter = useSaveEncounter(campaign._id);
  const [savingAs, setSavingAs] = useState(false);
  // The units hidden from players in this setup stay hidden when the encounter runs (decision 062).
  const playerSettings = usePlayerViewSettings(campaign._id).data;
  const members = [...state.allies, ...state.enemies];
  const encounterBody: Omit<EncounterBody, 'name'> = {
    allies: state.allies.map((unitId) => ({ unitId })),
    enemies: state.enemies.map((unitId) => ({ unitId, count: 1 })),
    hazards: state.hazards.map(({ name, initiative, hidden }) => ({ name, initiative, hidden })),
    hidden: members.filter((id) => playerSettings?.units[id]?.hidden === true),
    groups: options.groups,
  };
  const openSaveAs = () => {
    saveEncounter.reset();
    setSavingAs(true);
  };
  const save = (body: EncounterBody) =>
    saveEncounter.mutate(body, {
      onSuccess: () => {
        setSavingAs(false);
        toast.success(t('combat.monsters.encounter.saved', { name: body.name }));
      },
    });
  const spawn = useSpawnCopies({ campaignId: campaign._id, tier, units, onAct });
  const openCopies = spawn.canCopy ? spawn.open : undefined;

  const players = available.filter((unit) => unit.isPlayer).map((unit) => unit._id);
  // Initiatives typed on players' phones (docs/product.md#players-take-part): the dialog fills them in.
  const phoneInitiatives: Record<string, number> = {};
  for (const request of playerRequests.data ?? []) {
    if (request.kind === 'initiative' && request.initiative !== null)
      phoneInitiatives[request.as.id] = request.initiative;
  }
  const npcs = available.filter((unit) => !unit.isPlayer).map((unit) => unit._id);
  const ready = canStart(state);

  if (units.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 text-center">
        <p className="text-ink-muted">{t('combat.noUnits')}</p>
        <Button onClick={onGoToUnits} icon={<UserPlus aria-hidden="true" className="size-4" />}>
          {t('combat.goToUnits')}
        </Button>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {spawn.dialog}
      {asking ? (
        <InitiativeDialog
          units={playersInFight}
          initiative={{
            rule: effectiveInitiativeRule(tier, campaign.initiativeRule),
            characteristic: campaign.initiativeCaracName,
            modifier: campaign.initiativeModifier,
          }}
          options={options}
          onOptions={setOptions}
          phoneInitiatives={phoneInitiatives}
          onClose={() => setAsking(false)}
          onStart={(initiatives) => {
            setAsking(false);
            void onAct({ type: 'start', initiatives, ...startOptions });
          }}
        />
      ) : null}
      {addingHazard ? <HazardDialog onAdd={addHazard} onClose={() => setAddingHazard(false)} /> : null}
      {savingAs ? (
        <SaveEncounterDialog
          body={encounterBody}
          saving={saveEncounter.isPending}
          error={saveEncounter.error}
          onSave={save}
          onClose={() => setSavingAs(false)}
        />
      ) : null}
      <Card className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <InitiativeSettings campaign={campaign} tier={tier} />
        <div className="flex flex-col items-start gap-3 lg:w-80 lg:shrink-0 lg:items-end">
          <StartOptionsFields options={options} onOptions={setOptions} />
          <Button
            size="lg"
            onClick={start}
            disabled={!ready}
            aria-haspopup={playersInFight.length > 0 ? 'dialog' : undefined}
            aria-describedby={ready ? undefined : 'combat-start-hint'}
            icon={<Swords aria-hidden="true" className="size-5" />}
          >
            {t('combat.start')}
          </Button>
          {ready ? (
            <Button
              variant="ghost"
              size="sm"
              aria-haspopup="dialog"
              onClick={openSaveAs}
              icon={<Save aria-hidden="true" className="size-4" />}
            >
              {t('combat.monsters.encounter.open')}
            </Button>
          ) : (
            <p id="combat-start-hint" className="text-sm text-ink-muted">
              {t('combat.startHint')}
            </p>
          )}
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Panel title={t('combat.available')} count={available.length} hint={t('combat.availableHint')}>
          <div className="relative">
            <label className="sr-only" htmlFor="combat-available-filter">
              {t('combat.filterLabel')}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
            />
            <input
              id="combat-available-filter"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('combat.filterPlaceholder')}
              className="h-10 w-full rounded-control border border-line bg-surface pr-3 pl-9 text-base text-ink placeholder:text-ink-muted"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={players.length === 0}
              onClick={() => add('allies', players)}
            >
              {t('combat.addPlayers')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={npcs.length === 0}
              onClick={() => add('enemies', npcs)}
            >
              {t('combat.addNpcs')}
            </Button>
          </div>
          {shown.length === 0 ? (
            <p className="rounded-control border border-dashed border-line p-3 text-sm text-ink-muted">
              {available.length === 0
                ? t('combat.noneAvailable')
                : t('combat.noMatch', { query: deferredQuery.trim() })}
            </p>
          ) : (
            <WindowedList
              items={shown}
              pitchRem={SETUP_PITCH_REM}
              gapRem={SETUP_GAP_REM}
              sightRem={28}
              className="flex max-h-[28rem] flex-col overflow-y-auto"
              renderRow={(unit) => (
                <AvailableRow key={unit._id} unit={unit} onAdd={add} onCopies={openCopies} />
              )}
            />
          )}
        </Panel>

        <GroupPanel group="allies" ids={state.allies} unitMap={unitMap} onRemove={remove} />
        <GroupPanel group="enemies" ids={state.enemies} unitMap={unitMap} onRemove={remove} />
      </div>
      <HazardPanel hazards={state.hazards} onAdd={() => setAddingHazard(true)} onRemove={removeHazard} />
    </div>
  );
}

/** The lair actions and hazards set up for the start (placed in the order then). */
function HazardPanel({
  hazards,
  onAdd,
  onRemove,
}: {
  hazards: readonly CombatHazard[];
  onAdd: () => void;
  onRemove: (hazard: CombatHazard) => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel
      title={t('combat.monsters.hazards.listTitle')}
      count={hazards.length}
      countText={`${hazards.length} / ${HAZARDS_PER_FIGHT_MAX}`}
    >
      <div>
        <Button
          variant="secondary"
          size="sm"
          aria-haspopup="dialog"
          onClick={onAdd}
          icon={<Mountain aria-hidden="true" className="size-4" />}
        >
          {t('combat.monsters.hazards.open')}
        </Button>
      </div>
      {hazards.length === 0 ? (
        <p className="rounded-control border border-dashed border-line p-3 text-sm text-ink-muted">
          {t('combat.monsters.hazards.listEmpty')}
        </p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2 xl:grid-cols-3">
          {hazards.map((hazard) => (
            <li
              key={hazard.id}
              className="flex min-h-12 items-center gap-2 rounded-control px-2 hover:bg-surface-muted"
            >
              <Mountain aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
              <div className="min-w-0 flex-1">
                <p title={hazard.name} className="truncate font-medium">
                  {hazard.name}
                </p>
                <p className="flex items-center gap-1.5 text-xs text-ink-muted">
                  {t('combat.log.initiative', { initiative: hazard.initiative })}
                  {hazard.hidden ? (
                    <>
                      <span aria-hidden="true">·</span>
                      <EyeOff aria-hidden="true" className="size-3" />
                      <span>{t('combat.monsters.hazards.hidden')}</span>
                    </>
                  ) : null}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('combat.monsters.hazards.removeOf', { name: hazard.name })}
                title={t('combat.monsters.hazards.removeOf', { name: hazard.name })}
                onClick={() => onRemove(hazard)}
                icon={<Trash2 aria-hidden="true" className="size-4" />}
              />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Panel({
  title,
  count,
  countText,
  hint,
  children,
}: {
  title: string;
  count: number;
  /** What the count says, when not a number of units. */
  countText?: string;
  hint?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="@container flex min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <h3 id={id} className="font-display text-lg font-semibold">
            {title}
          </h3>
          <span className="text-sm text-ink-muted tabular-nums">
            {countText ?? t('combat.groupCount', { count })}
          </span>
        </div>
        {hint ? <p className="text-sm text-ink-muted">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

const AvailableRow = memo(function AvailableRow({
  unit,
  onAdd,
  onCopies,
}: {
  unit: Unit;
  onAdd: (group: CombatGroup, ids: readonly string[]) => void;
  /** Absent at the unit limit. */
  onCopies: ((unit: Unit, group?: CombatGroup) => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex h-14 shrink-0 items-center gap-2 rounded-control px-2 hover:bg-surface-muted">
      <UnitSummary unit={unit} />
      {onCopies ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('combat.fast.copies.openFor', { name: unit.name })}
          title={t('combat.fast.copies.openFor', { name: unit.name })}
          aria-haspopup="dialog"
          onClick={() => onCopies(unit, unit.isPlayer ? 'allies' : 'enemies')}
          icon={<Copy aria-hidden="true" className="size-4" />}
        />
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('combat.addAlly', { name: unit.name })}
        onClick={() => onAdd('allies', [unit._id])}
        icon={<Plus aria-hidden="true" className="size-4" />}
      >
        {/* Words when the panel has room; the icon (and the button's name) when it has not. */}
        <span className="sr-only @xs:not-sr-only">{t('combat.toAllies')}</span>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('combat.addEnemy', { name: unit.name })}
        onClick={() => onAdd('enemies', [unit._id])}
        icon={<Plus aria-hidden="true" className="size-4" />}
      >
        <span className="sr-only @xs:not-sr-only">{t('combat.toEnemies')}</span>
      </Button>
    </li>
  );
});

function UnitSummary({ unit }: { unit: Unit }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 flex-1">
      <div className="flex min-w-0 items-center gap-2">
        <p title={unit.name} className="min-w-0 truncate font-medium">
          {unit.name}
        </p>
        <PlayerViewMarker campaignId={unit.gameDataId} unitId={unit._id} />
      </div>
      <p className="truncate text-xs text-ink-muted">
        {unit.race} · {unit.class} · {t('combat.hpText', { current: unit.currentHp, max: unit.hp })}
      </p>
    </div>
  );
}

function GroupPanel({
  group,
  ids,
  unitMap,
  onRemove,
}: {
  group: CombatGroup;
  ids: readonly string[];
  unitMap: ReadonlyMap<string, Unit>;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const members = ids.flatMap((id) => {
    const unit = unitMap.get(id);
    return unit ? [unit] : [];
  });
  return (
    <Panel title={t(group === 'allies' ? 'combat.allies' : 'combat.enemies')} count={members.length}>
      {members.length === 0 ? (
        <p className="rounded-control border border-dashed border-line p-3 text-sm text-ink-muted">
          {t(group === 'allies' ? 'combat.emptyAllies' : 'combat.emptyEnemies')}
        </p>
      ) : (
        <WindowedList
          items={members}
          pitchRem={SETUP_PITCH_REM}
          gapRem={SETUP_GAP_REM}
          sightRem={31}
          className="flex max-h-[31rem] flex-col overflow-y-auto"
          renderRow={(unit) => (
            <li
              key={unit._id}
              className="flex h-14 shrink-0 items-center gap-2 rounded-control px-2 hover:bg-surface-muted"
            >
              <UnitSummary unit={unit} />
              <Button
                variant="ghost"
                size="sm"
                aria-label={t(group === 'allies' ? 'combat.removeAlly' : 'combat.removeEnemy', {
                  name: unit.name,
                })}
                onClick={() => onRemove(unit._id)}
                icon={<X aria-hidden="true" className="size-4" />}
              />
            </li>
          )}
        />
      )}
    </Panel>
  );
}

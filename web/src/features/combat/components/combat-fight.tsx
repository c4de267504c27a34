// The fight (docs/product.md#combat, #combat-amounts, #limits; docs/decisions/021): round and turn, the
// initiative order, both groups, and the action bar. Every blow, heal, status and next turn is one action on
// the server's fight; picking a target is this screen's own until a blow sends it (the server moves the
// target to the end of its group then, as the screen already shows). Each row's quick field, keyboard
// shortcuts (? lists them), area blows (Shift-click more targets), reinforcements, copies, the order
// fixed by hand, and a word when a heal meets a unit at full HP; each row's death saves, temporary HP
// and pinned numbers, and the stat block beside the fight (docs/decisions/061); counters on the rows, lair
// actions and groups in the order, a reroll on demand (docs/decisions/062). This file only renders: the
// screen's state is hooks/use-combat-fight.ts (its transitions: hooks/combat-fight-reducer.ts).
import { deathSavesOf, isDown } from '@questkeeper/core/combat/death-saves';
import { useCombatFight, type CombatFightInput } from '../hooks/use-combat-fight';
import { ActionBar } from './action-bar';
import { Dices, Mountain, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ConditionDialog } from './condition-dialog';
import { FightBar } from './fight-bar';
import { FightGroup } from './fight-group';
import { GroupDialog } from './group-dialog';
import { HazardDialog } from './hazard-dialog';
import { ShortcutsDialog } from './fight-shortcuts';
import { InitiativeOrder } from './initiative-order';
import { ReinforceDialog } from './reinforce-dialog';
import { StatBlockPanel } from './stat-block-panel';
import { TempHpEditor } from './temp-hp-editor';
import { CountersDialog } from './unit-counters';

export function CombatFight(props: CombatFightInput) {
  const { t } = useTranslation();
  const fight = useCombatFight(props);
  const { state, ending, on, statBlockUnit: statBlock, tempHpUnit } = fight;

  return (
    <div className="flex flex-col gap-4">
      {fight.confirmDialog}
      <FightBar
        round={state.round}
        turn={fight.turnText}
        rerollEachRound={state.rerollEachRound}
        banner={fight.banner?.round ?? null}
        bannerKey={fight.banner?.at ?? 0}
        ending={ending}
        orderRef={fight.orderRef}
        onReinforce={on.openReinforce}
        onHelp={on.openHelp}
        onEnd={on.end}
      />

      {/* The stat block takes a third column from lg; the groups then stack until 2xl, so rows keep their width. */}
      <div
        className={
          'grid gap-4 ' +
          (statBlock
            ? 'lg:grid-cols-[minmax(12rem,16rem)_minmax(0,1fr)_minmax(17rem,20rem)]'
            : 'lg:grid-cols-[minmax(14rem,18rem)_minmax(0,1fr)]')
        }
      >
        <InitiativeOrder
          order={state.order}
          hazards={state.hazards}
          turnIndex={state.turnIndex}
          unitMap={fight.unitMap}
          allies={fight.allies}
          deathSaves={state.deathSaves}
          onReorder={ending ? undefined : on.reorder}
          onRemoveHazard={ending ? undefined : on.removeHazard}
          onUngroup={ending ? undefined : on.ungroup}
          sectionRef={fight.orderRef}
        >
          {/* What changes the order itself: a lair action, a group, a new roll. One short row, so
              the order's first units stay in sight above the action bar. */}
          <div role="group" aria-label={t('combat.monsters.tools')} className="grid grid-cols-3 gap-1.5">
            <OrderTool
              icon={<Mountain aria-hidden="true" className="size-4" />}
              label={t('combat.monsters.hazards.open')}
              short={t('combat.monsters.hazards.short')}
              disabled={ending}
              onClick={on.openHazard}
            />
            <OrderTool
              icon={<Users aria-hidden="true" className="size-4" />}
              label={t('combat.monsters.groups.open')}
              short={t('combat.monsters.groups.short')}
              disabled={ending}
              onClick={on.openGroup}
            />
            <OrderTool
              icon={<Dices aria-hidden="true" className="size-4" />}
              label={t('combat.monsters.reroll.open')}
              short={t('combat.monsters.reroll.short')}
              disabled={ending}
              onClick={on.reroll}
            />
          </div>
        </InitiativeOrder>
        <div
          className={`grid min-w-0 gap-4 md:grid-cols-2 ${statBlock ? 'lg:grid-cols-1 2xl:grid-cols-2' : ''}`}
        >
          <FightGroup
            group="allies"
            ids={state.allies}
            unitMap={fight.unitMap}
            targetId={state.targetId}
            extraIds={fight.extraIds}
            currentIds={fight.currentIds}
            counters={state.counters}
            onSpendCounter={on.spendCounter}
            onEditCounters={on.openCounters}
            classColors={fight.classColors}
            conditions={state.conditions}
            notes={fight.notes}
            tempHp={state.tempHp}
            deathSaves={state.deathSaves}
            pinned={fight.pinned}
            statBlockId={statBlock?._id ?? null}
            disabled={ending}
            onSelect={on.select}
            onQuick={on.quick}
            onDeathSave={on.deathSave}
            onTempHp={on.openTempHp}
            onStatBlock={on.openStatBlock}
          />
          <FightGroup
            group="enemies"
            ids={state.enemies}
            unitMap={fight.unitMap}
            targetId={state.targetId}
            extraIds={fight.extraIds}
            currentIds={fight.currentIds}
            counters={state.counters}
            onSpendCounter={on.spendCounter}
            onEditCounters={on.openCounters}
            classColors={fight.classColors}
            conditions={state.conditions}
            notes={fight.notes}
            tempHp={state.tempHp}
            deathSaves={state.deathSaves}
            pinned={fight.pinned}
            statBlockId={statBlock?._id ?? null}
            disabled={ending}
            onSelect={on.select}
            onQuick={on.quick}
            onDeathSave={on.deathSave}
            onTempHp={on.openTempHp}
            onStatBlock={on.openStatBlock}
          />
        </div>
        {statBlock ? (
          <StatBlockPanel
            unit={statBlock}
            characteristics={props.campaign.characteristics}
            temp={state.tempHp[statBlock._id] ?? 0}
            tally={isDown(statBlock) ? deathSavesOf(state.deathSaves, statBlock._id) : null}
            conditions={state.conditions[statBlock._id] ?? []}
            classHex={fight.classColors.get(statBlock.class)}
            onClose={on.closeStatBlock}
          />
        ) : null}
      </div>

      {/* Stuck to the bottom: toasts and a gliding target keep clear of it (lib/bottom-bar.ts). */}
      <div data-bottom-bar="" className="contents">
        <ActionBar
          target={fight.target}
          extraTargets={fight.extraTargets}
          targets={fight.blowTargets}
          modifiers={fight.modifiers}
          onShare={on.share}
          amountRef={fight.amountRef}
          statuses={fight.statuses}
          amount={fight.amount}
          disabled={ending}
          sources={fight.sources}
          sourceId={fight.sourceId}
          missing={fight.missing}
          onSource={on.source}
          onEnter={on.enter}
          onAmount={on.amount}
          onAct={on.act}
          onStatus={on.status}
          onConditions={on.openConditions}
          onNextTurn={on.nextTurn}
        />
      </div>
      {fight.conditionUnit ? (
        <ConditionDialog
          unit={fight.conditionUnit}
          conditions={state.conditions[fight.conditionUnit._id] ?? []}
          statuses={fight.campaignStatuses}
          fighters={fight.fighters}
          onAct={on.conditionAct}
          onClose={on.closeConditions}
        />
      ) : null}
      {tempHpUnit ? (
        <TempHpEditor
          name={tempHpUnit.name}
          value={state.tempHp[tempHpUnit._id] ?? 0}
          onSave={on.saveTempHp}
          onClose={on.closeTempHp}
        />
      ) : null}
      <ShortcutsDialog open={fight.helpOpen} onClose={on.closeHelp} />
      {fight.countersUnit ? (
        <CountersDialog
          name={fight.countersUnit.name}
          unitId={fight.countersUnit._id}
          counters={fight.countersUnit.counters ?? []}
          values={state.counters}
          onSet={on.setCounter}
          onClose={on.closeCounters}
        />
      ) : null}
      {fight.hazardOpen ? <HazardDialog onAdd={on.addHazard} onClose={on.closeHazard} /> : null}
      {fight.groupOpen ? (
        <GroupDialog
          fighters={fight.fighters}
          allyIds={fight.allies}
          onGroup={on.group}
          onClose={on.closeGroup}
        />
      ) : null}
      {fight.reinforcing ? (
        <ReinforceDialog
          units={fight.available}
          fighting={fight.fighters}
          allyIds={fight.allies}
          onAdd={on.reinforce}
          onCopies={on.copies}
          onClose={on.closeReinforce}
        />
      ) : null}
      {fight.spawnDialog}
    </div>
  );
}

/**
 * One of the order's tools: an icon over a short word; its accessible name (and tooltip) is the
 * whole phrase, which contains the word shown (axe's label-in-name).
 */
function OrderTool({
  icon,
  label,
  short,
  disabled,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  short: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="flex min-h-11 min-w-0 flex-col items-center justify-center gap-0.5 rounded-control border border-line bg-surface px-1 py-1 text-xs font-medium text-ink transition-colors select-none hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60"
    >
      {icon}
      <span className="max-w-full truncate">{short}</span>
    </button>
  );
}

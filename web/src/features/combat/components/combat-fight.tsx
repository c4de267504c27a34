// The fight (docs/product.md#combat, #combat-amounts, #limits; docs/decisions/021): round and turn, the
// initiative order, both groups, and the action bar. Every blow, heal, status and next turn is one action on
// the server's fight; picking a target is this screen's own until a blow sends it (the server moves the
// target to the end of its group then, as the screen already shows). Each row's quick field, keyboard
// shortcuts (? lists them), area blows (Shift-click more targets), reinforcements, copies, the order
// fixed by hand, and a word when a heal meets a unit at full HP. This file only renders: the
// screen's state is hooks/use-combat-fight.ts (its transitions: hooks/combat-fight-reducer.ts).
import { useCombatFight, type CombatFightInput } from '../hooks/use-combat-fight';
import { ActionBar } from './action-bar';
import { ConditionDialog } from './condition-dialog';
import { FightBar } from './fight-bar';
import { FightGroup } from './fight-group';
import { ShortcutsDialog } from './fight-shortcuts';
import { InitiativeOrder } from './initiative-order';
import { ReinforceDialog } from './reinforce-dialog';

export function CombatFight(props: CombatFightInput) {
  const fight = useCombatFight(props);
  const { state, ending, on } = fight;

  return (
    <div className="flex flex-col gap-4">
      {fight.confirmDialog}
      <FightBar
        round={state.round}
        current={fight.current?.name}
        banner={fight.banner?.round ?? null}
        bannerKey={fight.banner?.at ?? 0}
        ending={ending}
        orderRef={fight.orderRef}
        onReinforce={on.openReinforce}
        onHelp={on.openHelp}
        onEnd={on.end}
      />

      <div className="grid gap-4 lg:grid-cols-[minmax(14rem,18rem)_minmax(0,1fr)]">
        <InitiativeOrder
          order={state.order}
          turnIndex={state.turnIndex}
          unitMap={fight.unitMap}
          allies={fight.allies}
          onReorder={ending ? undefined : on.reorder}
          sectionRef={fight.orderRef}
        />
        <div className="grid min-w-0 gap-4 md:grid-cols-2">
          <FightGroup
            group="allies"
            ids={state.allies}
            unitMap={fight.unitMap}
            targetId={state.targetId}
            extraIds={fight.extraIds}
            currentId={fight.currentId}
            classColors={fight.classColors}
            conditions={state.conditions}
            notes={fight.notes}
            disabled={ending}
            onSelect={on.select}
            onQuick={on.quick}
          />
          <FightGroup
            group="enemies"
            ids={state.enemies}
            unitMap={fight.unitMap}
            targetId={state.targetId}
            extraIds={fight.extraIds}
            currentId={fight.currentId}
            classColors={fight.classColors}
            conditions={state.conditions}
            notes={fight.notes}
            disabled={ending}
            onSelect={on.select}
            onQuick={on.quick}
          />
        </div>
      </div>

      {/* Stuck to the bottom: toasts and a gliding target keep clear of it (lib/bottom-bar.ts). */}
      <div data-bottom-bar="" className="contents">
        <ActionBar
          target={fight.target}
          extraTargets={fight.extraTargets}
          amountRef={fight.amountRef}
          statuses={fight.statuses}
          amount={fight.amount}
          disabled={ending}
          sources={fight.fighters}
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
      <ShortcutsDialog open={fight.helpOpen} onClose={on.closeHelp} />
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

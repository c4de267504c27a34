// The players' feed after a fight ends: the end does not rewrite what players
// read. Units that left the fight keep the names players saw; a hidden unit stays "someone unseen",
// one line per turn it took, never a run of repeated lines.
import { describe, expect, it } from 'vitest';
import type { CombatAction } from '../schemas/combat';
import { DEFAULT_PLAYER_VIEW_SETTINGS, type PlayerViewSettings } from '../schemas/player-view';
import { EMPTY_COMBAT } from './combat';
import type { ActionContext, Fight, FightUnit } from './action-types';
import { applyCombatAction } from './actions';
import {
  applyPlayerViewChange,
  toPlayerView,
  unitsWhoseTurnCame,
  type PlayerViewLogEntry,
  type PlayerViewUnit,
} from './player-view';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [ARA, BOR, CAZ, DUR] = [1, 2, 3, 4].map(id) as [string, string, string, string];
const NAMES: Record<string, string> = { [ARA]: 'Ara', [BOR]: 'Bor', [CAZ]: 'Caz', [DUR]: 'Dur' };

/** A fight played through the engine, its log kept as the server keeps it. */
function table(settings: PlayerViewSettings) {
  const hp = new Map(Object.keys(NAMES).map((unitId) => [unitId, 30]));
  let fight: Fight = { state: { ...EMPTY_COMBAT, allies: [ARA], enemies: [BOR, CAZ] }, conditions: {} };
  const log: PlayerViewLogEntry[] = [];
  let ids = 100;
  // Initiative: Ara, Bor, Caz.
  const rolls = [0.9, 0.5, 0.1];
  let roll = 0;
  const context = (): ActionContext => ({
    units: new Map(
      Object.keys(NAMES).map((unitId): [string, FightUnit] => [
        unitId,
        {
          _id: unitId,
          name: NAMES[unitId]!,
          hp: 30,
          currentHp: hp.get(unitId)!,
          status: 'Normal',
          characteristics: {},
          isPlayer: false,
        },
      ]),
    ),
    statuses: [],
    initiativeRule: 'random_d20',
    initiativeCharacteristic: '',
    initiativeModifier: 'value',
    random: () => rolls[roll++ % rolls.length]!,
    rollDie: () => 4,
    newId: () => id(ids++),
  });
  return {
    act(action: CombatAction) {
      const outcome = applyCombatAction(fight, action, context());
      fight = outcome.fight;
      for (const [unitId, change] of outcome.units) hp.set(unitId, change.currentHp);
      log.push(...outcome.entries.map((entry) => ({ ...entry, undone: false })));
    },
    /** What the server serves: the fight's units and those its log names, as players may see them. */
    view() {
      const named = new Set([...fight.state.allies, ...fight.state.enemies]);
      for (const entry of log)
        for (const unit of [entry.turnOf, entry.actor, entry.target]) if (unit) named.add(unit.id);
      const units = new Map<string, PlayerViewUnit>(
        [...named].map((unitId) => [
          unitId,
          {
            _id: unitId,
            name: NAMES[unitId]!,
            class: '',
            hp: 30,
            currentHp: hp.get(unitId)!,
            isPlayer: false,
          },
        ]),
      );
      return toPlayerView({
        state: fight.state,
        conditions: fight.conditions,
        units,
        classes: [],
        statuses: [],
        settings,
        log,
        turnsCame: unitsWhoseTurnCame(log),
        opaqueId: (unitId) => `op-${unitId.slice(-1)}`,
      });
    },
  };
}

const said = (view: ReturnType<ReturnType<typeof table>['view']>) =>
  view.log.map((line) => `${line.type}:${line.actor?.name ?? 'unseen'}`);

describe('player feed after the end', () => {
  const hideCaz = { ...DEFAULT_PLAYER_VIEW_SETTINGS, units: { [CAZ]: { hidden: true } } };

  it('keeps the lines players read, adds one for the end, and repeats no "someone unseen"', () => {
    const fight = table(hideCaz);
    fight.act({ type: 'start' });
    for (let turn = 0; turn < 6; turn++) fight.act({ type: 'nextTurn' });
    const before = said(fight.view());
    expect(before).toEqual([
      'start:Ara',
      'nextTurn:Bor',
      'nextTurn:unseen',
      'nextTurn:Ara',
      'nextTurn:Bor',
      'nextTurn:unseen',
      'nextTurn:Ara',
    ]);

    fight.act({ type: 'end' });
    expect(said(fight.view())).toEqual([...before, 'end:unseen'].slice(-8));

    // The next fight is set up with Ara and a newcomer: the last fight's lines still read the same.
    fight.act({ type: 'add', unitId: ARA, group: 'allies' });
    fight.act({ type: 'add', unitId: DUR, group: 'enemies' });
    const next = said(fight.view());
    expect(next).toEqual([...before, 'end:unseen'].slice(-8));
    const unseenRuns = next.filter((line, i) => line === 'nextTurn:unseen' && next[i - 1] === line);
    expect(unseenRuns).toEqual([]);
  });

  it('a fight won by a blow keeps that blow, so the page can say who was defeated', () => {
    const fight = table(DEFAULT_PLAYER_VIEW_SETTINGS);
    fight.act({ type: 'start' });
    fight.act({ type: 'attack', targetId: BOR, amount: 30 });
    fight.act({ type: 'attack', targetId: CAZ, amount: 30 });
    const last = fight.view().log.at(-1);
    expect(last).toMatchObject({ type: 'attack', target: { name: 'Caz' }, defeated: 'enemies' });
  });

  it('a unit hidden now stays out of the old lines too', () => {
    const fight = table(DEFAULT_PLAYER_VIEW_SETTINGS);
    fight.act({ type: 'start' });
    fight.act({ type: 'nextTurn' });
    fight.act({ type: 'end' });
    const settings = applyPlayerViewChange(DEFAULT_PLAYER_VIEW_SETTINGS, { unit: { id: BOR, hidden: true } });
    const hidden = table(settings);
    hidden.act({ type: 'start' });
    hidden.act({ type: 'nextTurn' });
    hidden.act({ type: 'end' });
    expect(JSON.stringify(hidden.view())).not.toContain('Bor');
  });
});

describe('applyPlayerViewChange', () => {
  it('changes one thing, and drops a unit left with nothing set', () => {
    const hidden = applyPlayerViewChange(DEFAULT_PLAYER_VIEW_SETTINGS, { unit: { id: ARA, hidden: true } });
    expect(hidden.units).toEqual({ [ARA]: { hidden: true } });
    const aliased = applyPlayerViewChange(hidden, { unit: { id: ARA, alias: '  Wolf ' } });
    expect(aliased.units).toEqual({ [ARA]: { hidden: true, alias: 'Wolf' } });
    const shown = applyPlayerViewChange(aliased, { unit: { id: ARA, hidden: false, alias: '' } });
    expect(shown.units).toEqual({});
    const hp = applyPlayerViewChange(shown, { hp: { enemies: 'hidden' } });
    expect(hp.hp).toEqual({ allies: 'exact', enemies: 'hidden' });
  });
});

// Monsters that play by their rules (docs/decisions/062), played through the actions as the server plays
// them: counters that reset and recharge by themselves, lair actions that lose ties, groups that take one
// turn, initiative rolled again each round — and undo bringing every automatic change back.
import { describe, expect, it } from 'vitest';
import type { UnitCounter } from '../schemas/units';
import { fightTable, testId, testUnit } from './fight-table.testing';

const [HERO, DRAGON, GOB1, GOB2, GOB3, ORC] = [1, 2, 3, 4, 5, 6].map(testId) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const LEGENDARY = testId(50);
const BREATH = testId(51);
const SPELL = testId(52);
const RAGE = testId(53);

const counter = (overrides: Partial<UnitCounter> & Pick<UnitCounter, '_id' | 'label'>): UnitCounter => ({
  max: 3,
  kind: 'uses',
  reset: 'turnStart',
  recharge: null,
  ...overrides,
});

/** Hero (d20 → 19) against the Dragon (→ 11): legendary actions 3 at turn start, breath recharge 5–6. */
function dragonFight(dice: number[] = []) {
  const t = fightTable({
    units: [
      testUnit(HERO, 'Hero', { isPlayer: true }),
      testUnit(DRAGON, 'Dragon', {
        hp: 200,
        currentHp: 200,
        counters: [
          counter({ _id: LEGENDARY, label: 'Legendary actions' }),
          counter({
            _id: BREATH,
            label: 'Fire breath',
            max: 1,
            reset: 'never',
            recharge: { die: 6, min: 5 },
          }),
          counter({ _id: SPELL, label: 'Wall of fire', kind: 'countdown', max: 2, reset: 'roundStart' }),
          counter({ _id: RAGE, label: 'Tail', max: 1, reset: 'turnEnd' }),
        ],
      }),
    ],
    state: {},
    rolls: [0.9, 0.5],
    dice,
  });
  t.act({ type: 'add', unitId: HERO, group: 'allies' });
  t.act({ type: 'add', unitId: DRAGON, group: 'enemies' });
  return t;
}

const value = (t: ReturnType<typeof dragonFight>, id: string) => t.state.counters[DRAGON]![id];

describe('counters', () => {
  it('a unit joins with every counter at its max; spending and setting are logged; below 0 is refused', () => {
    const t = dragonFight();
    expect(t.state.counters[DRAGON]).toEqual({ [LEGENDARY]: 3, [BREATH]: 1, [SPELL]: 2, [RAGE]: 1 });
    const [entry] = t.act({ type: 'useCounter', unitId: DRAGON, counterId: LEGENDARY, amount: 2 });
    expect(value(t, LEGENDARY)).toBe(1);
    expect(entry).toMatchObject({
      type: 'counter',
      counter: { reason: 'use', before: 3, after: 1, label: 'Legendary actions' },
    });
    const refusal = t.refusal({ type: 'useCounter', unitId: DRAGON, counterId: LEGENDARY, amount: 2 });
    expect(refusal.fields).toEqual({ amount: { key: 'validation.counterTooLow', params: { value: 1 } } });
    expect(t.refusal({ type: 'setCounter', unitId: DRAGON, counterId: LEGENDARY, value: 4 }).fields).toEqual({
      value: { key: 'validation.tooBig', params: { max: 3 } },
    });
    expect(t.refusal({ type: 'useCounter', unitId: DRAGON, counterId: testId(99) }).fields).toEqual({
      counterId: { key: 'validation.unknownCounter' },
    });
    t.act({ type: 'setCounter', unitId: DRAGON, counterId: LEGENDARY, value: 0 });
    expect(value(t, LEGENDARY)).toBe(0);
  });

  it("legendary actions come back at the start of the dragon's turn, and undoing that turn takes them away again", () => {
    const t = dragonFight();
    t.act({ type: 'start' });
    expect(t.order()).toEqual(['Hero', 'Dragon']);
    t.act({ type: 'useCounter', unitId: DRAGON, counterId: LEGENDARY });
    t.act({ type: 'useCounter', unitId: DRAGON, counterId: LEGENDARY });
    expect(value(t, LEGENDARY)).toBe(1);
    const entries = t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('Dragon');
    expect(value(t, LEGENDARY)).toBe(3);
    expect(entries.map((entry) => entry.type)).toEqual(['nextTurn', 'counter']);
    expect(entries[1]).toMatchObject({
      target: { id: DRAGON, name: 'Dragon' },
      counter: { label: 'Legendary actions', reason: 'reset', before: 1, after: 3, roll: null },
    });
    t.undo();
    expect(t.turn()).toBe('Hero');
    expect(value(t, LEGENDARY)).toBe(1);
  });

  it('a turn-end counter resets when its turn ends, a round-start countdown goes one lower each round and runs out at 0', () => {
    const t = dragonFight();
    t.act({ type: 'start' });
    t.act({ type: 'useCounter', unitId: DRAGON, counterId: RAGE });
    t.act({ type: 'nextTurn' }); // Dragon's turn
    expect(value(t, RAGE)).toBe(0);
    const wrap = t.act({ type: 'nextTurn' }); // ends the dragon's turn, round 2
    expect(value(t, RAGE)).toBe(1);
    expect(value(t, SPELL)).toBe(1);
    expect(wrap.map((entry) => [entry.type, entry.counter?.label ?? null])).toEqual([
      ['counter', 'Tail'],
      ['nextTurn', null],
      ['counter', 'Wall of fire'],
    ]);
    t.act({ type: 'nextTurn' });
    const round3 = t.act({ type: 'nextTurn' });
    expect(value(t, SPELL)).toBe(0);
    expect(round3.find((entry) => entry.counter?.label === 'Wall of fire')?.counter).toMatchObject({
      before: 1,
      after: 0,
      ranOut: true,
    });
    t.act({ type: 'nextTurn' });
    const round4 = t.act({ type: 'nextTurn' });
    // Never below 0, and no entry when nothing changed.
    expect(value(t, SPELL)).toBe(0);
    expect(round4.some((entry) => entry.counter?.label === 'Wall of fire')).toBe(false);
  });

  it('a recharge below its max rolls its die at the start of the turn: min or more refills it, a miss is logged too', () => {
    const t = dragonFight([3, 6]);
    t.act({ type: 'start' });
    t.act({ type: 'useCounter', unitId: DRAGON, counterId: BREATH });
    const miss = t.act({ type: 'nextTurn' });
    expect(value(t, BREATH)).toBe(0);
    expect(miss.find((entry) => entry.counter?.reason === 'recharge')?.counter).toMatchObject({
      label: 'Fire breath',
      roll: 3,
      die: 6,
      min: 5,
      before: 0,
      after: 0,
    });
    t.act({ type: 'nextTurn' });
    const hit = t.act({ type: 'nextTurn' });
    expect(value(t, BREATH)).toBe(1);
    expect(hit.find((entry) => entry.counter?.reason === 'recharge')?.counter).toMatchObject({
      roll: 6,
      after: 1,
    });
    // At its max, nothing is rolled.
    t.act({ type: 'nextTurn' });
    t.setDice([1]);
    const full = t.act({ type: 'nextTurn' });
    expect(full.some((entry) => entry.counter?.reason === 'recharge')).toBe(false);
  });
});

describe('lair actions and hazards', () => {
  it('lose ties, take their turn in the rotation, and can be removed on their turn', () => {
    // Hero rolls 20, Dragon 20 too (0.95 → 20): the lair action on 20 comes after both.
    const t = fightTable({
      units: [testUnit(HERO, 'Hero', { isPlayer: true }), testUnit(DRAGON, 'Dragon')],
      state: { allies: [HERO], enemies: [DRAGON] },
      rolls: [0.95],
    });
    const [added] = t.act({ type: 'addHazard', name: 'Cave tremors' });
    expect(added).toMatchObject({
      type: 'addHazard',
      hazard: { name: 'Cave tremors', hidden: false },
      initiative: 20,
    });
    t.act({ type: 'start' });
    expect(t.order()).toEqual(['Dragon', 'Hero', '[Cave tremors]']);
    expect(t.state.order.at(-1)).toMatchObject({ initiative: 20 });
    t.act({ type: 'nextTurn' });
    const [turn] = t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('[Cave tremors]');
    expect(turn).toMatchObject({ type: 'nextTurn', turnOf: null, hazard: { name: 'Cave tremors' } });
    const hazardId = t.state.hazards[0]!.id;
    t.act({ type: 'removeHazard', hazardId });
    expect(t.order()).toEqual(['Dragon', 'Hero']);
    expect(t.turn()).toBe('Dragon');
    expect(t.refusal({ type: 'removeHazard', hazardId }).fields).toEqual({
      hazardId: { key: 'validation.unknownHazard' },
    });
  });

  it('added mid-fight before the current turn, it acts from the next round and the turn stays', () => {
    const t = fightTable({
      units: [testUnit(HERO, 'Hero'), testUnit(DRAGON, 'Dragon')],
      state: { allies: [HERO], enemies: [DRAGON] },
      rolls: [0.5, 0.1],
    });
    t.act({ type: 'start' });
    t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('Dragon');
    t.act({ type: 'addHazard', name: 'Rising water', initiative: 15, hidden: true });
    expect(t.order()).toEqual(['[Rising water]', 'Hero', 'Dragon']);
    expect(t.turn()).toBe('Dragon');
    t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('[Rising water]');
    expect(t.state.round).toBe(2);
  });
});

describe('groups', () => {
  function goblins(rolls = [0.5, 0.9, 0.1]) {
    return fightTable({
      units: [
        testUnit(HERO, 'Hero', { isPlayer: true }),
        testUnit(GOB1, 'Goblin'),
        testUnit(ORC, 'Orc'),
        testUnit(GOB2, 'Goblin 2'),
        testUnit(GOB3, 'Goblin 3'),
      ],
      state: { allies: [HERO], enemies: [GOB1, ORC, GOB2, GOB3] },
      rolls,
    });
  }

  it('by name: goblins roll once, stand together and take one turn', () => {
    const t = goblins();
    // Hero 11, the goblins 19 (one roll), the orc 3.
    const [start] = t.act({ type: 'start', groups: 'byName' });
    expect(t.drawn).toBe(3);
    expect(t.order()).toEqual(['Goblin', 'Goblin 2', 'Goblin 3', 'Hero', 'Orc']);
    const groupId = t.state.order[0]!.groupId!;
    expect(
      t.state.order.slice(0, 3).every((entry) => entry.groupId === groupId && entry.initiative === 19),
    ).toBe(true);
    expect(start).toMatchObject({ group: { id: groupId, name: 'Goblin', size: 3 } });
    const [turn] = t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('Hero');
    expect(turn!.group).toBeNull();
    t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('Orc');
  });

  it('a fallen first member passes the turn to the next one standing; a group with nobody standing is skipped', () => {
    const t = goblins();
    t.act({ type: 'start', groups: 'byName' });
    t.act({ type: 'attack', targetId: GOB1, amount: 30, sourceId: HERO });
    t.act({ type: 'nextTurn' });
    t.act({ type: 'nextTurn' });
    const [wrap] = t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('Goblin 2');
    expect(wrap).toMatchObject({
      wrapped: true,
      turnOf: { name: 'Goblin 2' },
      group: { name: 'Goblin', size: 3 },
    });
    t.act({ type: 'attack', targetId: GOB2, amount: 30, sourceId: HERO });
    t.act({ type: 'attack', targetId: GOB3, amount: 30, sourceId: HERO });
    t.act({ type: 'nextTurn' });
    t.act({ type: 'nextTurn' });
    t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('Hero');
  });

  it('the group and ungroup actions change groups during the fight; units of two sides are refused', () => {
    const t = goblins([0.5, 0.9, 0.1, 0.3, 0.7]);
    t.act({ type: 'start' });
    expect(t.order()).toEqual(['Goblin', 'Goblin 3', 'Hero', 'Goblin 2', 'Orc']);
    expect(t.refusal({ type: 'group', unitIds: [GOB1, HERO] }).fields).toEqual({
      unitIds: { key: 'validation.groupOneSide' },
    });
    const [entry] = t.act({ type: 'group', unitIds: [GOB1, GOB2] });
    expect(t.order()).toEqual(['Goblin', 'Goblin 2', 'Goblin 3', 'Hero', 'Orc']);
    expect(entry).toMatchObject({ type: 'group', group: { name: 'Goblin', size: 2 }, initiative: 19 });
    const groupId = t.state.order[0]!.groupId!;
    t.act({ type: 'nextTurn' });
    expect(t.turn()).toBe('Goblin 3');
    t.act({ type: 'ungroup', groupId });
    expect(t.state.order.some((item) => item.groupId !== undefined)).toBe(false);
    expect(t.refusal({ type: 'ungroup', groupId }).fields).toEqual({
      groupId: { key: 'validation.unknownGroup' },
    });
  });
});

describe('initiative rolled again', () => {
  it('each round when the fight starts so: typed initiatives kept, one entry, undo brings the old order back exactly', () => {
    const t = fightTable({
      units: [testUnit(HERO, 'Hero', { isPlayer: true }), testUnit(DRAGON, 'Dragon'), testUnit(ORC, 'Orc')],
      state: { allies: [HERO], enemies: [DRAGON, ORC] },
      rolls: [0.9, 0.1, 0.05, 0.95],
    });
    t.act({ type: 'start', initiatives: { [HERO]: 12 }, rerollEachRound: true });
    // Dragon 19, Hero 12 (typed), Orc 3.
    expect(t.order()).toEqual(['Dragon', 'Hero', 'Orc']);
    const before = structuredClone(t.state);
    t.act({ type: 'nextTurn' });
    t.act({ type: 'nextTurn' });
    const wrap = t.act({ type: 'nextTurn' });
    // Dragon 2 (0.05), Orc 20 (0.95), Hero kept at 12.
    expect(t.order()).toEqual(['Orc', 'Hero', 'Dragon']);
    expect(t.turn()).toBe('Orc');
    expect(t.state.round).toBe(2);
    expect(wrap.map((entry) => entry.type)).toEqual(['reroll', 'nextTurn']);
    expect(wrap[0]!.initiatives!.map((item) => [item.unit.name, item.initiative, item.typed])).toEqual([
      ['Orc', 20, false],
      ['Hero', 12, true],
      ['Dragon', 2, false],
    ]);
    t.undo();
    t.undo();
    t.undo();
    expect(t.state).toEqual(before);
  });

  it('on demand: the order is sorted again and the turn goes to the new first entry', () => {
    const t = fightTable({
      units: [testUnit(HERO, 'Hero'), testUnit(DRAGON, 'Dragon')],
      state: { allies: [HERO], enemies: [DRAGON] },
      rolls: [0.9, 0.1, 0.1, 0.9],
    });
    t.act({ type: 'start' });
    expect(t.order()).toEqual(['Hero', 'Dragon']);
    const [entry] = t.act({ type: 'rerollInitiative' });
    expect(entry).toMatchObject({ type: 'reroll' });
    expect(t.order()).toEqual(['Dragon', 'Hero']);
    expect(t.turn()).toBe('Dragon');
    expect(t.state.round).toBe(1);
  });
});

// The log's words for counters, lair actions, groups and rerolls (docs/decisions/062), in both
// languages: a recharge says its roll, a turn names the lair action or the group it goes to, a reroll
// lists the new order with a group once.
import { describe, expect, it } from 'vitest';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import type { CombatLogEntry } from '@questkeeper/core/schemas/combat';
import en from '@questkeeper/core/locales/en.json';
import fr from '@questkeeper/core/locales/fr.json';
import { hazardTurnsOf } from '../components/combat-log';
import { entryText } from './log-entry-text';
import { tOf } from '@/test/locale-t';

const NB = '\u00a0';
const dragon = { id: 'u1', name: 'Dragon', group: 'enemies' as const };
const base: CombatLogEntry = {
  id: 'e1',
  step: 3,
  type: 'counter',
  round: 2,
  turnOf: dragon,
  ...BLANK_LOG_DETAILS,
  undone: false,
  at: '2026-11-24T10:00:00.000Z',
};
type Counter = NonNullable<CombatLogEntry['counter']>;
const counter = (fields: Partial<Counter>): CombatLogEntry => ({
  ...base,
  target: dragon,
  counter: {
    id: 'c1',
    label: 'Legendary actions',
    kind: 'uses',
    reason: 'use',
    before: 3,
    after: 2,
    max: 3,
    roll: null,
    die: null,
    min: null,
    ranOut: false,
    ...fields,
  },
});
const english = tOf(en);
const french = tOf(fr, 'fr');

describe('entryText of a counter', () => {
  it('says a use, a set and a reset, with the value before and after', () => {
    expect(entryText(counter({}), english)).toEqual({
      sentence: 'Dragon spends Legendary actions: 2/3 left.',
      details: ['Legendary actions 3 → 2'],
    });
    expect(entryText(counter({ reason: 'set', before: 2, after: 0 }), english).sentence).toBe(
      'Dragon: Legendary actions set to 0/3.',
    );
    expect(entryText(counter({ reason: 'reset', before: 0, after: 3 }), english).sentence).toBe(
      'Dragon: Legendary actions back to 3/3.',
    );
    expect(entryText(counter({}), french).sentence).toBe(
      `Dragon dépense Legendary actions${NB}: il en reste 2/3.`,
    );
  });

  it('says a recharge roll, made or missed, as "Recharge 5–6: rolled 3"', () => {
    const breath = (roll: number, after: number) =>
      counter({ label: 'Fire breath', reason: 'recharge', before: 0, after, max: 1, roll, die: 6, min: 5 });
    expect(entryText(breath(3, 0), english).sentence).toBe(
      'Dragon: Fire breath, Recharge 5–6: rolled 3, not recharged.',
    );
    expect(entryText(breath(6, 1), english).sentence).toBe(
      'Dragon: Fire breath, Recharge 5–6: rolled 6, recharged.',
    );
    expect(entryText(breath(3, 0), french).sentence).toBe(
      `Dragon${NB}: Fire breath, Recharge 5–6${NB}: 3 obtenu, non rechargé.`,
    );
  });

  it('says a countdown going down and running out', () => {
    const out = counter({
      label: 'Collapse',
      kind: 'countdown',
      reason: 'reset',
      before: 1,
      after: 0,
      ranOut: true,
    });
    expect(entryText(out, english)).toEqual({
      sentence: 'Dragon: Collapse counts down to 0.',
      details: ['Collapse 1 → 0', 'Collapse ran out'],
    });
    expect(entryText(out, french).details).toEqual([`Collapse${NB}: 1 → 0`, 'Collapse est épuisé']);
  });
});

describe('entryText of lair actions, groups and rerolls', () => {
  const hazard = { id: 'h1', name: 'Cave tremors', hidden: true };

  it('says a lair action added, removed, and its turn', () => {
    const added: CombatLogEntry = { ...base, type: 'addHazard', turnOf: null, hazard, initiative: 20 };
    expect(entryText(added, english)).toEqual({
      sentence: 'Lair action or hazard added: Cave tremors.',
      details: ['Initiative 20', 'hidden from players'],
    });
    expect(entryText({ ...added, type: 'removeHazard', initiative: null }, french).sentence).toBe(
      `Action de repaire ou danger retiré${NB}: Cave tremors.`,
    );
    const turn: CombatLogEntry = { ...base, type: 'nextTurn', turnOf: null, hazard };
    expect(entryText(turn, english).sentence).toBe('Lair action: Cave tremors.');
    expect(entryText({ ...turn, wrapped: true }, english).sentence).toBe(
      'Round 2 begins: lair action Cave tremors.',
    );
    expect(entryText(turn, french).sentence).toBe(`Action de repaire${NB}: Cave tremors.`);
  });

  it('names a group by its first member and its size', () => {
    const group = { id: 'g1', name: 'Goblin', size: 3 };
    const turn: CombatLogEntry = { ...base, type: 'nextTurn', turnOf: { ...dragon, name: 'Goblin' }, group };
    expect(entryText(turn, english).sentence).toBe('Turn of Goblin ×3.');
    // tOf leaves out the "de" the app's formatter writes ("Au tour de Goblin × 3").
    expect(entryText(turn, french).sentence).toBe('Au tour Goblin × 3.');
    expect(entryText({ ...base, type: 'group', group }, english).sentence).toBe(
      'Goblin ×3 now take one turn together.',
    );
    expect(entryText({ ...base, type: 'ungroup', group }, french).sentence).toBe(
      'Goblin × 3 ne jouent plus un seul tour ensemble.',
    );
  });

  it('lists the new order of a reroll, a group once', () => {
    const item = (name: string, initiative: number, groupId: string | null = null, isHazard = false) => ({
      unit: { id: name, name, group: null },
      initiative,
      typed: false,
      hazard: isHazard,
      groupId,
    });
    const reroll: CombatLogEntry = {
      ...base,
      type: 'reroll',
      initiatives: [
        item('Goblin', 17, 'g1'),
        item('Goblin 2', 17, 'g1'),
        item('Aria', 12),
        item('Cave tremors', 12, null, true),
      ],
    };
    expect(entryText(reroll, english)).toEqual({
      sentence: 'Initiative rolled again.',
      details: ['New order: Goblin ×2 17, Aria 12, Cave tremors 12'],
    });
    expect(entryText(reroll, french).sentence).toBe('Initiative relancée.');
  });
});

describe('the log on a lair action’s turn', () => {
  it('reads the entries written on it as that lair action’s turn', () => {
    const entries: CombatLogEntry[] = [
      {
        ...base,
        id: 'n1',
        type: 'nextTurn',
        turnOf: null,
        hazard: { id: 'h1', name: 'Cave tremors', hidden: false },
      },
      { ...base, id: 'a1', type: 'attack', turnOf: null },
      { ...base, id: 'n2', type: 'nextTurn', turnOf: dragon },
      { ...base, id: 'a2', type: 'attack', turnOf: dragon },
    ];
    expect([...hazardTurnsOf(entries)]).toEqual([
      ['n1', 'Cave tremors'],
      ['a1', 'Cave tremors'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { combatSummary, type CombatLogEntry } from '../schemas/combat';
import { BLANK_LOG_DETAILS } from './action-types';
import { summarizeFight } from './summary';

const ara = { id: 'a', name: 'Ara', group: 'allies' as const };
const caz = { id: 'c', name: 'Caz', group: 'enemies' as const };
let second = 0;

function entry(overrides: Partial<CombatLogEntry>): CombatLogEntry {
  second += 1;
  return {
    id: crypto.randomUUID(),
    step: second,
    type: 'attack',
    round: 1,
    turnOf: null,
    ...BLANK_LOG_DETAILS,
    undone: false,
    at: new Date(Date.UTC(2026, 10, 24, 20, 0, second)).toISOString(),
    ...overrides,
  };
}

describe('summarizeFight', () => {
  it('counts rounds, duration, effective damage and healing, falls and the defeated side', () => {
    second = 0;
    const log = [
      entry({ type: 'add', target: ara }),
      entry({ type: 'add', target: caz }),
      entry({ type: 'start', turnOf: ara }),
      entry({ actor: ara, target: caz, amount: 12, hpBefore: 20, hpAfter: 8 }),
      entry({ type: 'nextTurn', round: 1, turnOf: caz }),
      entry({ round: 1, actor: caz, target: ara, amount: 5, hpBefore: 30, hpAfter: 25 }),
      // Undone blows do not count.
      entry({ round: 1, actor: caz, target: ara, amount: 25, hpBefore: 25, hpAfter: 0, undone: true }),
      entry({ type: 'heal', round: 1, actor: caz, target: caz, amount: 50, hpBefore: 8, hpAfter: 20 }),
      entry({ type: 'nextTurn', round: 2, turnOf: ara, wrapped: true }),
      // Overkill: 40 rolled on 20 HP deals 20.
      entry({ round: 2, actor: ara, target: caz, amount: 40, hpBefore: 20, hpAfter: 0, defeated: 'enemies' }),
    ];
    const summary = summarizeFight(log);
    // The shape the API sends with an ended fight (decision 030).
    expect(combatSummary.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({
      rounds: 2,
      startedAt: log[2]!.at,
      endedAt: log[9]!.at,
      durationMs: 7000,
      defeated: 'enemies',
    });
    expect(summary.units).toEqual([
      {
        ...ara,
        damageDealt: 32,
        damageTaken: 5,
        healingDone: 0,
        healingReceived: 0,
        falls: 0,
        fallen: false,
      },
      {
        ...caz,
        damageDealt: 5,
        damageTaken: 32,
        healingDone: 12,
        healingReceived: 12,
        falls: 1,
        fallen: true,
      },
    ]);
  });

  // Damage and healing go to the blow's source, whoever's turn it was; none, no one.
  it('credits the source of each blow, not whose turn it was, and no one without a source', () => {
    second = 0;
    const log = [
      entry({ type: 'start', turnOf: ara }),
      // Caz hits Ara on Ara's turn (a reaction), a trap hits Caz, Caz heals itself.
      entry({ turnOf: ara, actor: caz, target: ara, amount: 4, hpBefore: 30, hpAfter: 26 }),
      entry({ turnOf: ara, actor: null, target: caz, amount: 7, hpBefore: 20, hpAfter: 13 }),
      entry({ type: 'heal', turnOf: ara, actor: caz, target: caz, amount: 3, hpBefore: 13, hpAfter: 16 }),
      entry({ type: 'heal', turnOf: ara, actor: null, target: ara, amount: 2, hpBefore: 26, hpAfter: 28 }),
    ];
    const byId = new Map(summarizeFight(log).units.map((unit) => [unit.id, unit]));
    expect(byId.get('a')).toMatchObject({
      damageDealt: 0,
      damageTaken: 4,
      healingDone: 0,
      healingReceived: 2,
    });
    expect(byId.get('c')).toMatchObject({
      damageDealt: 4,
      damageTaken: 7,
      healingDone: 3,
      healingReceived: 3,
    });
  });

  // Decision 061: damage is the HP a blow actually removed, whatever temporary HP absorbed or a
  // modifier made of the roll; death saves and temporary HP set by hand count nothing.
  it('counts HP removed, not temporary HP absorbed, shares of a modified roll, nor death saves', () => {
    second = 0;
    const log = [
      entry({ type: 'start', turnOf: ara }),
      entry({ type: 'setTempHp', target: caz, tempBefore: 0, tempAfter: 8 }),
      // 7 on Caz's 8 temporary HP: no HP lost.
      entry({ actor: ara, target: caz, amount: 7, hpBefore: 20, hpAfter: 20, tempBefore: 8, tempAfter: 1 }),
      // 5 on 1 temporary HP: 4 HP lost.
      entry({ actor: ara, target: caz, amount: 5, hpBefore: 20, hpAfter: 16, tempBefore: 1, tempAfter: 0 }),
      // Half of 9 is 4; none of 9 is 0.
      entry({ actor: ara, target: caz, amount: 4, rolled: 9, modifier: 'half', hpBefore: 16, hpAfter: 12 }),
      entry({ actor: ara, target: caz, amount: 0, rolled: 9, modifier: 'none', hpBefore: 12, hpAfter: 12 }),
      // Double of 999 on 30 HP: 30 removed, one fall.
      entry({
        actor: caz,
        target: ara,
        amount: 1998,
        rolled: 999,
        modifier: 'double',
        hpBefore: 30,
        hpAfter: 0,
      }),
      entry({
        type: 'deathSave',
        target: ara,
        deathSave: { result: 'failure', successes: 0, failures: 3 },
        statusBefore: 'Normal',
        statusAfter: 'Dead',
        defeated: 'allies',
      }),
    ];
    const summary = summarizeFight(log);
    expect(combatSummary.parse(summary)).toEqual(summary);
    const byId = new Map(summary.units.map((unit) => [unit.id, unit]));
    expect(byId.get('c')).toMatchObject({ damageTaken: 8, damageDealt: 30, falls: 0, fallen: false });
    expect(byId.get('a')).toMatchObject({ damageTaken: 30, damageDealt: 8, falls: 1, fallen: true });
    expect(summary).toMatchObject({ defeated: 'allies', endedAt: log.at(-1)!.at });
  });

  it('reads an empty or unstarted log as no fight yet', () => {
    expect(summarizeFight([])).toEqual({
      rounds: 0,
      startedAt: null,
      endedAt: null,
      durationMs: null,
      defeated: null,
      units: [],
    });
    expect(summarizeFight([entry({ type: 'add', target: ara })]).durationMs).toBeNull();
  });

  it('closes the duration at End when nobody was defeated', () => {
    second = 0;
    const log = [entry({ type: 'start' }), entry({ type: 'nextTurn' }), entry({ type: 'end', round: 3 })];
    expect(summarizeFight(log)).toMatchObject({
      rounds: 3,
      durationMs: 2000,
      defeated: null,
      endedAt: log[2]!.at,
    });
  });
});

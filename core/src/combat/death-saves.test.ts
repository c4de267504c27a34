import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEATH_SAVES_TO_END } from '../limits';
import { deathSaveOutcome, deathSavesOf, isDown, matchingStatus, takesTurn } from './death-saves';

const unit = (currentHp: number, isPlayer: boolean) => ({
  _id: 'u',
  name: 'U',
  hp: 10,
  currentHp,
  characteristics: {},
  isPlayer,
});

describe('death saves (docs/decisions/061)', () => {
  it('end stable at three successes, dead at three failures, and go on before', () => {
    expect(deathSaveOutcome(undefined)).toBeNull();
    expect(deathSaveOutcome({ successes: 2, failures: 2 })).toBeNull();
    expect(deathSaveOutcome({ successes: 3, failures: 2 })).toBe('stable');
    expect(deathSaveOutcome({ successes: 1, failures: 3 })).toBe('dead');
  });

  it('have an outcome exactly when one count reached the end (generated)', () => {
    fc.assert(
      fc.property(fc.nat(DEATH_SAVES_TO_END), fc.nat(DEATH_SAVES_TO_END), (successes, failures) => {
        const outcome = deathSaveOutcome({ successes, failures });
        expect(outcome === null).toBe(successes < DEATH_SAVES_TO_END && failures < DEATH_SAVES_TO_END);
      }),
    );
  });

  it('read 0/0 for a unit without a tally, even one named like an object key', () => {
    expect(deathSavesOf({}, 'u')).toEqual({ successes: 0, failures: 0 });
    expect(deathSavesOf({}, 'constructor')).toEqual({ successes: 0, failures: 0 });
    expect(deathSavesOf({ u: { successes: 1, failures: 2 } }, 'u')).toEqual({ successes: 1, failures: 2 });
  });

  it('Down is a player character at 0 HP, nobody else', () => {
    expect(isDown(unit(0, true))).toBe(true);
    expect(isDown(unit(1, true))).toBe(false);
    expect(isDown(unit(0, false))).toBe(false);
    expect(isDown({ currentHp: 0 })).toBe(false);
  });

  it('a unit takes its turn above 0 HP, or Down while its saves go on', () => {
    expect(takesTurn(unit(5, false), {})).toBe(true);
    expect(takesTurn(unit(0, false), {})).toBe(false);
    expect(takesTurn(unit(0, true), {})).toBe(true);
    expect(takesTurn(unit(0, true), { u: { successes: 2, failures: 2 } })).toBe(true);
    expect(takesTurn(unit(0, true), { u: { successes: 3, failures: 0 } })).toBe(false);
    expect(takesTurn(unit(0, true), { u: { successes: 0, failures: 3 } })).toBe(false);
    expect(takesTurn(undefined, {})).toBe(false);
  });

  it("finds the campaign's status for an outcome without case, accents or spaces, else none", () => {
    const statuses = [
      { _id: '1', name: 'Normal' },
      { _id: '2', name: '  MORTE ' },
      { _id: '3', name: 'stabilise' },
      { _id: '4', name: 'Décédé' },
    ];
    expect(matchingStatus(statuses, 'dead')?._id).toBe('2');
    expect(matchingStatus(statuses, 'stable')?._id).toBe('3');
    expect(matchingStatus([{ _id: '5', name: 'decede' }], 'dead')?._id).toBe('5');
    expect(matchingStatus([{ _id: '6', name: 'Stabilisé(e)' }], 'stable')?._id).toBe('6');
    expect(
      matchingStatus(
        [
          { _id: '7', name: 'Deadly' },
          { _id: '8', name: 'Unconscious' },
        ],
        'dead',
      ),
    ).toBe(undefined);
    expect(matchingStatus(statuses.slice(0, 1), 'stable')).toBeUndefined();
  });
});

// The players' feed names a blow's source, or nobody when it had none.
import { describe, expect, it } from 'vitest';
import type { PlayerLogLine } from '@questkeeper/core/schemas/player-view';
import en from '@questkeeper/core/locales/en.json';
import fr from '@questkeeper/core/locales/fr.json';
import { playerLogText } from './player-log-text';
import { tOf } from '@/test/locale-t';

const line = (fields: Partial<PlayerLogLine>): PlayerLogLine =>
  ({
    type: 'attack',
    round: 1,
    actor: null,
    target: { name: 'Tamsin' },
    amount: 4,
    condition: null,
    wrapped: false,
    defeated: null,
    ...fields,
  }) as PlayerLogLine;

describe('playerLogText of a blow', () => {
  it('says who dealt it, or only what the target took', () => {
    expect(playerLogText(line({ actor: { name: 'Borin' } as PlayerLogLine['actor'] }), tOf(en))).toBe(
      'Borin attacks Tamsin: 4 damage.',
    );
    expect(playerLogText(line({}), tOf(en))).toBe('Tamsin takes 4 damage.');
    expect(playerLogText(line({ type: 'heal' }), tOf(en))).toBe('Tamsin regains 4 HP.');
    expect(playerLogText(line({}), tOf(fr, 'fr'))).toBe('Tamsin subit 4 dégâts.');
    expect(playerLogText(line({ amount: 1 }), tOf(fr, 'fr'))).toBe('Tamsin subit 1 dégât.');
    expect(playerLogText(line({ type: 'heal' }), tOf(fr, 'fr'))).toBe('Tamsin récupère 4 PV.');
  });
});

// docs/decisions/061-what-a-gm-tracks-every-round.md: a death save, its tally and its outcome.
describe('playerLogText of a death save', () => {
  const save = (result: 'success' | 'failure', successes: number, failures: number) =>
    line({ type: 'deathSave', amount: null, deathSave: { result, successes, failures } });
  it('says the result and the tally, then the outcome once reached, in both languages', () => {
    expect(playerLogText(save('success', 2, 1), tOf(en))).toBe(
      'Tamsin makes a death save: success (2 ✓, 1 ✗).',
    );
    expect(playerLogText(save('failure', 1, 3), tOf(en))).toBe(
      'Tamsin makes a death save: failure (1 ✓, 3 ✗). Tamsin is dead.',
    );
    expect(playerLogText(save('success', 3, 0), tOf(fr, 'fr'))).toBe(
      'Tamsin fait un jet contre la mort : réussite (3 ✓, 0 ✗). Tamsin se stabilise.',
    );
    expect(playerLogText(save('failure', 0, 3), tOf(fr, 'fr'))).toBe(
      'Tamsin fait un jet contre la mort : échec (0 ✓, 3 ✗). Tamsin succombe.',
    );
  });
});

// docs/decisions/062: a turn that went to a lair action players see names it; a group's turn names the group.
describe('playerLogText of a turn', () => {
  const turn = (fields: Partial<PlayerLogLine>) =>
    line({ type: 'nextTurn', target: null, amount: null, ...fields });
  it('names a visible lair action on start, turn and new-round lines, in both languages', () => {
    expect(playerLogText(turn({ hazard: 'Cave tremors' }), tOf(en))).toBe('Lair action: Cave tremors.');
    expect(playerLogText(turn({ wrapped: true, round: 3, hazard: 'Cave tremors' }), tOf(en))).toBe(
      'Round 3 begins. Lair action: Cave tremors.',
    );
    expect(playerLogText(turn({ type: 'start', hazard: 'Cave tremors' }), tOf(en))).toBe(
      'The fight begins. Lair action: Cave tremors.',
    );
    expect(playerLogText(turn({ hazard: 'Secousses' }), tOf(fr, 'fr'))).toBe(
      'Action de repaire : Secousses.',
    );
    expect(playerLogText(turn({ wrapped: true, round: 3, hazard: 'Secousses' }), tOf(fr, 'fr'))).toBe(
      'La manche 3 commence. Action de repaire : Secousses.',
    );
    expect(playerLogText(turn({ type: 'start', hazard: 'Secousses' }), tOf(fr, 'fr'))).toBe(
      'Le combat commence. Action de repaire : Secousses.',
    );
    expect(playerLogText(turn({}), tOf(en))).toBe('The turn passes to someone unseen.');
  });

  it("names a group's turn after the group, and a unit's after the unit", () => {
    const actor = { id: 'g1', name: 'Goblin' };
    const names = new Map([['g1', 'Goblin ×3']]);
    expect(playerLogText(turn({ actor }), tOf(en), names)).toBe('Turn of Goblin ×3.');
    expect(playerLogText(turn({ actor }), tOf(en))).toBe('Turn of Goblin.');
    expect(playerLogText(turn({ actor, wrapped: true, round: 2 }), tOf(en), names)).toBe(
      'Round 2 begins: turn of Goblin ×3.',
    );
  });
});

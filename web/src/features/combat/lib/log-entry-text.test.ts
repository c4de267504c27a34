// The reorder entry (decision 031) in words: its sentence and its new initiative.
import { describe, expect, it } from 'vitest';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import type { CombatLogEntry } from '@questkeeper/core/schemas/combat';
import en from '@questkeeper/core/locales/en.json';
import fr from '@questkeeper/core/locales/fr.json';
import { entryText } from './log-entry-text';
import { tOf } from '@/test/locale-t';

const entry: CombatLogEntry = {
  id: 'e1',
  step: 3,
  type: 'reorder',
  round: 1,
  turnOf: null,
  ...BLANK_LOG_DETAILS,
  target: { id: 'u1', name: 'Snaga', group: 'enemies' },
  initiative: 80,
  undone: false,
  at: '2026-11-24T10:00:00.000Z',
};

describe('entryText of a reorder', () => {
  it('says who moved, and the new initiative, in both languages', () => {
    expect(entryText(entry, tOf(en))).toEqual({
      sentence: 'Snaga moves in the initiative order.',
      details: ['Initiative 80'],
    });
    expect(entryText(entry, tOf(fr, 'fr')).sentence).toBe("Snaga change de place dans l'ordre d'initiative.");
  });
});

// A blow names its source, or nobody ("a trap, a fall"), never whose turn it was.
describe('entryText of a blow', () => {
  const blow = (type: 'attack' | 'heal', actor: CombatLogEntry['actor']): CombatLogEntry => ({
    ...entry,
    type,
    turnOf: { id: 'u9', name: 'Tamsin', group: 'allies' },
    actor,
    target: { id: 'u1', name: 'Goblin 2', group: 'enemies' },
    initiative: null,
    amount: 7,
    hpBefore: 10,
    hpAfter: type === 'attack' ? 3 : 17,
  });
  const borin = { id: 'u2', name: 'Borin', group: 'allies' as const };

  it('reads the source, or no actor at all, in both languages', () => {
    expect(entryText(blow('attack', borin), tOf(en)).sentence).toBe('Borin attacks Goblin 2: 7 damage.');
    expect(entryText(blow('attack', null), tOf(en)).sentence).toBe('Goblin 2 takes 7 damage.');
    expect(entryText(blow('heal', null), tOf(en)).sentence).toBe('Goblin 2 regains 7 HP.');
    expect(entryText(blow('attack', null), tOf(fr, 'fr')).sentence).toBe('Goblin 2 subit 7 dégâts.');
    expect(entryText(blow('heal', null), tOf(fr, 'fr')).sentence).toBe('Goblin 2 récupère 7 PV.');
  });
});

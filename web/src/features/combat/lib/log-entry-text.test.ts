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

// What a GM tracks every round (docs/decisions/061-what-a-gm-tracks-every-round.md): temp HP, a
// target's share of the roll, death saves.
describe('entryText of round tracking', () => {
  const target = { id: 'u1', name: 'Borin', group: 'allies' as const };
  const base: CombatLogEntry = { ...entry, target, initiative: null };

  it('shows temp HP soaking a blow', () => {
    const hit = {
      ...base,
      type: 'attack' as const,
      amount: 7,
      hpBefore: 30,
      hpAfter: 30,
      tempBefore: 8,
      tempAfter: 1,
    };
    expect(entryText(hit, tOf(en)).details).toEqual(['HP 30 → 30, temp 8 → 1']);
    expect(entryText(hit, tOf(fr, 'fr')).details).toEqual(['PV 30 → 30, temp. 8 → 1']);
  });

  it("shows each target's share of the one roll", () => {
    const share = (modifier: 'half' | 'double' | 'none', amount: number): CombatLogEntry => ({
      ...base,
      type: 'attack',
      amount,
      rolled: 14,
      modifier,
      hpBefore: 40,
      hpAfter: 40 - amount,
    });
    expect(entryText(share('half', 7), tOf(en)).details[0]).toBe('½ of 14 = 7');
    expect(entryText(share('double', 28), tOf(en)).details[0]).toBe('×2 of 14 = 28');
    expect(entryText(share('none', 0), tOf(en)).details[0]).toBe('0 of 14');
    expect(entryText(share('half', 7), tOf(fr, 'fr')).details[0]).toBe('½ de 14 = 7');
    expect(entryText(share('none', 0), tOf(fr, 'fr')).details[0]).toBe('0 de 14');
  });

  it('writes a temp HP change', () => {
    const set = { ...base, type: 'setTempHp' as const, tempBefore: 0, tempAfter: 8 };
    expect(entryText(set, tOf(en)).sentence).toBe('Borin: temp HP 0 → 8.');
    expect(entryText(set, tOf(fr, 'fr')).sentence).toBe('Borin : PV temporaires 0 → 8.');
  });

  it('writes a death save, its outcome and the status it set', () => {
    const save = (
      result: 'success' | 'failure',
      successes: number,
      failures: number,
      status: [string, string] | null = null,
    ): CombatLogEntry => ({
      ...base,
      type: 'deathSave',
      deathSave: { result, successes, failures },
      statusBefore: status?.[0] ?? null,
      statusAfter: status?.[1] ?? null,
    });
    expect(entryText(save('success', 2, 1), tOf(en))).toEqual({
      sentence: 'Borin — death save: success (2 ✓, 1 ✗).',
      details: [],
    });
    expect(entryText(save('failure', 0, 3, ['Down', 'Dead']), tOf(en)).details).toEqual([
      'dead',
      'status Down → Dead',
    ]);
    expect(entryText(save('success', 3, 0), tOf(en)).details).toEqual(['stable']);
    expect(entryText(save('failure', 1, 2), tOf(fr, 'fr')).sentence).toBe(
      'Borin — jet contre la mort : échec (1 ✓, 2 ✗).',
    );
    expect(entryText(save('success', 3, 1, ['À terre', 'Stable']), tOf(fr, 'fr')).details).toEqual([
      'stabilisé',
      'statut À terre → Stable',
    ]);
  });
});

// An action a player asked for from their phone and the GM approved (docs/product.md#players-take-part).
describe('entryText of a requested action', () => {
  const requested: CombatLogEntry = {
    ...entry,
    type: 'attack',
    actor: { id: 'u2', name: 'Éloïse', group: 'allies' },
    input: '2d6+3',
    amount: 9,
    requestedBy: { id: 'u2', name: 'Éloïse' },
  };

  it('says whose player asked for it in both languages; nothing on an action nobody asked for', () => {
    expect(entryText(requested, tOf(en)).details).toContain("requested by Éloïse's player");
    // The French elision ({{name, de}}) is i18next's formatter, which this t() leaves out; the journey
    // reads "à la demande du joueur de Brenna" on the screen.
    expect(entryText(requested, tOf(fr, 'fr')).details.at(-1)).toMatch(/^à la demande du joueur .*Éloïse$/);
    const { requestedBy: _, ...plain } = requested;
    expect(entryText(plain, tOf(en)).details.join(' ')).not.toContain('requested');
  });
});

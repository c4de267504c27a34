// The reorder entry of issue #16 (decision 031) in words: its sentence and its new initiative.
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/rules/combat-action-types';
import type { CombatLogEntry } from '@questkeeper/core/schemas/combat';
import en from '@questkeeper/core/locales/en.json';
import fr from '@questkeeper/core/locales/fr.json';
import { entryText } from './log-entry-text';

/** A t() over one locale file: nested keys, {{name}} and {{name, de}} (elision) placeholders. */
function tOf(messages: Record<string, unknown>): TFunction {
  return ((key: string, params: Record<string, unknown> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
    return String(text).replace(/\{\{(\w+)(, de)?\}\}/g, (_, name: string) => String(params[name]));
  }) as unknown as TFunction;
}

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
    expect(entryText(entry, tOf(fr)).sentence).toBe("Snaga change de place dans l'ordre d'initiative.");
  });
});

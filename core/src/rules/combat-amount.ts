// The amount of an attack or a heal (issue #14): a whole number 1..999 (spec §5) or a dice
// expression rolled by whoever calls this with its die roller (the server, so its log is the truth).
import { COMBAT_AMOUNT_MAX, COMBAT_AMOUNT_MIN } from '../constants';
import type { MessageKey } from '../i18n';
import { clampRoll, formatRoll, isPlainNumber, parseDice, rollDice, type DieRoller } from './dice';

export type ResolvedAmount =
  | {
      ok: true;
      /** What was asked, as text: "12" or "2d6+3". */
      input: string;
      /** The amount to apply, 1..999. */
      amount: number;
      /** "2d6+3 → [4, 2] + 3 = 9" for dice; null for a plain number. */
      breakdown: string | null;
      /** The roll's total fell outside 1..999. */
      clamped: boolean;
    }
  | { ok: false; key: MessageKey; params: Record<string, string | number> };

function plain(value: number, input: string): ResolvedAmount {
  if (!Number.isInteger(value)) return { ok: false, key: 'validation.integer', params: {} };
  if (value < COMBAT_AMOUNT_MIN)
    return { ok: false, key: 'validation.tooSmall', params: { min: COMBAT_AMOUNT_MIN } };
  if (value > COMBAT_AMOUNT_MAX)
    return { ok: false, key: 'validation.tooBig', params: { max: COMBAT_AMOUNT_MAX } };
  return { ok: true, input, amount: value, breakdown: null, clamped: false };
}

/**
 * A number must be a whole 1..999, and so must a typed plain number ("1000" is refused, not
 * clamped): only a roll may land outside and be brought back, which the log then says.
 */
export function resolveAmount(input: number | string, roll: DieRoller): ResolvedAmount {
  if (typeof input === 'number') return plain(input, String(input));
  const parsed = parseDice(input);
  if (!parsed.ok) return { ok: false, key: parsed.error.key, params: parsed.error.params };
  const text = input.trim();
  if (isPlainNumber(input)) {
    const [term] = parsed.expression.terms;
    const value = term?.kind === 'constant' ? term.sign * term.value : Number.NaN;
    return plain(value, String(value));
  }
  const rolled = rollDice(parsed.expression, roll);
  const { amount, clamped } = clampRoll(rolled, COMBAT_AMOUNT_MIN, COMBAT_AMOUNT_MAX);
  return { ok: true, input: text, amount, breakdown: formatRoll(rolled), clamped };
}

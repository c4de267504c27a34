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

// ---- What the GM types (issue #29 item 3, decisions.md turn 3: one amount grammar) ----

/** What a typed amount asks for: a leading `+` heals, a leading `-` or a bare amount deals damage. */
export type AmountIntent = 'attack' | 'heal';

export interface AmountProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export type TypedAmount =
  | {
      ok: true;
      /** What the sign asks for (Enter, a row's field); the Attack and Heal buttons ignore it. */
      type: AmountIntent;
      /** What an action sends: a number when plain, else the dice expression (rolled by the server). */
      amount: number | string;
    }
  /** problem null: nothing typed yet (not an error, but nothing to send). */
  | { ok: false; problem: AmountProblem | null };

/**
 * Every amount field of the fight reads its text with this one rule (the action bar, each row's
 * field, a `+` or `-` typed with no field focused): an optional sign, then a whole number 1..999 or a
 * dice expression — the same bounds `resolveAmount` applies on the server. `-7`, `7` and `-2d6`
 * damage; `+5` and `+1d8` heal.
 */
export function parseTypedAmount(text: string): TypedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: null };
  const sign = trimmed[0];
  const type: AmountIntent = sign === '+' ? 'heal' : 'attack';
  const rest = sign === '+' || sign === '-' ? trimmed.slice(1).trim() : trimmed;
  if (rest === '') return { ok: false, problem: null };
  if (/^\d+$/.test(rest)) {
    const value = Number(rest);
    if (value < COMBAT_AMOUNT_MIN || value > COMBAT_AMOUNT_MAX)
      return { ok: false, problem: { key: 'combat.amountError' } };
    return { ok: true, type, amount: value };
  }
  const parsed = parseDice(rest);
  if (!parsed.ok) return { ok: false, problem: { key: parsed.error.key, params: parsed.error.params } };
  // "-(3)" style leftovers: a plain number that is not a bare run of digits ("+-3", "--3").
  if (isPlainNumber(rest)) return { ok: false, problem: { key: 'combat.amountError' } };
  return { ok: true, type, amount: rest };
}

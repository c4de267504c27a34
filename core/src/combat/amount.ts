// The amount of an attack or a heal (docs/decisions/021): a whole number 1..999 (docs/product.md#combat)
// or a dice expression rolled by whoever calls this with its die roller (the server, so its log is the
// truth). One rule, `readAmount`, behind the server (resolveAmount), every amount field of the web
// (parseTypedAmount) and `checkAmount` (docs/decisions/056-core-by-domain-one-rule-once.md).
import { checkWholeNumber, type Problem } from '../checks';
import type { MessageKey } from '../i18n';
import { COMBAT_AMOUNT_MAX, COMBAT_AMOUNT_MIN } from '../limits';
import { clampRoll, formatRoll, parseDice, rollDice, type DiceExpression, type DieRoller } from './dice';

/** The bounds of an amount, as the checks take them. */
export const AMOUNT_RANGE = { min: COMBAT_AMOUNT_MIN, max: COMBAT_AMOUNT_MAX } as const;

/** Text that reads as a number ("12", "-3", "2.5"): judged as a number, never as dice. */
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)$/;

export type ReadAmount =
  | { ok: true; plain: number }
  | { ok: true; dice: DiceExpression; text: string }
  | { ok: false; problem: Problem };

/**
 * The amount rule, once. A number, or text that reads as one, must be a whole 1..999 ("1000" is
 * refused, not clamped; "2.5" is not whole); any other text must be a dice expression, whose roll
 * alone may land outside and be brought back (which the log then says).
 */
export function readAmount(input: number | string): ReadAmount {
  const text = typeof input === 'number' ? null : input.trim();
  if (text === null || NUMBER_TEXT.test(text)) {
    const problem = checkWholeNumber(text ?? input, AMOUNT_RANGE);
    return problem ? { ok: false, problem } : { ok: true, plain: Number(text ?? input) };
  }
  const parsed = parseDice(input as string);
  if (!parsed.ok) return { ok: false, problem: { key: parsed.error.key, params: parsed.error.params } };
  return { ok: true, dice: parsed.expression, text };
}

/** The amount's problem (a message key and its params), or null when it may be sent. */
export function checkAmount(input: number | string): Problem | null {
  const read = readAmount(input);
  return read.ok ? null : read.problem;
}

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

/** The amount to apply: a plain number as it is, dice rolled with `roll` and brought into 1..999. */
export function resolveAmount(input: number | string, roll: DieRoller): ResolvedAmount {
  const read = readAmount(input);
  if (!read.ok) return { ok: false, key: read.problem.key, params: read.problem.params };
  if ('plain' in read)
    return { ok: true, input: String(read.plain), amount: read.plain, breakdown: null, clamped: false };
  const rolled = rollDice(read.dice, roll);
  const { amount, clamped } = clampRoll(rolled, COMBAT_AMOUNT_MIN, COMBAT_AMOUNT_MAX);
  return { ok: true, input: read.text, amount, breakdown: formatRoll(rolled), clamped };
}

// ---- What the GM types (one amount grammar) ----

/** What a typed amount asks for: a leading `+` heals, a leading `-` or a bare amount deals damage. */
export type AmountIntent = 'attack' | 'heal';

/** What is wrong with a typed amount: a message key and its params. */
export type AmountProblem = Problem;

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
  const read = readAmount(rest);
  if (!read.ok) return { ok: false, problem: read.problem };
  return { ok: true, type, amount: 'plain' in read ? read.plain : read.text };
}

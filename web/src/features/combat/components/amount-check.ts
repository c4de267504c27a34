// What an amount field may send (issue #14, #16): a whole number 1..999 or a dice expression, the
// same rules as the server's (core/src/rules/combat-amount.ts); and the row's quick field, where a
// sign says what to do: `7` or `-7` damages, `+5` heals (dice too: `+2d4`, `-1d8`).
import { COMBAT_AMOUNT_MAX, COMBAT_AMOUNT_MIN } from '@questkeeper/core/constants';
import { isPlainNumber, parseDice, type DiceErrorKey } from '@questkeeper/core/rules/dice';

export type AmountProblem = {
  key: DiceErrorKey | 'combat.amountError';
  params?: Record<string, string | number>;
};
export type AmountCheck = { ok: true } | { ok: false; problem: AmountProblem | null };

/** null problem: nothing typed yet (not an error, but nothing to send). */
export function checkAmount(text: string): AmountCheck {
  if (text.trim() === '') return { ok: false, problem: null };
  if (/^\s*-?\d+\s*$/.test(text) || isPlainNumber(text)) {
    const value = Number(text.trim());
    return Number.isInteger(value) && value >= COMBAT_AMOUNT_MIN && value <= COMBAT_AMOUNT_MAX
      ? { ok: true }
      : { ok: false, problem: { key: 'combat.amountError' } };
  }
  const parsed = parseDice(text);
  return parsed.ok
    ? { ok: true }
    : { ok: false, problem: { key: parsed.error.key, params: parsed.error.params } };
}

/** The amount as the action sends it: a number when plain, else the expression. */
export function amountValue(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export type QuickEntry =
  | { ok: true; type: 'attack' | 'heal'; amount: number | string }
  | { ok: false; problem: AmountProblem | null };

/** A quick field's text: an optional sign, then an amount. */
export function parseQuick(text: string): QuickEntry {
  const trimmed = text.trim();
  const sign = trimmed[0];
  const type = sign === '+' ? 'heal' : 'attack';
  const rest = sign === '+' || sign === '-' ? trimmed.slice(1) : trimmed;
  const check = checkAmount(rest);
  if (!check.ok)
    return trimmed === ''
      ? { ok: false, problem: null }
      : { ok: false, problem: check.problem ?? { key: 'combat.amountError' } };
  return { ok: true, type, amount: amountValue(rest) };
}

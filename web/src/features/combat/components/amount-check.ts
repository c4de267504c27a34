// What an amount field may send: core's one amount rule (readAmount in
// core/src/combat/amount.ts, docs/decisions/056-core-by-domain-one-rule-once.md) read by every amount
// field of the fight — the action bar, each row's quick field, a sign or digit typed with no field
// focused. `7` or `-7` damages, `+5` heals (dice too: `+2d4`, `-1d8`). The server judges the amount
// with the same function, so a refused amount is worded the same here and in its 400 answer.
import { parseTypedAmount, type AmountProblem, type TypedAmount } from '@questkeeper/core/combat/amount';

export type { AmountProblem };
export type QuickEntry = TypedAmount;

/** A field's text: an optional sign, then an amount (null problem: nothing typed yet). */
export const parseQuick = parseTypedAmount;

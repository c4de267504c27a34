// What an amount field may send (issues #14, #16, #29): core's one grammar (parseTypedAmount in
// core/src/combat/amount.ts) read by every amount field of the fight — the action bar, each
// row's quick field, a sign or digit typed with no field focused. `7` or `-7` damages, `+5` heals
// (dice too: `+2d4`, `-1d8`); the server applies the same bounds.
import { parseTypedAmount, type AmountProblem, type TypedAmount } from '@questkeeper/core/combat/amount';

export type { AmountProblem };
export type QuickEntry = TypedAmount;

/** A field's text: an optional sign, then an amount (null problem: nothing typed yet). */
export const parseQuick = parseTypedAmount;

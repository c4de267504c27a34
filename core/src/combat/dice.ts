// Dice expressions (docs/decisions/021): one parser for the web (syntax checked as the user types) and the
// server (which rolls, so its log is the truth). A hand-written scanner, not a regex: each character
// is read once, and input over DICE_MAX_LENGTH is refused before any work.
import type { MessageKey } from '../i18n';
import { DICE_MAX_CONSTANT, DICE_MAX_DICE, DICE_MAX_LENGTH, DICE_MAX_SIDES } from '../limits';

export type DiceTerm =
  | { kind: 'dice'; sign: 1 | -1; count: number; sides: number; keep?: { mode: 'kh' | 'kl'; count: number } }
  | { kind: 'constant'; sign: 1 | -1; value: number };
export interface DiceExpression {
  source: string;
  terms: DiceTerm[];
}
export type DiceErrorKey = Extract<MessageKey, `dice.errors.${string}`>;
/**
 * A parse failure: `key` is the full locale key (`dice.errors.unexpected`…), ready for t() or
 * translate(); `params` its values (position counted from 1, in characters as the user sees them).
 */
export interface DiceError {
  key: DiceErrorKey;
  params: Record<string, string | number>;
}
export type DiceParse = { ok: true; expression: DiceExpression } | { ok: false; error: DiceError };

type Token =
  | { type: 'number'; value: number; position: number; text: string }
  | { type: 'd' | '+' | '-' | 'kh' | 'kl'; position: number; text: string };

class DiceSyntaxError extends Error {
  constructor(readonly error: DiceError) {
    super(error.key);
  }
}

const fail = (key: DiceErrorKey, params: Record<string, string | number> = {}): never => {
  throw new DiceSyntaxError({ key, params });
};

/** Invisible or unpaired characters are named by code point, so the message stays readable. */
function shown(char: string): string {
  if (char !== ' ' && /[\p{C}\p{Z}]/u.test(char)) {
    return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return char;
}

const isDigit = (char: string) => char >= '0' && char <= '9';
const isSpace = (char: string) => /\s/.test(char);

/** Reads one token at a time, on demand, so the first problem from the left is the one reported. */
function scanner(chars: readonly string[]) {
  let i = 0;
  let ahead: Token | undefined | null = null;
  const scan = (): Token | undefined => {
    while (i < chars.length && isSpace(chars[i]!)) i++;
    const char = chars[i];
    const position = i + 1;
    if (char === undefined) return undefined;
    if (isDigit(char)) {
      let value = 0;
      // Up to 200 digits stays below Number.MAX_VALUE: the range checks still hold.
      while (i < chars.length && isDigit(chars[i]!)) value = value * 10 + Number(chars[i++]);
      return { type: 'number', value, position, text: char };
    }
    i++;
    if (char === '+' || char === '-') return { type: char, position, text: char };
    if (char === 'd' || char === 'D') return { type: 'd', position, text: char };
    if (char === 'k' || char === 'K') {
      const mode = chars[i];
      if (mode === undefined) return fail('dice.errors.unexpectedEnd', { position: chars.length + 1 });
      i++;
      if (mode === 'h' || mode === 'H') return { type: 'kh', position, text: char };
      if (mode === 'l' || mode === 'L') return { type: 'kl', position, text: char };
      return fail('dice.errors.unexpected', { char: shown(mode), position: position + 1 });
    }
    return fail('dice.errors.unexpected', { char: shown(char), position });
  };
  const peek = () => (ahead === null ? (ahead = scan()) : ahead);
  return {
    peek,
    take: () => {
      const token = peek();
      ahead = null;
      return token;
    },
  };
}

function parseTerms(chars: readonly string[]): DiceTerm[] {
  const { peek, take } = scanner(chars);
  let diceSoFar = 0;
  const unexpected = (token: Token | undefined): never =>
    token
      ? fail('dice.errors.unexpected', { char: shown(token.text), position: token.position })
      : fail('dice.errors.unexpectedEnd', { position: chars.length + 1 });
  const number = (): Extract<Token, { type: 'number' }> => {
    const token = take();
    return token?.type === 'number' ? token : unexpected(token);
  };

  const term = (sign: 1 | -1): DiceTerm => {
    const first = take();
    let count = 1;
    if (first?.type === 'number') {
      if (peek()?.type !== 'd') {
        if (first.value > DICE_MAX_CONSTANT) {
          fail('dice.errors.numberTooBig', { max: DICE_MAX_CONSTANT, position: first.position });
        }
        return { kind: 'constant', sign, value: first.value };
      }
      count = first.value;
      take();
    } else if (first?.type !== 'd') {
      return unexpected(first);
    }
    const at = first.position;
    if (count < 1) fail('dice.errors.noDice', { position: at });
    diceSoFar += count;
    if (diceSoFar > DICE_MAX_DICE) fail('dice.errors.tooManyDice', { max: DICE_MAX_DICE, position: at });
    const sides = number();
    if (sides.value < 1 || sides.value > DICE_MAX_SIDES) {
      fail('dice.errors.sidesOutOfRange', { max: DICE_MAX_SIDES, position: sides.position });
    }
    const dice: DiceTerm = { kind: 'dice', sign, count, sides: sides.value };
    const mode = peek();
    if (mode?.type === 'kh' || mode?.type === 'kl') {
      take();
      const kept = number();
      if (kept.value < 1 || kept.value > count) {
        fail('dice.errors.keepOutOfRange', { max: count, position: kept.position });
      }
      dice.keep = { mode: mode.type, count: kept.value };
    }
    return dice;
  };

  const terms: DiceTerm[] = [];
  // A leading sign is allowed ("-1d4+5"); between terms exactly one sign is required.
  let sign: 1 | -1 = 1;
  const lead = peek();
  if (lead?.type === '+' || lead?.type === '-') {
    sign = lead.type === '-' ? -1 : 1;
    take();
  }
  for (;;) {
    terms.push(term(sign));
    const operator = take();
    if (operator === undefined) return terms;
    if (operator.type !== '+' && operator.type !== '-') return unexpected(operator);
    sign = operator.type === '-' ? -1 : 1;
  }
}

/** Never throws: any string (lone surrogates included) gives an expression or an error. */
export function parseDice(input: string): DiceParse {
  if (typeof input !== 'string') return { ok: false, error: { key: 'dice.errors.empty', params: {} } };
  if (input.length > DICE_MAX_LENGTH) {
    return { ok: false, error: { key: 'dice.errors.tooLong', params: { max: DICE_MAX_LENGTH } } };
  }
  // Code points, so positions match what the user sees (an emoji counts 1).
  const chars = Array.from(input);
  if (chars.every(isSpace)) return { ok: false, error: { key: 'dice.errors.empty', params: {} } };
  try {
    return { ok: true, expression: { source: input, terms: parseTerms(chars) } };
  } catch (error) {
    if (error instanceof DiceSyntaxError) return { ok: false, error: error.error };
    throw error;
  }
}

/** True when the input is a plain integer, signed or not (no dice): the UI and log can skip the breakdown. */
export function isPlainNumber(input: string): boolean {
  const parsed = parseDice(input);
  return parsed.ok && parsed.expression.terms.length === 1 && parsed.expression.terms[0]!.kind === 'constant';
}

/** random(sides) returns an integer in 1..sides. */
export type DieRoller = (sides: number) => number;
export interface RolledTerm {
  term: DiceTerm;
  rolls: number[];
  kept: boolean[];
  subtotal: number;
}
export interface DiceRoll {
  expression: DiceExpression;
  terms: RolledTerm[];
  total: number;
}

/** The lowest and highest totals the expression can give. */
export function diceBounds(expression: DiceExpression): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const term of expression.terms) {
    const dice = term.kind === 'dice' ? (term.keep?.count ?? term.count) : 0;
    const [low, high] =
      term.kind === 'dice'
        ? [dice * term.sign, dice * term.sides * term.sign]
        : [term.value * term.sign, term.value * term.sign];
    min += Math.min(low, high);
    max += Math.max(low, high);
  }
  return { min, max };
}

// Expressions may be built by hand (stored, sent back by a client): rolling one past the limits
// would let a request spend unbounded time, so the limits are checked again here.
function assertWithinLimits(expression: DiceExpression): void {
  let dice = 0;
  for (const term of expression.terms) {
    if (term.kind === 'constant') continue;
    dice += term.count;
    const keepValid =
      !term.keep ||
      (Number.isInteger(term.keep.count) && term.keep.count >= 1 && term.keep.count <= term.count);
    if (
      !Number.isInteger(term.count) ||
      term.count < 1 ||
      !Number.isInteger(term.sides) ||
      term.sides < 1 ||
      term.sides > DICE_MAX_SIDES ||
      !keepValid
    ) {
      throw new RangeError(`Invalid dice term ${JSON.stringify(term)}`);
    }
  }
  if (dice > DICE_MAX_DICE) throw new RangeError(`More than ${DICE_MAX_DICE} dice`);
}

function keptFlags(
  rolls: readonly number[],
  keep: { mode: 'kh' | 'kl'; count: number } | undefined,
): boolean[] {
  if (!keep) return rolls.map(() => true);
  // Among equal values the earlier die is kept, so the breakdown is deterministic.
  const order = rolls
    .map((_, index) => index)
    .sort((a, b) => (keep.mode === 'kh' ? rolls[b]! - rolls[a]! : rolls[a]! - rolls[b]!) || a - b);
  const kept = rolls.map(() => false);
  for (const index of order.slice(0, keep.count)) kept[index] = true;
  return kept;
}

/** Rolls every die through `roll`. Throws a RangeError on a broken roller: the log must be the truth. */
export function rollDice(expression: DiceExpression, roll: DieRoller): DiceRoll {
  assertWithinLimits(expression);
  const terms = expression.terms.map((term): RolledTerm => {
    if (term.kind === 'constant') return { term, rolls: [], kept: [], subtotal: term.sign * term.value };
    const rolls = Array.from({ length: term.count }, () => {
      const value = roll(term.sides);
      if (!Number.isInteger(value) || value < 1 || value > term.sides) {
        throw new RangeError(`Die roller returned ${value} for a d${term.sides}`);
      }
      return value;
    });
    const kept = keptFlags(rolls, term.keep);
    const sum = rolls.reduce((total, value, index) => total + (kept[index] ? value : 0), 0);
    return { term, rolls, kept, subtotal: term.sign * sum };
  });
  return { expression, terms, total: terms.reduce((total, term) => total + term.subtotal, 0) };
}

/** total clamped to min..max (1..999 for combat amounts), and whether it was clamped. */
export function clampRoll(roll: DiceRoll, min: number, max: number): { amount: number; clamped: boolean } {
  const amount = Math.min(max, Math.max(min, roll.total));
  return { amount, clamped: amount !== roll.total };
}

const signed = (sign: 1 | -1, text: string, first: boolean, spaced: boolean): string =>
  first
    ? sign < 0
      ? `-${text}`
      : text
    : `${spaced ? ' ' : ''}${sign < 0 ? '-' : '+'}${spaced ? ' ' : ''}${text}`;

/** The expression in canonical form: "2d6+3", "d20", "4d6kl3", whatever the input's spacing and case. */
export function formatExpression(expression: DiceExpression): string {
  return expression.terms
    .map((term, index) => {
      const text =
        term.kind === 'constant'
          ? String(term.value)
          : `${term.count === 1 ? '' : term.count}d${term.sides}${term.keep ? `${term.keep.mode}${term.keep.count}` : ''}`;
      return signed(term.sign, text, index === 0, false);
    })
    .join('');
}

/** "2d6+3 → [4, 2] + 3 = 9": the breakdown, language-neutral; dropped dice read ~6~ (struck out). */
export function formatRoll(roll: DiceRoll): string {
  const parts = roll.terms.map((rolled, index) => {
    const text =
      rolled.term.kind === 'constant'
        ? String(rolled.term.value)
        : `[${rolled.rolls.map((value, i) => (rolled.kept[i] ? String(value) : `~${value}~`)).join(', ')}]`;
    return signed(rolled.term.sign, text, index === 0, true);
  });
  return `${formatExpression(roll.expression)} → ${parts.join('')} = ${roll.total}`;
}

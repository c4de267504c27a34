// How a campaign's initiative rule reads for one unit, in the start dialog and the settings
// (docs/product.md#combat; docs/decisions/061): "d20 + Dexterity", or with the d20-style modifier
// "d20 + Dexterity modifier (+2)". The numbers are core's (characteristicValue, initiativeBonus).
import type { TFunction } from 'i18next';
import type { InitiativeModifier, InitiativeRule } from '@questkeeper/core/constants';
import {
  characteristicValue,
  initiativeBonus,
  usesCharacteristic,
  type Combatant,
} from '@questkeeper/core/combat/combat';

export interface InitiativeSetting {
  /** The rule the fight plays (effectiveInitiativeRule: a locked one plays random_d20). */
  rule: InitiativeRule;
  characteristic: string;
  modifier: InitiativeModifier;
}

const DIE: Record<InitiativeRule, 'd20' | 'd100' | null> = {
  random_d20: 'd20',
  random_d100: 'd100',
  caracteristic: null,
  d20_plus_carac: 'd20',
  d100_plus_carac: 'd100',
};

/** A bonus with its sign, as a formula writes it: +2, -1, +0. */
export function signed(value: number, language: string): string {
  return new Intl.NumberFormat(language, { signDisplay: 'always' }).format(value);
}

/**
 * The rule as a formula; given a unit, with the modifier's value for that unit (a unit without the
 * characteristic counts 0, as the roll does). A rule reading no characteristic (none chosen, none in
 * the campaign) reads 0 for everyone.
 */
export function initiativeFormula(
  t: TFunction,
  language: string,
  setting: InitiativeSetting,
  unit?: Combatant,
): string {
  const { rule, characteristic: name, modifier } = setting;
  const die = DIE[rule];
  if (!usesCharacteristic(rule) || !name) return die ?? '0';
  if (!die) return name;
  // A formula, the same in every language: "d20 + Dexterity".
  if (modifier === 'value') return `${die} + ${name}`;
  if (!unit) return t('combat.initiativeModifier.plusModifierShort', { die, name });
  const bonus = signed(initiativeBonus(characteristicValue(unit, name), modifier), language);
  return t('combat.initiativeModifier.plusModifier', { die, name, bonus });
}

/** Whether the rule adds the characteristic to a die: the rules the modifier changes. */
export function addsCharacteristic(rule: InitiativeRule): boolean {
  return usesCharacteristic(rule) && DIE[rule] !== null;
}

// The content of a campaign created with "default values" (docs/product.md#default-campaign): exactly the
// Novice allowance, in the user's language.
import { locales, type Language } from '../i18n';
import {
  DEFAULT_CHARACTERISTIC_MAX,
  DEFAULT_INITIATIVE_MODIFIER,
  DEFAULT_INITIATIVE_RULE,
  type InitiativeModifier,
  type InitiativeRule,
} from '../constants';
import type { CharacteristicDef, ClassDef, Race, Status } from '../schemas/campaigns';

export const DEFAULT_CLASS_COLORS = ['#b91c1c', '#1d4ed8', '#374151', '#b45309', '#15803d'] as const;

export interface CampaignData {
  rules: string;
  characteristics: CharacteristicDef[];
  races: Race[];
  classes: ClassDef[];
  statuses: Status[];
  initiativeRule: InitiativeRule;
  initiativeCaracName: string;
  initiativeModifier: InitiativeModifier;
}

export function defaultCampaignData(language: Language, newId: () => string): CampaignData {
  const d = locales[language].defaults;
  return {
    rules: d.rules,
    // None pinned: which numbers a game master reads every round is the campaign's (decision 061).
    characteristics: d.characteristics.map((name) => ({
      name,
      max: DEFAULT_CHARACTERISTIC_MAX,
      pinned: false,
    })),
    races: d.races.map((name) => ({ _id: newId(), name, note: '' })),
    classes: d.classes.map((name, i) => ({
      _id: newId(),
      name,
      color: DEFAULT_CLASS_COLORS[i % DEFAULT_CLASS_COLORS.length] ?? '#777777',
      note: '',
    })),
    statuses: d.statuses.map((name) => ({ _id: newId(), name, note: '' })),
    initiativeRule: DEFAULT_INITIATIVE_RULE,
    initiativeCaracName: '',
    initiativeModifier: DEFAULT_INITIATIVE_MODIFIER,
  };
}

export function emptyCampaignData(): CampaignData {
  return {
    rules: '',
    characteristics: [],
    races: [],
    classes: [],
    statuses: [],
    initiativeRule: DEFAULT_INITIATIVE_RULE,
    initiativeCaracName: '',
    initiativeModifier: DEFAULT_INITIATIVE_MODIFIER,
  };
}

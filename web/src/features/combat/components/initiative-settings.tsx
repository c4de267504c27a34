// How initiative is rolled (docs/product.md#combat, #combat-amounts, #roles): one of the five rules, saved on
// the campaign (PUT /api/game-data/{id}), and the characteristic the last three read. Novice sees those three
// disabled and labelled '(not available for free users)'; the server refuses them too. The two rules that add
// the characteristic to a die add its value or its d20 modifier (docs/decisions/061), a choice of every tier.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import {
  INITIATIVE_MODIFIERS,
  INITIATIVE_RULES,
  type InitiativeModifier,
  type InitiativeRule,
} from '@questkeeper/core/constants';
import {
  effectiveInitiativeRule,
  mayUseInitiativeRule,
  usesCharacteristic,
} from '@questkeeper/core/combat/combat';
import type { Tier } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { errorMessage } from '@/lib/api-client';
import { useUpdateCampaign, type Campaign, type UpdateCampaignBody } from '@/lib/campaigns';
import { addsCharacteristic, initiativeFormula } from '../lib/initiative-formula';

/** SelectField's size, dimmed while a change is saved. */
const SELECT_SIZE = 'h-11 w-full min-w-0 px-3 text-base disabled:opacity-60';

export function InitiativeSettings({ campaign, tier }: { campaign: Campaign; tier: Tier }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const upgrade = useUpgrade();
  const update = useUpdateCampaign();
  const rule = effectiveInitiativeRule(tier, campaign.initiativeRule);
  const locked = INITIATIVE_RULES.some((item) => !mayUseInitiativeRule(tier, item));
  const names = campaign.characteristics.map((item) => item.name);
  const characteristic = names.includes(campaign.initiativeCaracName) ? campaign.initiativeCaracName : '';

  const save = (changes: UpdateCampaignBody) => update.mutate({ id: campaign._id, changes });
  const chooseRule = (next: InitiativeRule) =>
    save(
      // A characteristic rule without a characteristic yet takes the campaign's first one.
      usesCharacteristic(next) && !characteristic && names[0]
        ? { initiativeRule: next, initiativeCaracName: names[0] }
        : { initiativeRule: next },
    );

  return (
    <fieldset className="flex min-w-0 flex-1 flex-col gap-3" aria-busy={update.isPending || undefined}>
      <legend className="mb-1 flex items-center gap-2 font-display text-lg font-semibold">
        {t('combat.initiative')}
        {update.isPending ? <Spinner className="size-4" /> : null}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id={`${id}-rule`}
          label={t('combat.rule')}
          selectClassName={SELECT_SIZE}
          value={rule}
          disabled={update.isPending}
          onChange={(value) => chooseRule(value as InitiativeRule)}
          options={INITIATIVE_RULES.map((item) => {
            const label = t(`combat.rules.${item}`);
            const allowed = mayUseInitiativeRule(tier, item);
            return {
              value: item,
              label: allowed ? label : t('combat.ruleLocked', { rule: label }),
              disabled: !allowed,
            };
          })}
        />
        {!usesCharacteristic(rule) ? null : names.length === 0 ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-characteristic`} className="text-sm font-medium">
              {t('combat.characteristic')}
            </label>
            <p className="text-sm text-ink-muted">{t('combat.noCharacteristics')}</p>
          </div>
        ) : (
          <SelectField
            id={`${id}-characteristic`}
            label={t('combat.characteristic')}
            selectClassName={SELECT_SIZE}
            value={characteristic}
            disabled={update.isPending}
            onChange={(value) => save({ initiativeCaracName: value })}
          >
            {characteristic ? null : (
              <option value="" disabled>
                {t('combat.chooseCharacteristic')}
              </option>
            )}
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
        )}
        {addsCharacteristic(rule) ? (
          <SelectField
            id={`${id}-modifier`}
            label={t('combat.initiativeModifier.label')}
            selectClassName={SELECT_SIZE}
            value={campaign.initiativeModifier}
            disabled={update.isPending}
            onChange={(value) => save({ initiativeModifier: value as InitiativeModifier })}
            options={INITIATIVE_MODIFIERS.map((item) => ({
              value: item,
              label: t(`combat.initiativeModifier.${item}`),
            }))}
            hint={
              initiativeFormula(t, i18n.language, {
                rule,
                characteristic,
                modifier: campaign.initiativeModifier,
              }) +
              (campaign.initiativeModifier === 'd20Modifier'
                ? ` · ${t('combat.initiativeModifier.explain')}`
                : '')
            }
          />
        ) : null}
      </div>
      {locked ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-muted">
          <Sparkles aria-hidden="true" className="size-4 shrink-0 text-brand" />
          <span className="min-w-0 flex-1 basis-56">{t('combat.lockedHint')}</span>
          <Button variant="secondary" size="sm" onClick={upgrade} aria-haspopup="dialog">
            {t('combat.seePlans')}
          </Button>
        </div>
      ) : null}
      {update.isError ? (
        <Alert tone="error">{t('combat.settingsError', { message: errorMessage(update.error) })}</Alert>
      ) : null}
    </fieldset>
  );
}

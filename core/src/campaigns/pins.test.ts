import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { issueMessage } from '../validation';
import { listEditBody, updateCampaignBody } from '../schemas/campaigns';
import { checkCampaignChange } from './tier-rules';
import { defaultCampaignData } from './default-campaign';
import { checkPinnedCharacteristics, checkPinnedCount, mayPinAnother, pinnedCount } from './pins';

const list = (...pinned: boolean[]) =>
  pinned.map((pin, i) => ({ name: `C${i}`, max: 20 as const, pinned: pin }));

describe('pinned characteristics (decision 061)', () => {
  it('allows up to three pins and refuses a fourth, with the same words in both languages', () => {
    expect(checkPinnedCount(3)).toBeNull();
    const problem = checkPinnedCount(4);
    expect(problem).toEqual({ key: 'validation.tooManyPinned', params: { max: 3 } });
    expect(translate('en', problem!.key, problem!.params)).toBe(
      'At most 3 characteristics can be pinned on fight rows.',
    );
    expect(translate('fr', problem!.key, problem!.params)).toBe(
      'Au plus 3 caractéristiques peuvent être épinglées sur les lignes du combat.',
    );
  });

  it('counts pins and says whether one more may be pinned', () => {
    expect(pinnedCount(list(true, false, true))).toBe(2);
    expect(mayPinAnother(list(true, false, true))).toBe(true);
    expect(mayPinAnother(list(true, true, true, false))).toBe(false);
  });

  it('puts the message beside the pin just asked for, else beside the fourth pin', () => {
    const before = list(false, true, true, true);
    const after = list(true, true, true, true);
    expect(checkPinnedCharacteristics(after, before)?.index).toBe(0);
    expect(checkPinnedCharacteristics(after)?.index).toBe(3);
    expect(checkPinnedCharacteristics(list(true, true, true, false))).toBeNull();
  });

  it('refuses a whole-list save with four pins on the fourth pin, and reads a missing pin as false', () => {
    const four = updateCampaignBody.safeParse({ characteristics: list(true, true, false, true, true) });
    expect(four.success).toBe(false);
    const issue = four.error!.issues[0]!;
    expect(issue.path).toEqual(['characteristics', 4, 'pinned']);
    expect(issueMessage(issue, 'en')).toBe('At most 3 characteristics can be pinned on fight rows.');
    const old = updateCampaignBody.parse({ characteristics: [{ name: 'Strength', max: 20 }] });
    expect(old.characteristics).toEqual([{ name: 'Strength', max: 20, pinned: false }]);
  });

  it('lets a list edit set a pin, and the campaign rules refuse the fourth whatever the tier', () => {
    const edit = listEditBody.parse({
      op: 'update',
      list: 'characteristics',
      itemId: 'Wisdom',
      changes: { pinned: true },
    });
    expect(edit).toMatchObject({ changes: { pinned: true } });
    const current = defaultCampaignData('en', () => 'id');
    const pinned = (count: number) =>
      current.characteristics.map((item, i) => ({ ...item, pinned: i < count }));
    for (const tier of ['Novice', 'Adventurer', 'Hero'] as const) {
      expect(checkCampaignChange(tier, current, { characteristics: pinned(3) })).toBeNull();
      expect(
        checkCampaignChange(tier, { ...current, characteristics: pinned(3) }, { characteristics: pinned(4) }),
      ).toEqual({
        code: 'VALIDATION_FAILED',
        params: { max: 3 },
        field: { name: 'characteristics.3.pinned', key: 'validation.tooManyPinned' },
      });
    }
  });

  it('lets every tier set the initiative modifier', () => {
    const current = defaultCampaignData('en', () => 'id');
    expect(current.initiativeModifier).toBe('value');
    expect(updateCampaignBody.parse({ initiativeModifier: 'd20Modifier' })).toEqual({
      initiativeModifier: 'd20Modifier',
    });
    expect(updateCampaignBody.safeParse({ initiativeModifier: 'half' }).success).toBe(false);
    for (const tier of ['Novice', 'Adventurer', 'Hero'] as const)
      expect(checkCampaignChange(tier, current, { initiativeModifier: 'd20Modifier' })).toBeNull();
  });
});

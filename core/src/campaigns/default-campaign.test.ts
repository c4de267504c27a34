import { describe, expect, it } from 'vitest';
import { limitsOf } from '../tiers';
import { defaultCampaignData } from './default-campaign';

describe('default campaign content (docs/product.md#default-campaign)', () => {
  let n = 0;
  const newId = () => `id-${++n}`;

  it('is exactly the Novice allowance, in the user language', () => {
    const novice = limitsOf('Novice');
    const en = defaultCampaignData('en', newId);
    expect(en.characteristics.map((c) => c.name)).toEqual([
      'Strength',
      'Dexterity',
      'Constitution',
      'Intelligence',
      'Wisdom',
      'Charisma',
    ]);
    expect(en.characteristics.every((c) => c.max === 100)).toBe(true);
    expect(en.races).toHaveLength(novice.races);
    expect(en.classes).toHaveLength(novice.classes);
    expect(en.statuses).toHaveLength(novice.statuses);
    expect(en.statuses[0]?.name).toBe('Normal');
    expect(en.initiativeRule).toBe('random_d20');
    expect(en.classes.every((c) => /^#[0-9a-f]{6}$/.test(c.color))).toBe(true);

    const fr = defaultCampaignData('fr', newId);
    expect(fr.races.map((r) => r.name)).toEqual(['Humain', 'Elfe', 'Nain', 'Orc']);
    expect(fr.rules).toMatch(/^# Règles de la campagne/);
  });

  it('gives every list item its own id', () => {
    const data = defaultCampaignData('en', newId);
    const ids = [...data.races, ...data.classes, ...data.statuses].map((item) => item._id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

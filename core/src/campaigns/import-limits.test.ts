// An import names every limit its file passes for the importing tier (decision 024), saved
// encounters included (decision 062): one rule, read by the server and by the web before uploading.
import { describe, expect, it } from 'vitest';
import type { GameDataExport } from '../schemas/game-data-export';
import { limitsOf } from '../tiers';
import { defaultCampaignData } from './default-campaign';
import { checkImportLimits } from './import-limits';

let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

function fileWith(encounters: number): GameDataExport {
  const data = defaultCampaignData('en', newId);
  return {
    campaign: { name: 'Imported', ...data },
    units: [],
    encounters: Array.from({ length: encounters }, (_, index) => ({
      name: `Encounter ${index + 1}`,
      notes: '',
    })),
  } as unknown as GameDataExport;
}

describe('checkImportLimits and saved encounters', () => {
  it('lets a file hold as many encounters as the tier keeps, and names the limit one over it', () => {
    for (const tier of ['Novice', 'Adventurer', 'Hero'] as const) {
      const limit = limitsOf(tier).encountersPerCampaign;
      expect(checkImportLimits(tier, 0, fileWith(limit)).filter((p) => p.field === 'encounters')).toEqual([]);
      expect(checkImportLimits(tier, 0, fileWith(limit + 1)).filter((p) => p.field === 'encounters')).toEqual(
        [{ field: 'encounters', key: 'dataTransfer.limits.encounters', params: { count: limit + 1, limit } }],
      );
    }
  });
});

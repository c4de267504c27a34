import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAME_MAX } from '../limits';
import { campaignBaseName, uniqueCampaignName } from './names';

describe('campaign names beside others', () => {
  it('keeps a free name and numbers a taken one from (2)', () => {
    expect(uniqueCampaignName('Tomb', [])).toBe('Tomb');
    expect(uniqueCampaignName('Tomb', ['Keep'])).toBe('Tomb');
    expect(uniqueCampaignName('Tomb', ['Tomb'])).toBe('Tomb (2)');
    expect(uniqueCampaignName('Tomb', ['Tomb', 'Tomb (2)'])).toBe('Tomb (3)');
    expect(uniqueCampaignName('Tomb', ['Tomb', 'Tomb (3)'])).toBe('Tomb (2)');
  });

  it('counts on from a number the name already carries, and compares as a reader does', () => {
    expect(uniqueCampaignName('Tomb (2)', ['Tomb', 'Tomb (2)'])).toBe('Tomb (3)');
    expect(uniqueCampaignName('  tomb ', ['Tomb'])).toBe('tomb (2)');
    expect(campaignBaseName('Tomb (12)')).toBe('Tomb');
    expect(campaignBaseName('(2)')).toBe('(2)');
  });

  it('stays within the name limit', () => {
    const long = 'x'.repeat(NAME_MAX);
    expect(uniqueCampaignName(long, [long])).toBe(`${'x'.repeat(NAME_MAX - 4)} (2)`);
  });

  it('always answers a name no campaign has, within the limit', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: NAME_MAX }).filter((s) => s.trim() !== ''),
        fc.array(fc.string({ maxLength: NAME_MAX }), { maxLength: 20 }),
        (name, others) => {
          const existing = [name, ...others];
          const result = uniqueCampaignName(name, existing);
          const folded = existing.map((item) => item.trim().toLocaleLowerCase());
          expect(folded).not.toContain(result.toLocaleLowerCase());
          expect(result.length).toBeLessThanOrEqual(NAME_MAX);
        },
      ),
    );
  });
});

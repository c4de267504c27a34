// The demo table's file (docs/product.md#first-session) in both languages: read by the import's schema,
// within a new Novice's limits, its rules with a secret block, and every [[link]] of every text resolving.
import { describe, expect, it } from 'vitest';
import { checkImportLimits } from '../campaigns/import-limits';
import { findLinks, linkResolver, rulesHeadings } from '../links/links';
import { hasSecrets, stripSecrets } from '../text/secret-blocks';
import { demoCampaignFile } from './demo-campaign';

describe.each(['en', 'fr'] as const)('the demo campaign (%s)', (language) => {
  const file = demoCampaignFile(language);

  it('fits a new Novice account: the one campaign, nothing over its limits', () => {
    expect(checkImportLimits('Novice', 0, file)).toEqual([]);
    expect(checkImportLimits('Novice', 1, file).map((problem) => problem.field)).toEqual(['campaigns']);
  });

  it('has four player characters, NPCs with legendary and recharge counters, and an encounter with a lair and a hidden unit', () => {
    expect(file.units.filter((unit) => unit.isPlayer)).toHaveLength(4);
    expect(file.units.filter((unit) => !unit.isPlayer).length).toBeGreaterThanOrEqual(3);
    const counters = file.units.flatMap((unit) => unit.counters);
    expect(counters.some((counter) => counter.reset === 'turnStart' && counter.max === 3)).toBe(true);
    expect(counters.some((counter) => counter.recharge?.die === 6 && counter.recharge.min === 5)).toBe(true);
    const [encounter] = file.encounters;
    expect(encounter?.hazards).toEqual([expect.objectContaining({ initiative: 20 })]);
    expect(encounter?.hidden).toEqual(['cultist']);
    const ids = new Set(file.units.map((unit) => unit.id));
    for (const ref of [...(encounter?.allies ?? []), ...(encounter?.enemies ?? [])])
      expect(ids).toContain(ref.unitId);
  });

  it('writes rules with headings, a table and one secret block', () => {
    const { rules } = file.campaign;
    expect(rulesHeadings(rules).length).toBeGreaterThanOrEqual(4);
    expect(rules).toMatch(/^\| --- \| --- \|$/m);
    expect(hasSecrets(rules)).toBe(true);
    expect(rules.match(/^:::secret/gm)).toHaveLength(1);
    const villain = file.units.find((unit) => unit.id === 'cultist')?.name ?? '';
    expect(stripSecrets(rules)).not.toContain(villain);
  });

  it('resolves every link of every text to a unit, a list entry or a heading', () => {
    const { campaign } = file;
    const named = <T extends { name: string }>(items: readonly T[]) =>
      items.map((item) => ({ _id: item.name, name: item.name }));
    const resolve = linkResolver({
      units: file.units.map((unit) => ({ _id: unit.id, name: unit.name })),
      races: named(campaign.races),
      classes: named(campaign.classes),
      statuses: named(campaign.statuses),
      characteristics: campaign.characteristics,
      headings: rulesHeadings(campaign.rules),
    });
    const texts = [
      campaign.rules,
      ...campaign.races.map((entry) => entry.note),
      ...campaign.classes.map((entry) => entry.note),
      ...campaign.statuses.map((entry) => entry.note),
      ...file.units.map((unit) => unit.notes),
      ...file.encounters.map((encounter) => encounter.notes),
    ];
    const links = texts.flatMap(findLinks);
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((link) => resolve(link) === null).map((link) => link.target)).toEqual([]);
    // The lists link to each other: every race, class and status note but the plain ones holds a link.
    const kinds = new Set(
      [...campaign.races, ...campaign.classes, ...campaign.statuses]
        .flatMap((entry) => findLinks(entry.note))
        .map((link) => resolve(link)?.kind),
    );
    expect([...kinds]).toEqual(expect.arrayContaining(['race', 'class', 'status', 'unit']));
  });
});

// A campaign's links for component tests (docs/decisions/063): a ready catalog and spies for where a
// link leads, given to what renders markdown through StaticCampaignLinks.
import { vi } from 'vitest';
import { linkResolver, rulesHeadings, type LinkCatalog } from '@questkeeper/core/links/links';
import type { CampaignLinks } from '@/lib/campaign-links';

/** Links of campaign c1 over `catalog` (units, lists, the headings of `rules`). */
export function campaignLinks(
  catalog: Partial<Omit<LinkCatalog, 'headings'>> & { rules?: string } = {},
): CampaignLinks & { goTo: ReturnType<typeof vi.fn>; createUnit: ReturnType<typeof vi.fn> } {
  const full: LinkCatalog = {
    units: catalog.units ?? [],
    races: catalog.races ?? [],
    classes: catalog.classes ?? [],
    statuses: catalog.statuses ?? [],
    characteristics: catalog.characteristics ?? [],
    headings: rulesHeadings(catalog.rules ?? ''),
  };
  return {
    campaignId: 'c1',
    catalog: full,
    resolve: linkResolver(full),
    goTo: vi.fn(() => true),
    createUnit: vi.fn(() => true),
  };
}

import { describe, expect, it } from 'vitest';
import { limitsOf, mayHoldCount, mayHoldText, maxOverTiers, upgradePlansFor } from './tiers';

describe('tier table (docs/product.md#tiers)', () => {
  it('matches the decided limits', () => {
    expect(limitsOf('Novice')).toMatchObject({
      campaigns: 1,
      unitsPerCampaign: 10,
      races: 4,
      classes: 5,
      statuses: 6,
    });
    expect(limitsOf('Adventurer')).toMatchObject({
      campaigns: 2,
      unitsPerCampaign: 50,
      races: 20,
      classes: 15,
      statuses: 30,
      characteristics: 10,
      rulesChars: 200_000,
    });
    expect(limitsOf('Hero')).toMatchObject({
      campaigns: 5,
      unitsPerCampaign: 200,
      races: 100,
      classes: 100,
      statuses: 100,
      characteristics: 50,
      rulesChars: 600_000,
    });
    expect(maxOverTiers('rulesChars')).toBe(600_000);
  });

  it('offers Novice both paid plans, Adventurer only Hero, Hero nothing', () => {
    expect(upgradePlansFor('Novice')).toEqual(['Adventurer', 'Hero']);
    expect(upgradePlansFor('Adventurer')).toEqual(['Hero']);
    expect(upgradePlansFor('Hero')).toEqual([]);
  });

  it('lets a list over its limit be edited or shrunk, never grown', () => {
    expect(mayHoldCount(4, 3, 4)).toBe(true);
    expect(mayHoldCount(4, 4, 5)).toBe(false);
    expect(mayHoldCount(4, 30, 30)).toBe(true);
    expect(mayHoldCount(4, 30, 29)).toBe(true);
    expect(mayHoldCount(4, 30, 31)).toBe(false);
  });

  it('lets a text over its limit be kept or shortened, never lengthened or created', () => {
    expect(mayHoldText(100, undefined, 100)).toBe(true);
    expect(mayHoldText(100, undefined, 101)).toBe(false);
    expect(mayHoldText(100, 500, 400)).toBe(true);
    expect(mayHoldText(100, 500, 501)).toBe(false);
  });
});

describe('tier rank', () => {
  it('orders Novice < Adventurer < Hero', async () => {
    const { tierAtLeast, tierBelow, isTopTier } = await import('./tiers');
    expect(tierAtLeast('Hero', 'Adventurer')).toBe(true);
    expect(tierAtLeast('Adventurer', 'Adventurer')).toBe(true);
    expect(tierAtLeast('Novice', 'Adventurer')).toBe(false);
    expect(tierAtLeast('Adventurer', 'Hero')).toBe(false);
    expect(tierBelow('Hero')).toBe('Adventurer');
    expect(tierBelow('Novice')).toBeUndefined();
    expect(isTopTier('Hero')).toBe(true);
    expect(isTopTier('Adventurer')).toBe(false);
  });
});

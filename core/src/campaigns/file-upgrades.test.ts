import { describe, expect, it } from 'vitest';
import { GAME_DATA_FORMAT, GAME_DATA_FORMAT_VERSION } from '../constants';
import { gameDataExport } from '../schemas/game-data-export';
import { GAME_DATA_UPGRADES, upgradeGameData, type UpgradeStep } from './file-upgrades';

// A hand-made "version 0" (no such version ever shipped): the campaign under `gameData`, a unit's
// money as three fields. Its step shows how a real one will be written when version 2 comes.
const fromV0: UpgradeStep = (file) => {
  const { gameData, units, ...rest } = file as { gameData: unknown; units: Record<string, unknown>[] };
  return {
    ...rest,
    campaign: gameData,
    units: units.map(({ gold, silver, bronze, ...unit }) => ({ ...unit, money: { gold, silver, bronze } })),
  };
};
const v0 = {
  format: GAME_DATA_FORMAT,
  formatVersion: 0,
  gameData: {
    name: 'Old',
    races: [{ name: 'Elf' }],
    classes: [{ name: 'Mage' }],
    statuses: [{ name: 'Ok' }],
  },
  units: [
    {
      id: 'a',
      name: 'A',
      gender: 'Other',
      isPlayer: true,
      race: 'Elf',
      class: 'Mage',
      status: 'Ok',
      characteristics: {},
      hp: 5,
      currentHp: 5,
      gold: 1,
      silver: 2,
      bronze: 3,
      notes: '',
    },
  ],
};

describe('upgradeGameData', () => {
  it('brings an older file to the current version step by step, then the schema reads it', () => {
    const outcome = upgradeGameData(v0, { 0: fromV0 }, 1);
    expect(outcome.ok).toBe(true);
    const file = gameDataExport.parse(outcome.ok ? outcome.file : null);
    expect(file.formatVersion).toBe(1);
    expect(file.campaign.name).toBe('Old');
    expect(file.units[0]?.money).toEqual({ gold: 1, silver: 2, bronze: 3 });
  });

  it('chains steps: version 0 → 1 → 2', () => {
    const toV2: UpgradeStep = (file) => ({ ...file, touched: true });
    const outcome = upgradeGameData(v0, { 0: fromV0, 1: toV2 }, 2);
    expect(outcome).toMatchObject({
      ok: true,
      file: { formatVersion: 2, touched: true, campaign: { name: 'Old' } },
    });
  });

  it('refuses a newer file, and an older one no step starts from', () => {
    expect(upgradeGameData({ ...v0, formatVersion: GAME_DATA_FORMAT_VERSION + 1 })).toEqual({
      ok: false,
      reason: 'tooNew',
      version: String(GAME_DATA_FORMAT_VERSION + 1),
    });
    expect(upgradeGameData(v0)).toEqual({ ok: false, reason: 'unknown', version: '0' });
    expect(upgradeGameData({ ...v0, formatVersion: 0.5 }, { 0: fromV0 }, 1)).toMatchObject({
      reason: 'unknown',
    });
  });

  it('hands anything else to the schema untouched, and has no step before version 1', () => {
    for (const value of [
      null,
      [],
      'text',
      { format: 'other', formatVersion: 0 },
      { format: GAME_DATA_FORMAT },
    ]) {
      expect(upgradeGameData(value)).toEqual({ ok: true, file: value });
    }
    expect(Object.keys(GAME_DATA_UPGRADES)).toEqual([]);
  });
});

// Test support for the user-data tests: export files built by hand, a full Hero campaign made through
// the API (lists, rules, units and a fight), row counts of every table, and one call per route.
import { count, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { GAME_DATA_FORMAT, GAME_DATA_FORMAT_VERSION } from '@questkeeper/core/constants';
import type { GameDataExportInput } from '@questkeeper/core/schemas/game-data-export';
import * as schema from '../../src/db/schema';
import type { App } from '../../src/app';
import { bearer } from './harness';

/** A valid file: the given campaign fields and `units` units (named U0…) of its first race, class, status. */
export function campaignFile(
  options: { campaign?: Partial<GameDataExportInput['campaign']>; units?: number; unitNotes?: string } = {},
): GameDataExportInput {
  const campaign = {
    name: 'Imported',
    rules: '# Rules',
    characteristics: [{ name: 'Strength', max: 100 as const }],
    races: [{ name: 'Human', note: '' }],
    classes: [{ name: 'Warrior', color: '#b91c1c', note: '' }],
    statuses: [{ name: 'Normal', note: '' }],
    ...options.campaign,
  };
  return {
    format: GAME_DATA_FORMAT,
    formatVersion: GAME_DATA_FORMAT_VERSION,
    campaign,
    units: Array.from({ length: options.units ?? 0 }, (_, i) => ({
      id: `u${i}`,
      name: `U${i}`,
      gender: 'Male' as const,
      isPlayer: false,
      race: campaign.races[0]?.name ?? 'Human',
      class: campaign.classes[0]?.name ?? 'Warrior',
      status: campaign.statuses[0]?.name ?? 'Normal',
      characteristics: {},
      hp: 10,
      currentHp: 10,
      money: { gold: 0, silver: 0, bronze: 0 },
      notes: options.unitNotes ?? '',
    })),
  };
}

export function userDataClient(app: App) {
  return {
    export: (token: string, id: string) =>
      app.inject({ method: 'GET', url: `/api/game-data/${id}/export`, headers: bearer(token) }),
    rules: (token: string, id: string) =>
      app.inject({ method: 'GET', url: `/api/game-data/${id}/rules.md`, headers: bearer(token) }),
    import: (token: string, file: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/game-data/import',
        headers: { ...bearer(token), 'content-type': 'application/json', ...headers },
        payload: typeof file === 'string' ? file : JSON.stringify(file),
      }),
    exportAccount: (token: string) =>
      app.inject({ method: 'GET', url: '/api/auth/export', headers: bearer(token) }),
    deleteAccount: (token: string, password: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'DELETE',
        url: '/api/auth/account',
        headers: { ...bearer(token), ...headers },
        payload: { password },
      }),
  };
}

/** Every table of the schema: a table added later is covered without touching the tests. */
export const ALL_TABLES: [string, PgTable][] = Object.entries(schema).flatMap(([name, value]) =>
  is(value, PgTable) ? [[name, value] as [string, PgTable]] : [],
);

/** Rows per table, to show that a refused call wrote nothing anywhere. */
export async function rowCounts(app: App): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of ALL_TABLES) {
    const [row] = await app.database.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** Creates a campaign with everything a Hero can put in one, through the API; answers its id. */
export async function fullHeroCampaign(app: App, token: string): Promise<string> {
  const call = async (method: 'POST' | 'PUT', url: string, payload: object, campaignId?: string) => {
    const response = await app.inject({ method, url, headers: bearer(token, campaignId), payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ _id: string; version?: number; combat?: { version: number } }>();
  };
  const { _id: id } = await call('POST', '/api/game-data', {
    name: 'Épopée « Dragon » / 1',
    template: 'empty',
  });
  await call('PUT', `/api/game-data/${id}`, {
    rules: '# Règles\n\nAttaque : **1d20** ≥ 10. 🐉 Drachen: 竜\n',
    characteristics: [
      { name: 'Force', max: 100 },
      { name: 'Luck', max: 20 },
    ],
    races: [
      { name: 'Elf', note: 'Pointy *ears*' },
      { name: 'Dwarf', note: '' },
    ],
    classes: [
      { name: 'Mage', color: '#1D4ED8', note: 'Reads books' },
      { name: 'Rogue', color: '#374151', note: '' },
    ],
    statuses: [
      { name: 'Normal', note: '' },
      { name: 'Poisoned', note: 'Loses 1 HP a turn' },
    ],
    initiativeRule: 'd20_plus_carac',
    initiativeCaracName: 'Luck',
  });
  const units: string[] = [];
  for (const [i, race] of ['Elf', 'Dwarf', 'Elf'].entries()) {
    const unit = await call(
      'POST',
      '/api/units',
      {
        name: `Hero ${i} ✨`,
        gender: 'Female',
        isPlayer: i === 0,
        race,
        class: i === 1 ? 'Rogue' : 'Mage',
        status: 'Normal',
        characteristics: { Force: 40 + i, Luck: 10 + i },
        hp: 20 + i,
        currentHp: 15,
        money: { gold: i, silver: 2, bronze: 3 },
        notes: `Notes of ${i}`,
      },
      id,
    );
    units.push(unit._id);
  }
  // A fight in progress with a log: two allies, an enemy, a blow, a timed condition.
  let version = 0;
  const act = async (action: object) => {
    const answer = await call('POST', '/api/combat/actions', { version, action }, id);
    version = answer.combat?.version ?? version + 1;
  };
  await act({ type: 'add', unitId: units[0], group: 'allies' });
  await act({ type: 'add', unitId: units[1], group: 'allies' });
  await act({ type: 'add', unitId: units[2], group: 'enemies' });
  await act({ type: 'start' });
  await act({ type: 'attack', targetId: units[2], amount: 4 });
  await act({ type: 'addCondition', unitId: units[2], status: 'Poisoned', rounds: 2 });
  return id;
}

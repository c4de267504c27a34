// No lost updates (decision 036): list entries are added, changed and deleted one at
// a time (POST /api/game-data/{id}/lists), so concurrent tabs never undo each other; whole-document
// saves carry the version they were made from, and a stale one is refused with the current campaign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, ListEditResponse } from '@questkeeper/core/schemas/campaigns';
import type { Unit } from '@questkeeper/core/schemas/units';
import { limitsOf } from '@questkeeper/core/tiers';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';
import { writeSection } from '../../../test/support/reliability-report';

let ctx: TestContext;
let api: ReturnType<typeof campaignClient>;
const figures: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  api = campaignClient(ctx.app);
});
afterAll(async () => {
  await writeSection('no-lost-updates', {
    title: 'No lost updates',
    order: 8,
    about: [
      '20 clients each add their own entry to the same list at once (POST /api/game-data/{id}/lists), on each of the four lists; then the list is read back.',
      'Two saves of the rules made from the same campaign version at once (PUT with `version`).',
      'Held: every entry answered 2xx is in the list (0 lost); of two saves from one version exactly one is written, the other gets 409 GAME_DATA_CONFLICT with the current campaign.',
    ],
    figures,
  });
  await ctx?.close();
});

const edit = (token: string, campaignId: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/game-data/${campaignId}/lists`,
    headers: bearer(token),
    payload: payload as object,
  });

async function hero(template: 'default' | 'empty' = 'default') {
  const user = await registerUser(ctx.app, { tier: 'Hero' });
  const campaign = await api.created(user.token, { name: 'Realm', template });
  const current = async () => (await api.campaigns(user.token)).find((c) => c._id === campaign._id)!;
  return { user, campaign, current };
}

describe('concurrent list edits', () => {
  it('keeps every acknowledged entry of 20 clients adding at once, on every list', async () => {
    const { user, campaign, current } = await hero('empty');
    const CLIENTS = 20;
    for (const list of ['races', 'classes', 'statuses', 'characteristics'] as const) {
      const answers = await Promise.all(
        Array.from({ length: CLIENTS }, (_, i) =>
          edit(user.token, campaign._id, { op: 'add', list, item: { name: `${list} ${i}` } }),
        ),
      );
      const acknowledged = answers.flatMap((answer, i) =>
        answer.statusCode === 200 ? [`${list} ${i}`] : [],
      );
      const limit = limitsOf('Hero')[list];
      expect(acknowledged).toHaveLength(Math.min(CLIENTS, limit));
      // The others are refused with the list's limit, never a 5xx.
      for (const answer of answers.filter((a) => a.statusCode !== 200)) expect(answer.statusCode).toBe(403);
      const names = (await current())[list].map((entry) => entry.name);
      const lost = acknowledged.filter((name) => !names.includes(name)).length;
      figures[`${list}: ${CLIENTS} concurrent adds`] = `${acknowledged.length} acknowledged, ${lost} lost`;
      expect(names).toEqual(expect.arrayContaining(acknowledged));
      expect(names).toHaveLength(Math.min(CLIENTS, limit));
    }
  });

  it('lands concurrent renames, deletes and adds of different entries of one list', async () => {
    const { user, campaign, current } = await hero();
    const [elf, dwarf, ...rest] = campaign.races;
    const answers = await Promise.all([
      edit(user.token, campaign._id, {
        op: 'update',
        list: 'races',
        itemId: elf!._id,
        changes: { name: 'Sylvan' },
      }),
      edit(user.token, campaign._id, { op: 'delete', list: 'races', itemId: dwarf!._id }),
      edit(user.token, campaign._id, { op: 'add', list: 'races', item: { name: 'Gnome', note: 'Small' } }),
      edit(user.token, campaign._id, {
        op: 'update',
        list: 'races',
        itemId: rest[0]!._id,
        changes: { note: 'Edited' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const races = (await current()).races;
    expect(races.map((r) => r.name)).toEqual(['Sylvan', ...rest.map((r) => r.name), 'Gnome']);
    expect(races.find((r) => r._id === rest[0]!._id)?.note).toBe('Edited');
    expect(races.find((r) => r.name === 'Gnome')?.note).toBe('Small');
  });
});

describe('one list edit', () => {
  it('adds at a position, gives races, classes and statuses an id and answers it', async () => {
    const { user, campaign } = await hero();
    const added = await edit(user.token, campaign._id, {
      op: 'add',
      list: 'classes',
      item: { name: ' Bard ', color: '#ABCDEF' },
      at: 1,
    });
    expect(added.statusCode).toBe(200);
    const body = added.json<ListEditResponse>();
    const bard = body.campaign.classes[1]!;
    expect(bard).toEqual({ _id: body.itemId, name: 'Bard', color: '#abcdef', note: '' });
    const trait = await edit(user.token, campaign._id, {
      op: 'add',
      list: 'characteristics',
      item: { name: 'Luck' },
      at: 999,
    });
    expect(trait.json<ListEditResponse>().campaign.characteristics.at(-1)).toEqual({
      name: 'Luck',
      max: 100,
      pinned: false,
    });
    expect(trait.json<ListEditResponse>().itemId).toBe('Luck');
  });

  it('refuses a name another entry has (any case), naming the field', async () => {
    const { user, campaign } = await hero();
    const added = await edit(user.token, campaign._id, { op: 'add', list: 'races', item: { name: 'ELF' } });
    expect(added.statusCode).toBe(400);
    expect(errorOf(added).fields).toHaveProperty(['item.name']);
    const elf = campaign.races.find((race) => race.name === 'Elf')!;
    const other = campaign.races.find((race) => race.name !== 'Elf')!;
    const renamed = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'races',
      itemId: other._id,
      changes: { name: 'elf' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed).fields).toHaveProperty(['changes.name']);
    // Its own name in another case is not a clash.
    const recased = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'races',
      itemId: elf._id,
      changes: { name: 'ELF' },
    });
    expect(recased.statusCode).toBe(200);
  });

  it('answers 404 for an entry that is not there (deleted in another tab) and changes nothing', async () => {
    const { user, campaign, current } = await hero();
    const before = await current();
    for (const payload of [
      { op: 'delete', list: 'races', itemId: 'gone' },
      { op: 'update', list: 'characteristics', itemId: 'Nothing', changes: { max: 20 } },
    ]) {
      expect((await edit(user.token, campaign._id, payload)).statusCode).toBe(404);
    }
    expect(await current()).toEqual(before);
  });

  it('applies the tier rules of a whole-list save', async () => {
    const novice = await registerUser(ctx.app, { tier: 'Novice' });
    const campaign = await api.created(novice.token, { name: 'Free', template: 'default' });
    const race = campaign.races[0]!;
    const locked = await edit(novice.token, campaign._id, {
      op: 'add',
      list: 'races',
      item: { name: 'Wood sprite' },
    });
    expect(errorOf(locked).code).toBe('LISTS_LOCKED');
    const renamed = await edit(novice.token, campaign._id, {
      op: 'update',
      list: 'races',
      itemId: race._id,
      changes: { name: 'Wood sprite' },
    });
    expect(errorOf(renamed).code).toBe('LISTS_LOCKED');
    const removed = await edit(novice.token, campaign._id, { op: 'delete', list: 'races', itemId: race._id });
    expect(errorOf(removed).code).toBe('LISTS_LOCKED');
    // Notes stay editable, within the tier's length.
    const limit = limitsOf('Novice').raceNoteChars;
    const note = await edit(novice.token, campaign._id, {
      op: 'update',
      list: 'races',
      itemId: race._id,
      changes: { note: 'x'.repeat(limit) },
    });
    expect(note.statusCode).toBe(200);
    const tooLong = await edit(novice.token, campaign._id, {
      op: 'update',
      list: 'races',
      itemId: race._id,
      changes: { note: 'x'.repeat(limit + 1) },
    });
    expect(errorOf(tooLong).code).toBe('NOTE_TOO_LONG');
    expect(errorOf(tooLong).fields).toHaveProperty(['changes.note']);
  });

  it('refuses an entry over the tier’s count', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const campaign = await api.created(user.token, { name: 'Full', template: 'empty' });
    const limit = limitsOf('Adventurer').statuses;
    for (let i = 0; i < limit; i++) {
      const added = await edit(user.token, campaign._id, {
        op: 'add',
        list: 'statuses',
        item: { name: `S${i}` },
      });
      expect(added.statusCode).toBe(200);
    }
    const over = await edit(user.token, campaign._id, {
      op: 'add',
      list: 'statuses',
      item: { name: 'One more' },
    });
    expect(errorOf(over).code).toBe('STATUS_LIMIT_REACHED');
  });

  it('refuses a bad body with a 400 naming the field', async () => {
    const { user, campaign } = await hero();
    for (const payload of [
      { op: 'add', list: 'races', item: { name: '' } },
      { op: 'add', list: 'classes', item: { name: 'Bard', color: 'red' } },
      { op: 'add', list: 'characteristics', item: { name: 'Speed', max: 50 } },
      { op: 'add', list: 'characteristics', item: { name: '__proto__' } },
      { op: 'add', list: 'spells', item: { name: 'Fireball' } },
      { op: 'rename', list: 'races', itemId: 'x' },
      { op: 'update', list: 'races', itemId: 'x', changes: { note: 'a\u0000b' } },
    ]) {
      const response = await edit(user.token, campaign._id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('units follow a list edit as they follow a whole-list save (decision 014)', () => {
  async function withUnit() {
    const { user, campaign, current } = await hero();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/units',
      headers: bearer(user.token, campaign._id),
      payload: {
        name: 'Aria',
        race: 'Elf',
        class: 'Mage',
        status: 'Normal',
        characteristics: { Strength: 80 },
      },
    });
    expect(response.statusCode).toBe(201);
    const unit = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/units', headers: bearer(user.token, campaign._id) })
      ).json<Unit[]>()[0]!;
    return { user, campaign, current, unit };
  }
  const idOf = (campaign: Campaign, list: 'races' | 'classes' | 'statuses', name: string) =>
    campaign[list].find((entry) => entry.name === name)!._id;

  it('renames the race, class and status of units', async () => {
    const { user, campaign, unit } = await withUnit();
    for (const [list, from, to] of [
      ['races', 'Elf', 'High elf'],
      ['classes', 'Mage', 'Wizard'],
      ['statuses', 'Normal', 'Fine'],
    ] as const) {
      const answer = await edit(user.token, campaign._id, {
        op: 'update',
        list,
        itemId: idOf(campaign, list, from),
        changes: { name: to },
      });
      expect(answer.statusCode).toBe(200);
    }
    const after = await unit();
    expect([after.race, after.class, after.status]).toEqual(['High elf', 'Wizard', 'Fine']);
  });

  it('renames a characteristic in units and in the initiative, and caps a lowered maximum', async () => {
    const { user, campaign, unit, current } = await withUnit();
    const initiative = await api.update(user.token, campaign._id, { initiativeCaracName: 'Strength' });
    expect(initiative.statusCode).toBe(200);
    const renamed = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'characteristics',
      itemId: 'Strength',
      changes: { name: 'Might', max: 20 },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await unit()).characteristics).toMatchObject({ Might: 20 });
    expect((await unit()).characteristics).not.toHaveProperty('Strength');
    expect((await current()).initiativeCaracName).toBe('Might');
  });

  it('leaves units alone when an entry is deleted, as a whole-list save does', async () => {
    const { user, campaign, unit } = await withUnit();
    const removed = await edit(user.token, campaign._id, {
      op: 'delete',
      list: 'races',
      itemId: idOf(campaign, 'races', 'Elf'),
    });
    expect(removed.statusCode).toBe(200);
    expect((await unit()).race).toBe('Elf');
  });
});

describe('whole-document saves carry the version they were made from', () => {
  it('refuses a stale version with 409 and the current campaign, changing nothing', async () => {
    const { user, campaign, current } = await hero();
    const first = await api.update(user.token, campaign._id, { rules: 'Tab one', version: campaign.version });
    expect(first.statusCode).toBe(200);
    const saved = first.json<Campaign>();
    expect(saved.version).not.toBe(campaign.version);

    const stale = await api.update(user.token, campaign._id, {
      rules: 'Tab two',
      initiativeRule: 'random_d20',
      version: campaign.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'GAME_DATA_CONFLICT', campaign: { rules: 'Tab one' } });
    expect(stale.json<{ message: string }>().message).toMatch(/another tab/);
    expect(await current()).toEqual(saved);

    // Saved again from the version the 409 gave, it goes through.
    const retried = await api.update(user.token, campaign._id, {
      rules: 'Tab two',
      version: stale.json<{ campaign: Campaign }>().campaign.version,
    });
    expect(retried.statusCode).toBe(200);
  });

  it('counts a list edit, a copy and a rename as writes, and only one of two saves from one version wins', async () => {
    const { user, campaign } = await hero();
    const added = await edit(user.token, campaign._id, { op: 'add', list: 'races', item: { name: 'Gnome' } });
    const afterEdit = added.json<ListEditResponse>().campaign;
    expect(afterEdit.version).not.toBe(campaign.version);
    expect(
      (await api.update(user.token, campaign._id, { rules: 'x', version: campaign.version })).statusCode,
    ).toBe(409);
    const answers = await Promise.all(
      ['One', 'Two'].map((rules) =>
        api.update(user.token, campaign._id, { rules, version: afterEdit.version }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    figures['two rules saves from one version'] = answers
      .map((a) => a.statusCode)
      .sort()
      .join(' + ');
  });

  it('answers the French message in French', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero', language: 'fr' });
    const campaign = await api.created(user.token, { name: 'Royaume' });
    await api.update(user.token, campaign._id, { rules: 'Un', version: campaign.version });
    const stale = await api.update(user.token, campaign._id, { rules: 'Deux', version: campaign.version });
    expect(stale.json<{ message: string }>().message).toMatch(/autre onglet/);
  });

  it('still overwrites without a version (API clients that do not send one)', async () => {
    const { user, campaign } = await hero();
    await api.update(user.token, campaign._id, { rules: 'One' });
    expect((await api.update(user.token, campaign._id, { rules: 'Two' })).statusCode).toBe(200);
  });
});

// POST /api/units/parse-statblock (docs/product.md#paste-a-stat-block, issue #35): a pasted stat block
// read onto the campaign's own characteristics, answered without writing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ParseStatBlockResponse } from '@questkeeper/core/schemas/statblock';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { countUnitsInDb, insertCampaign } from '../../../test/support/unit-fixtures';
import { campaigns } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const GOBELIN = `Gobelin
Humanoïde (gobelinoïde) de taille P, neutre mauvais
Classe d’armure 15 (armure de cuir, bouclier)
Points de vie 7 (2d6)
Vitesse 9 m
FOR DEX CON INT SAG CHA
8 (−1) 14 (+2) 10 (+0) 10 (+0) 8 (−1) 8 (−1)
Puissance 1/4 (50 PX)
Fuite agile. Le gobelin peut effectuer l'action Se désengager ou Se cacher par une action bonus.
Actions
Cimeterre. Attaque d'arme au corps à corps : +4 pour toucher, allonge 1,50 m, une cible. Touché : 5 (1d6 + 2) dégâts tranchants.
Souffle de feu (recharge 5–6). Le gobelin crache du feu, ce qui est rare.`;

async function setup(
  options: { language?: 'en' | 'fr'; characteristics?: { name: string; max: 20 | 100 }[] } = {},
) {
  const user = await registerUser(ctx.app, { language: options.language });
  const campaignId = await insertCampaign(ctx.app, user._id, {
    characteristics: options.characteristics ?? [
      { name: 'Force', max: 20 },
      { name: 'Dextérité', max: 20 },
      { name: 'Sagesse', max: 20 },
    ],
  });
  const headers = bearer(user.token, campaignId);
  const parse = (payload: unknown, with_ = headers) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/units/parse-statblock',
      headers: with_,
      payload: payload as object,
    });
  return { user, campaignId, headers, parse };
}

async function campaignRow(campaignId: string) {
  const [row] = await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  return row;
}

describe('POST /api/units/parse-statblock', () => {
  it("reads a French stat block onto the campaign's characteristics and writes nothing", async () => {
    const { parse, campaignId } = await setup();
    const before = await campaignRow(campaignId);
    const response = await parse({ text: GOBELIN });
    expect(response.statusCode).toBe(200);
    const body = response.json<ParseStatBlockResponse>();
    expect(body.language).toBe('fr');
    expect(body.unit).toMatchObject({
      name: 'Gobelin',
      hp: 7,
      characteristics: { Force: 8, Dextérité: 14, Sagesse: 8 },
      counters: [
        { label: 'Souffle de feu', max: 1, kind: 'uses', reset: 'never', recharge: { die: 6, min: 5 } },
      ],
    });
    expect(body.unit.notes).toContain('## Capacités\n\n**Fuite agile.**');
    expect(body.unit.notes).toContain("- **Classe d'armure** 15 (armure de cuir, bouclier)");
    expect(body.unread).toEqual([
      { reason: 'keptInNotes', text: "Classe d'armure 15 (armure de cuir, bouclier)" },
      { reason: 'noCharacteristic', text: 'CON 10' },
      { reason: 'noCharacteristic', text: 'INT 10' },
      { reason: 'noCharacteristic', text: 'CHA 8' },
    ]);
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(0);
    expect(await campaignRow(campaignId)).toEqual(before);
  });

  it('takes the language it is given for the words it adds', async () => {
    const { parse } = await setup({ characteristics: [{ name: 'Strength', max: 100 }] });
    const text = 'Dragon\nHit Points 200\nSTR 27\nLegendary Actions\nDetect. It looks around.';
    const english = (await parse({ text })).json<ParseStatBlockResponse>();
    expect(english.language).toBe('en');
    expect(english.unit.counters.map((counter) => counter.label)).toEqual(['Legendary actions']);
    const french = (await parse({ text, language: 'fr' })).json<ParseStatBlockResponse>();
    expect(french.language).toBe('fr');
    expect(french.unit.counters.map((counter) => counter.label)).toEqual(['Actions légendaires']);
    expect(french.unit.characteristics).toEqual({ Strength: 27 });
  });

  it('refuses a missing, blank or badly typed text and an unknown language, in the user language', async () => {
    const { parse } = await setup();
    const missing = await parse({});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).code).toBe('VALIDATION_FAILED');
    expect(Object.keys(errorOf(missing).fields ?? {})).toEqual(['text']);

    const blank = await parse({ text: '  \n ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).fields).toEqual({ text: 'This field is required.' });

    expect((await parse({ text: 12 })).statusCode).toBe(400);
    const language = await parse({ text: GOBELIN, language: 'de' });
    expect(language.statusCode).toBe(400);
    expect(Object.keys(errorOf(language).fields ?? {})).toEqual(['language']);

    const french = await setup({ language: 'fr' });
    expect(errorOf(await french.parse({ text: ' ' })).fields).toEqual({ text: 'Ce champ est obligatoire.' });
  });

  it('refuses a text over 20,000 characters and takes one of exactly 20,000', async () => {
    const { parse } = await setup();
    const long = `Goblin\nHit Points 7\n${'x'.repeat(20_001 - 20)}`;
    expect(long.length).toBe(20_001);
    const over = await parse({ text: long });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).fields).toEqual({ text: 'Must be at most 20000 characters.' });
    const atLimit = await parse({ text: long.slice(0, 20_000) });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json<ParseStatBlockResponse>().unit.name).toBe('Goblin');
  });

  it("answers 404 for another user's campaign, and 401 without a session", async () => {
    const { campaignId } = await setup();
    const other = await setup();
    const response = await other.parse({ text: GOBELIN }, bearer(other.user.token, campaignId));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/units/parse-statblock',
      headers: { 'x-campaign-id': campaignId },
      payload: { text: GOBELIN },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

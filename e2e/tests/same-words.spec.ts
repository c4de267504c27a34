// The same words for the same mistake (docs/decisions/056-core-by-domain-one-rule-once.md): a bad value
// typed in the real web form and the same value sent to the API with the page's session get the same
// message — the form's field error and the 400's field message — in English and in French. Both come
// from one check function of core (core/src/checks.ts, the amount rule of core/src/combat/amount.ts).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseTarget, combatMaster, openCombat, seedFight } from '../support/combat';
import { bearer, gameMaster, type Campaign, type Language } from '../support/game-data';
import type { ApiUser } from '../support/helpers';

interface ErrorAnswer {
  code: string;
  fields?: Record<string, string>;
}

const TEXT = {
  en: { newUnit: 'New unit', name: 'Name', hp: 'Max HP', amount: 'Amount', target: 'Target Grask' },
  fr: { newUnit: 'Nouvelle unité', name: 'Nom', hp: 'PV max', amount: 'Montant', target: 'Cibler Grask' },
} as const;

/** The error shown under a field: the element its aria-describedby names `…-error`. */
async function shownError(field: Locator): Promise<string> {
  return field.evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/);
    const errorId = ids.find((id) => id.endsWith('-error'));
    const element = errorId ? document.getElementById(errorId) : null;
    return element?.textContent?.trim() ?? '';
  });
}

/** The 400's message for `field`, for a request the page's session sends. */
async function refusedField(
  page: Page,
  url: string,
  headers: Record<string, string>,
  data: unknown,
  field: string,
): Promise<string> {
  const response = await page.request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBe(400);
  const answer = (await response.json()) as ErrorAnswer;
  expect(answer.code).toBe('VALIDATION_FAILED');
  const message = answer.fields?.[field];
  expect(message, JSON.stringify(answer.fields)).toBeTruthy();
  return message!;
}

/** A unit the API would take, but for the field under test. */
function validUnit(campaign: Campaign) {
  return {
    name: 'Valid name',
    race: campaign.races[0]!.name,
    class: campaign.classes[0]!.name,
    status: campaign.statuses[0]!.name,
    hp: 100,
  };
}

const unitHeaders = (user: ApiUser, campaign: Campaign) => ({
  ...bearer(user),
  'x-campaign-id': campaign._id,
});

/** Bad values of the unit form: what is typed in the field, and what the API gets for it. */
const NAME_CASES: { label: string; typed: string }[] = [
  { label: 'empty', typed: '' },
  { label: 'only spaces', typed: '   ' },
  { label: 'too long', typed: 'x'.repeat(51) },
  { label: 'with U+0000', typed: 'Gob\u0000lin' },
];
const HP_CASES: { label: string; typed: string; sent: number }[] = [
  { label: 'below 0', typed: '-1', sent: -1 },
  { label: 'above the maximum', typed: '10000', sent: 10_000 },
  { label: 'not whole', typed: '2.5', sent: 2.5 },
];
/** Amounts: a plain number is sent as a number (as the web does), other text as typed. */
const AMOUNT_CASES: { label: string; typed: string; sent: number | string }[] = [
  { label: '0', typed: '0', sent: 0 },
  { label: '1000', typed: '1000', sent: 1000 },
  { label: '"2.5" as text', typed: '2.5', sent: '2.5' },
  { label: '2.5 as a number', typed: '2.5', sent: 2.5 },
];

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  const text = TEXT[language];

  test.describe(`same words (${language})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test('the unit form and POST /api/units word a bad name and a bad HP alike', async ({
      page,
      request,
    }) => {
      const { user, campaign } = await gameMaster(page, request, { language });
      const headers = unitHeaders(user, campaign);
      await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);
      await page.getByRole('button', { name: text.newUnit, exact: true }).click();
      const form = page.getByRole('dialog', { name: text.newUnit });

      const name = form.getByLabel(text.name, { exact: true });
      await expect(name).toBeFocused();
      // The field's maxlength stops typing at the limit; a paste or a script is not stopped, and the
      // form still checks the length: take the attribute away to type past it.
      await name.evaluate((input) => input.removeAttribute('maxlength'));
      for (const { label, typed } of NAME_CASES) {
        const api = await refusedField(
          page,
          '/api/units',
          headers,
          { ...validUnit(campaign), name: typed },
          'name',
        );
        // Something first, so an empty value is a change the form reacts to.
        await name.fill('x');
        await name.fill(typed);
        await name.blur();
        await expect.poll(() => shownError(name), { message: `name ${label}` }).toBe(api);
      }
      await name.fill('Valid name');

      const hp = form.getByLabel(text.hp, { exact: true });
      for (const { label, typed, sent } of HP_CASES) {
        const api = await refusedField(
          page,
          '/api/units',
          headers,
          { ...validUnit(campaign), hp: sent },
          'hp',
        );
        await hp.fill(typed);
        await hp.blur();
        await expect.poll(() => shownError(hp), { message: `hp ${label}` }).toBe(api);
      }
      // Nothing was created by any of them.
      const units = await page.request.get('/api/units', { headers });
      expect(await units.json()).toEqual([]);
    });

    test('the amount field and POST /api/combat/actions word a bad amount alike', async ({
      page,
      request,
    }) => {
      const { user, campaign, api } = await combatMaster(page, request, { language });
      const [aria, grask] = await api.createRoster([{ name: 'Aria', isPlayer: true }, { name: 'Grask' }]);
      await seedFight(api, { allies: [aria!], enemies: [grask!], order: [grask!, aria!] });
      await openCombat(page, language, campaign);
      await chooseTarget(page, text.target);
      const amount = page.getByRole('textbox', { name: text.amount, exact: true });
      const headers = unitHeaders(user, campaign);

      for (const { label, typed, sent } of AMOUNT_CASES) {
        const { version } = (await (await page.request.get('/api/combat', { headers })).json()) as {
          version: number;
        };
        const message = await refusedField(
          page,
          '/api/combat/actions',
          headers,
          { version, action: { type: 'attack', targetId: grask!._id, amount: sent } },
          'amount',
        );
        await amount.fill(typed);
        await expect(amount).toHaveAttribute('aria-invalid', 'true');
        await expect.poll(() => shownError(amount), { message: `amount ${label}` }).toBe(message);
      }
    });
  });
}

// Deleting a campaign (decision 052): the game master types the campaign's name,
// then the toast offers Undo for 10 seconds, which brings the campaign back exactly — its units, its
// rules and its fight's log are on screen again. English and French (the words matter here).
import { expect, test } from '@playwright/test';
import { combatMaster } from '../support/combat';
import { bearer } from '../support/game-data';

const WORDS = {
  en: {
    deleteButton: 'Delete Realm of Ash',
    title: 'Delete the campaign',
    text: '"Realm of Ash" will be deleted with its units, rules, lists and fight. You can still undo it for 10 seconds from the message that follows.',
    nameLabel: 'To confirm, type its name: Realm of Ash',
    mismatch: 'Type the name exactly as shown.',
    delete: 'Delete',
    deleted: 'Campaign "Realm of Ash" deleted.',
    undo: 'Undo',
    restored: 'Campaign "Realm of Ash" is back.',
    log: 'Combat log',
    joins: 'Aria joins the allies.',
  },
  fr: {
    deleteButton: 'Supprimer Realm of Ash',
    title: 'Supprimer la campagne',
    text: '«\u00a0Realm of Ash\u00a0» sera supprimée avec ses unités, règles, listes et combat. Vous pourrez encore annuler pendant 10\u00a0secondes depuis le message qui suit.',
    nameLabel: 'Pour confirmer, tapez son nom\u00a0: Realm of Ash',
    mismatch: 'Tapez le nom exactement comme affiché.',
    delete: 'Supprimer',
    deleted: 'Campagne « Realm of Ash » supprimée.',
    undo: 'Annuler',
    restored: 'La campagne «\u00a0Realm of Ash\u00a0» est de retour.',
    log: 'Journal du combat',
    joins: 'Aria rejoint les alliés.',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const w = WORDS[language];
  test(`a campaign is deleted by typing its name, and Undo brings it back whole (${language})`, async ({
    page,
    request,
  }) => {
    const { user, campaign, api } = await combatMaster(page, request, { language });
    const [aria] = await api.createRoster([{ name: 'Aria', isPlayer: true }, { name: 'Grask' }]);
    const rules = await request.put(`/api/game-data/${campaign._id}`, {
      headers: bearer(user),
      data: { rules: '# House rules\n\nCritical hits explode.' },
    });
    expect(rules.status(), await rules.text()).toBe(200);
    await api.act({ type: 'add', unitId: aria!._id, group: 'allies' });
    const listed = async () =>
      (await (await request.get('/api/game-data', { headers: bearer(user) })).json()) as { _id: string }[];

    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);
    await expect(page.getByRole('heading', { name: 'Grask' })).toBeVisible();

    await page.getByRole('button', { name: w.deleteButton, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w.title });
    await expect(dialog).toContainText(w.text);
    const name = dialog.getByRole('textbox', { name: w.nameLabel });
    await expect(name).toBeFocused();
    const confirm = dialog.getByRole('button', { name: w.delete, exact: true });
    await expect(confirm).toBeDisabled();
    await name.fill('Realm of Dust');
    await expect(dialog.getByText(w.mismatch)).toBeVisible();
    await expect(confirm).toBeDisabled();
    await name.fill('Realm of Ash');
    await expect(confirm).toBeEnabled();
    await name.press('Enter');
    await expect(dialog).toBeHidden();

    const toast = page.getByRole('status').filter({ hasText: w.deleted });
    await expect(toast).toBeVisible();
    expect(await listed()).toEqual([]);
    await toast.getByRole('button', { name: w.undo, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: w.restored })).toBeVisible();
    await expect.poll(async () => (await listed()).map((item) => item._id)).toEqual([campaign._id]);

    // Back as it was, with the same ids: the rules, the units, the fight's log.
    await expect(page).toHaveURL(new RegExp(`campaign=${campaign._id}`));
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=rules`);
    await expect(page.getByText('Critical hits explode.')).toBeVisible();
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);
    await expect(page.getByRole('heading', { name: 'Aria' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Grask' })).toBeVisible();
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=combat`);
    const toggle = page.getByRole('button', { name: new RegExp(w.log) });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(page.getByRole('list', { name: w.log, exact: true })).toContainText(w.joins);
  });
}

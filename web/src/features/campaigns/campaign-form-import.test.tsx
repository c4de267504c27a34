// "Import from a file" in the New campaign form (docs/decisions/024): the chosen file's name and campaign
// name shown, the import sent under the name in the field, the server's refusal listed limit by limit, and
// files that are not JSON or not a campaign export refused with a message that says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest, apiUpload } from '@/lib/api-client';
import { strToU8, zipSync } from 'fflate';
import { i18next } from '@/lib/i18n';
import { clearSession, signIn } from '@/lib/session';
import { createCampaign } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { CampaignFormModal } from './campaign-form-modal';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
  apiUpload: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const upload = vi.mocked(apiUpload);

const existing = createCampaign({ _id: 'c1', name: 'Realm of Ash' });
const exported = {
  format: 'questkeeper.game-data',
  formatVersion: 1,
  campaign: { name: 'Sunken Crown', rules: '# Rules' },
  units: [{ id: 'u1', name: 'Aldric' }],
};
const fileOf = (content: string, name = 'sunken-crown.json') =>
  new File([content], name, { type: 'application/json' });

let importAnswer: () => Promise<unknown>;
beforeEach(() => {
  signIn({ token: 't', _id: 'user1', email: 'gm@example.test', tier: 'Novice', language: 'en' });
  importAnswer = () => Promise.resolve(createCampaign({ _id: 'c2', name: 'Sunken Crown' }));
  api.mockImplementation((method: string, path: string) => {
    if (method === 'GET' && path === '/api/game-data') return Promise.resolve([existing]);
    if (method === 'GET' && path === '/api/game-data/campaigns/limit')
      return Promise.resolve({ limit: 2, count: 1 });
    if (method === 'POST' && path === '/api/game-data/import') return importAnswer();
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
});
afterEach(() => {
  api.mockReset();
  upload.mockReset();
  clearSession();
});

async function openImport() {
  const user = userEvent.setup();
  const onCreated = vi.fn();
  renderWithProviders(
    <CampaignFormModal defaultSourceId="c1" onClose={vi.fn()} onCreated={onCreated} onFailed={vi.fn()} />,
  );
  await user.click(await screen.findByRole('radio', { name: 'Import from a file' }));
  return { user, onCreated };
}

const submit = () => screen.getByRole('button', { name: 'Import and create' }) as HTMLButtonElement;

// Reading files and typing on a shared machine: above the 5 s default.
describe('import from a file', { timeout: 20_000 }, () => {
  it('names the chosen file, starts from its campaign name and imports it as a new campaign', async () => {
    const { user, onCreated } = await openImport();
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(submit().disabled).toBe(true);

    await user.upload(screen.getByLabelText('Choose a file'), fileOf(JSON.stringify(exported)));
    await screen.findByText('sunken-crown.json');
    const name = screen.getByRole('textbox', { name: 'Campaign name' }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Sunken Crown'));
    await user.clear(name);
    await user.paste('Sunken Crown II');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ _id: 'c2' })));
    expect(api).toHaveBeenCalledWith('POST', '/api/game-data/import', {
      body: { ...exported, campaign: { ...exported.campaign, name: 'Sunken Crown II' } },
    });
  });

  // The server numbers a name already taken; the field says so beforehand.
  it("numbers the file's campaign name as the server will when a campaign has it already", async () => {
    await openImport();
    const same = { ...exported, campaign: { ...exported.campaign, name: 'Realm of Ash' } };
    await userEvent.upload(screen.getByLabelText('Choose a file'), fileOf(JSON.stringify(same)));
    await screen.findByText('sunken-crown.json');
    const name = screen.getByRole('textbox', { name: 'Campaign name' }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Realm of Ash (2)'));
  });

  it('lists each limit the server names when the file does not fit the plan, and the way up', async () => {
    importAnswer = () =>
      Promise.reject(
        new ApiError(
          403,
          'IMPORT_OVER_LIMITS',
          'This campaign does not fit your Novice plan: units: 11 of 10, rules: 50,001 of 50,000 characters.',
          { units: 'units: 11 of 10', 'campaign.rules': 'rules: 50,001 of 50,000 characters' },
        ),
      );
    const { user, onCreated } = await openImport();
    await user.upload(screen.getByLabelText('Choose a file'), fileOf(JSON.stringify(exported)));
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This campaign does not fit your Novice plan, so nothing was imported:',
    );
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['units: 11 of 10', 'rules: 50,001 of 50,000 characters']);
    within(alert).getByRole('button', { name: 'See the plans' });
    expect(onCreated).not.toHaveBeenCalled();
    // The form stays, ready for another file.
    expect(submit().disabled).toBe(false);
  });

  it('refuses a file that is not JSON without sending it', async () => {
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('Choose a file'), fileOf('name,hp\nAldric,12', 'units.json'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      '“units.json” is neither a JSON file nor a backup with images, so it cannot be imported.',
    );
    expect(submit().disabled).toBe(true);
    expect(api).not.toHaveBeenCalledWith('POST', '/api/game-data/import', expect.anything());
  });

  it('refuses JSON of another shape, and an account download, each with its own message', async () => {
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('Choose a file'), fileOf('{"hello":"world"}', 'other.json'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“other.json” is not a Questkeeper campaign file. Use a file made by “Export (JSON)” or “Backup with ' +
        "images (ZIP)” in a campaign's menu.",
    );

    await user.upload(
      screen.getByLabelText('Choose another file'),
      fileOf('{"format":"questkeeper.account","formatVersion":1}', 'account.json'),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/^“account\.json” is the download/),
    );
    expect(submit().disabled).toBe(true);
  });

  it('says a file too large for the server is too large (413)', async () => {
    importAnswer = () => Promise.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.'));
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('Choose a file'), fileOf(JSON.stringify(exported)));
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“sunken-crown.json” is too large: an import takes 32 MB of JSON, or a 100 MB backup with images.',
    );
  });

  // docs/decisions/077: a backup with images is read in the browser for its name only, then sent whole.
  it('imports a backup with images (ZIP) as it is, renamed beside it, and says what it left out', async () => {
    upload.mockResolvedValue({
      ...createCampaign({ _id: 'c3', name: 'Crown restored' }),
      warnings: [
        {
          reason: 'revealDropped',
          text: 'A map',
          message: 'A map: a reveal whose unit or image is not in the file, left out',
        },
      ],
    });
    const { user, onCreated } = await openImport();
    const archive = zipSync({
      'campaign.json': strToU8(JSON.stringify(exported)),
      'images/p1.webp': new Uint8Array([1, 2, 3]),
      'images/h2.webp': new Uint8Array([4, 5, 6]),
      // Not a picture's name: the server ignores it, and so does the count.
      'images/readme.txt': strToU8('x'),
    });
    const file = new File([archive], 'sunken-crown.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('Choose a file'), file);
    await screen.findByText('sunken-crown.zip');
    // What the backup brings besides the campaign, read from the ZIP before anything is sent.
    await screen.findByText('A backup with 2 pictures: they come back with the campaign.');
    const name = screen.getByRole('textbox', { name: 'Campaign name' }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Sunken Crown'));
    await user.clear(name);
    await user.paste('Crown restored');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ _id: 'c3' })));
    expect(upload).toHaveBeenCalledWith('/api/game-data/import?name=Crown%20restored', file, {
      contentType: 'application/zip',
    });
    expect(api).not.toHaveBeenCalledWith('POST', '/api/game-data/import', expect.anything());
    await screen.findByText(
      'Imported, but 1 thing was left out: A map: a reveal whose unit or image is not in the file, left out',
    );
  });

  it('says a backup holds no pictures, and says it in French too', async () => {
    const { user } = await openImport();
    const archive = zipSync({ 'campaign.json': strToU8(JSON.stringify(exported)) });
    await user.upload(
      screen.getByLabelText('Choose a file'),
      new File([archive], 'crown.zip', { type: 'application/zip' }),
    );
    await screen.findByText('A backup without pictures.');
    expect(upload).not.toHaveBeenCalled();
    const french = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', french, true, true);
    const fr = i18next.getFixedT('fr');
    expect(fr('campaigns.import.archiveImages', { count: 0 })).toBe('Une sauvegarde sans image.');
    expect(fr('campaigns.import.archiveImages', { count: 1 })).toBe(
      'Une sauvegarde avec 1 image\u00a0: elle revient avec la campagne.',
    );
    expect(fr('campaigns.import.archiveImages', { count: 12 })).toBe(
      'Une sauvegarde avec 12 images\u00a0: elles reviennent avec la campagne.',
    );
  });

  it('refuses a ZIP that holds no campaign file without sending it', async () => {
    const { user } = await openImport();
    const other = zipSync({ 'notes/a.json': strToU8('{"name":"x"}') });
    await user.upload(
      screen.getByLabelText('Choose a file'),
      new File([other], 'kanka.zip', { type: 'application/zip' }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^“kanka\.zip” is not a Questkeeper campaign file/,
    );
    expect(upload).not.toHaveBeenCalled();
  });
});

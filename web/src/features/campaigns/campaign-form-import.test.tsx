// "Import from a file" in the New campaign form (docs/decisions/024): the chosen file's name and campaign
// name shown, the import sent under the name in the field, the server's refusal listed limit by limit, and
// files that are not JSON or not a campaign export refused with a message that says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { clearSession, signIn } from '@/lib/session';
import { createCampaign } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { CampaignFormModal } from './campaign-form-modal';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

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
    expect(name.value).toBe('Sunken Crown');
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
    expect(alert.textContent).toBe('“units.json” is not a JSON file, so it cannot be imported.');
    expect(submit().disabled).toBe(true);
    expect(api).not.toHaveBeenCalledWith('POST', '/api/game-data/import', expect.anything());
  });

  it('refuses JSON of another shape, and an account download, each with its own message', async () => {
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('Choose a file'), fileOf('{"hello":"world"}', 'other.json'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "“other.json” is not a Questkeeper campaign file. Use a file made by “Export (JSON)” in a campaign's menu.",
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
      '“sunken-crown.json” is larger than 32 MB, the most an import takes.',
    );
  });
});

// "From another tool" in the New campaign form (docs/product.md#import-from-other-tools): the choice
// asks no name, Continue opens the import dialog in its place, and the campaign the file became is
// handed back as any new campaign.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest, apiUpload } from '@/lib/api-client';
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

const preview = {
  format: 'shieldmaiden',
  name: 'Shieldmaiden',
  counts: { units: 1, races: 4, classes: 5, statuses: 6, characteristics: 6, encounters: 0, rulesChars: 0 },
  overLimits: [],
  warnings: [],
  sample: [{ key: 'npcs.0', kind: 'unit', name: 'Bandit captain', isPlayer: false, hp: 65 }],
};

beforeEach(() => {
  signIn({ token: 't', _id: 'user1', email: 'gm@example.test', tier: 'Adventurer', language: 'en' });
  api.mockImplementation((method: string, path: string) => {
    if (method === 'GET' && path === '/api/game-data')
      return Promise.resolve([createCampaign({ _id: 'c1' })]);
    if (method === 'GET' && path === '/api/game-data/campaigns/limit')
      return Promise.resolve({ limit: 2, count: 1 });
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
  upload.mockImplementation((path: string) =>
    path.startsWith('/api/game-data/import/preview')
      ? Promise.resolve(preview)
      : Promise.resolve(createCampaign({ _id: 'c2', name: 'Shieldmaiden' })),
  );
});
afterEach(() => {
  api.mockReset();
  upload.mockReset();
  clearSession();
});

describe('New campaign from another tool', () => {
  it('asks no name, opens the import dialog on Continue and hands back the new campaign', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    renderWithProviders(
      <CampaignFormModal defaultSourceId="c1" onClose={vi.fn()} onCreated={onCreated} onFailed={vi.fn()} />,
    );
    await user.click(await screen.findByRole('radio', { name: 'From another tool' }));
    expect(screen.queryByRole('textbox', { name: 'Campaign name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Import from another tool' });
    expect(screen.queryByRole('dialog', { name: 'New campaign' })).toBeNull();
    await user.upload(
      screen.getByLabelText('Choose a file'),
      new File(['{}'], 'shieldmaiden.json', { type: 'application/json' }),
    );
    await screen.findByRole('checkbox', { name: 'Bandit captain' });
    expect(dialog.textContent).toContain('1 unit, 0 encounters');
    await user.click(screen.getByRole('button', { name: 'Import as a new campaign' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ _id: 'c2' })));
    expect(upload.mock.calls.at(-1)?.[0]).toBe('/api/game-data/import');
  });
});

// "Import from another tool" in the units view (docs/product.md#import-from-other-tools): the dialog is
// aimed at this campaign (its header on both calls) and measured against what it holds; once the units
// came in, a toast counts them and the list is read again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest, apiUpload } from '@/lib/api-client';
import type { Unit } from '@/lib/units';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import UnitsView from './units-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
  apiUpload: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const upload = vi.mocked(apiUpload);

afterEach(() => {
  api.mockReset();
  upload.mockReset();
});

const campaign = createCampaign({ _id: 'c1', name: 'Realm of Ash' });
const preview = {
  format: 'fivetools',
  name: 'Homebrew',
  counts: { units: 2, races: 4, classes: 5, statuses: 6, characteristics: 6, encounters: 0, rulesChars: 0 },
  overLimits: [],
  warnings: [],
  sample: [
    { key: 'monster.0', kind: 'unit', name: 'Bog hag', isPlayer: false, hp: 52 },
    { key: 'monster.1', kind: 'unit', name: 'Mire troll', isPlayer: false, hp: 84 },
  ],
};

describe('Import from another tool in the units view', () => {
  it('adds the ticked units to this campaign, says how many came in and shows them', async () => {
    let units: Unit[] = Array.from({ length: 9 }, (_, index) => createUnit({ name: `Guard ${index + 1}` }));
    api.mockImplementation(async (method, path) => {
      if (method === 'GET' && path === '/api/units') return structuredClone(units);
      if (method === 'GET' && path === '/api/encounters') return [];
      throw new Error(`unexpected ${method} ${path}`);
    });
    const hag = createUnit({ name: 'Bog hag' });
    upload.mockImplementation(async (path) => {
      if (path === '/api/game-data/import/preview') return preview;
      units = [...units, hag];
      return { units: 1, encounters: 0, warnings: [] };
    });
    const user = userEvent.setup();
    renderWithProviders(<UnitsView campaign={campaign} tier="Novice" />);
    await screen.findByText('Guard 1');
    await user.click(screen.getByRole('button', { name: 'Import from another tool' }));
    await screen.findByRole('dialog', { name: 'Import from another tool' });
    await user.upload(
      screen.getByLabelText('Choose a file'),
      new File(['{}'], 'homebrew.json', { type: 'application/json' }),
    );
    // Nine units already: the Novice plan's ten leave room for one.
    await screen.findByText(
      '2 units chosen: this campaign has room for 1 more (your Novice plan allows 10). Untick some to import.',
    );
    const submit = screen.getByRole('button', { name: 'Import into this campaign' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Mire troll' }));
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);

    await screen.findByText('1 unit imported into “Realm of Ash”');
    expect(screen.queryByRole('dialog', { name: 'Import from another tool' })).toBeNull();
    expect(await screen.findByText('Bog hag')).toBeTruthy();
    const [path, , options] = upload.mock.calls.at(-1)!;
    expect(path).toBe('/api/units/import?only=monster.0');
    expect(options.headers).toEqual({ 'x-campaign-id': 'c1' });
  });
});

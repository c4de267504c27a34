// A list entry's delete says so in a toast with Undo, which adds the entry back at its
// place, without its old id (the server gives a new one); adding an entry says so too. Each is one
// call for one entry (POST /api/game-data/{id}/lists, decision 036), never the whole list.
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { createCampaign } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import RacesView from './races-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const races = [
  { _id: 'r1', name: 'Human', note: '' },
  { _id: 'r2', name: 'Elf', note: 'Long-lived.' },
  { _id: 'r3', name: 'Dwarf', note: '' },
];

type Edit =
  { op: 'add'; item: { name: string; note: string }; at?: number } | { op: 'delete'; itemId: string };

/** The server applies each edit to its own list (which starts as `races`), giving new entries an id. */
function serveSaves() {
  let next = 10;
  let saved = [...races];
  api.mockImplementation(async (_method, _path, options) => {
    const edit = options?.body as Edit;
    let itemId: string | undefined;
    if (edit.op === 'delete') saved = saved.filter((race) => race._id !== edit.itemId);
    else {
      itemId = `r${next++}`;
      const at = Math.min(edit.at ?? saved.length, saved.length);
      saved = [...saved.slice(0, at), { ...edit.item, _id: itemId }, ...saved.slice(at)];
    }
    return { campaign: createCampaign({ races: saved }), ...(itemId ? { itemId } : {}) };
  });
}

/** The dashboard's part: it hands the saved campaign down. */
let handDown: (campaign: Campaign) => void = () => undefined;
function Dashboard({ initial }: { initial: Campaign }) {
  const [campaign, setCampaign] = useState(initial);
  useEffect(() => {
    handDown = setCampaign;
  }, []);
  return <RacesView campaign={campaign} tier="Hero" />;
}

const toasts = () => screen.getByRole('region', { name: 'Recent notifications' });

describe('list toasts and Undo', { timeout: 20_000 }, () => {
  it('deletes an entry, and Undo saves it back at its place without its old id', async () => {
    serveSaves();
    renderWithProviders(<Dashboard initial={createCampaign({ races })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Elf' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this entry?' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete "Elf"? You can still undo it from the message that follows.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await within(toasts()).findByText('Race "Elf" deleted.');
    expect(api).toHaveBeenLastCalledWith('POST', '/api/game-data/c1/lists', {
      body: { op: 'delete', list: 'races', itemId: 'r2' },
    });
    // The dashboard hands the saved campaign down.
    act(() => handDown(createCampaign({ races: [races[0]!, races[2]!] })));

    await userEvent.click(within(toasts()).getByRole('button', { name: 'Undo' }));
    await within(toasts()).findByText('Race "Elf" is back.');
    expect(api).toHaveBeenLastCalledWith('POST', '/api/game-data/c1/lists', {
      body: { op: 'add', list: 'races', item: { name: 'Elf', note: 'Long-lived.' }, at: 1 },
    });
  });

  it('says an entry was added', async () => {
    serveSaves();
    renderWithProviders(<RacesView campaign={createCampaign({ races })} tier="Hero" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add race' }));
    const form = screen.getByRole('dialog', { name: 'New race' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Gnome');
    await userEvent.click(within(form).getByRole('button', { name: /Save|Add/ }));
    await waitFor(() => expect(within(toasts()).getByText('Race "Gnome" added.')).toBeTruthy());
    expect(api).toHaveBeenLastCalledWith('POST', '/api/game-data/c1/lists', {
      body: { op: 'add', list: 'races', item: { name: 'Gnome', note: '' } },
    });
  });
});

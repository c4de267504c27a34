// The Encounters view with a fake API (docs/decisions/062): the empty state that says what an
// encounter is, creating one (core's checks in the dialog, the body sent, the summary in the list),
// the delete confirmation, Run refused with its reason while a fight is going on and sent with the
// fight's version in setup, and the tier's limit with the way up.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tier } from '@questkeeper/core/tiers';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { Encounter } from '@/lib/encounters';
import { createCampaign, createUnit } from '@/test/factories';
import { applyLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import EncountersView from './encounters-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const campaign = createCampaign();
const aria = createUnit({ _id: 'a1', name: 'Aria', isPlayer: true });
const goblin = createUnit({ _id: 'g1', name: 'Goblin' });
const ogre = createUnit({ _id: 'o1', name: 'Ogre' });

const ambush: Encounter = {
  _id: 'e1',
  gameDataId: 'c1',
  name: 'Goblin ambush',
  allies: [{ unitId: 'a1' }],
  enemies: [
    { unitId: 'g1', count: 5 },
    { unitId: 'o1', count: 1 },
  ],
  hazards: [{ name: 'Cave tremors', initiative: 20, hidden: false }],
  hidden: ['o1'],
  groups: 'byName',
  notes: '## Read aloud\nThe **torches** gutter.',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A fake server: the lists, the fight in `phase`, and what each write answers. */
function serve({
  encounters = [] as Encounter[],
  phase = 'setup' as 'setup' | 'fight',
  allies = [] as string[],
} = {}) {
  let list = [...encounters];
  api.mockImplementation(async (method, path, options) => {
    const body = (options as { body?: Record<string, unknown> } | undefined)?.body;
    if (method === 'GET' && path === '/api/encounters') return list;
    if (method === 'GET' && path === '/api/units') return [aria, goblin, ogre];
    if (method === 'GET' && path === '/api/combat') return { phase, version: 7, allies, enemies: [] };
    if (method === 'POST' && path === '/api/encounters') {
      const created = { ...ambush, ...body, _id: 'e-new' } as Encounter;
      list = [...list, created];
      return created;
    }
    if (method === 'DELETE' && path.startsWith('/api/encounters/')) {
      list = list.filter((item) => path !== `/api/encounters/${item._id}`);
      return undefined;
    }
    if (method === 'POST' && path.endsWith('/run')) {
      return {
        combat: { phase: 'setup', version: 8, allies: ['a1'], enemies: ['g1'] },
        units: [],
        entries: [],
      };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
}

function renderView(tier: Tier = 'Adventurer') {
  return renderWithProviders(<EncountersView campaign={campaign} tier={tier} />, {
    route: '/en/dashboard?campaign=c1&view=encounters',
  });
}

const calls = (method: string, path: string) => api.mock.calls.filter(([m, p]) => m === method && p === path);

describe('Encounters view', { timeout: 30_000 }, () => {
  it('explains an empty list, checks the dialog as the API does, creates, and lists the summary', async () => {
    serve();
    renderView();
    expect(await screen.findByText('No encounters yet')).toBeTruthy();
    expect(screen.getByText(/An encounter is a fight prepared before the session/)).toBeTruthy();
    expect(screen.getByText('0 of 30 encounters')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New encounter' }));
    const dialog = screen.getByRole('dialog', { name: 'New encounter' });
    const form = within(dialog);
    // Saving without a name shows core's message on the field, and nothing is sent.
    await userEvent.click(form.getByRole('button', { name: 'Create encounter' }));
    expect(form.getByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('Name'));
    expect(calls('POST', '/api/encounters')).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Name'), 'Goblin ambush');
    await userEvent.selectOptions(form.getByLabelText('Add an ally'), 'a1');
    await userEvent.selectOptions(form.getByLabelText('Add an enemy'), 'g1');
    // A unit already on a side is no longer offered.
    expect(within(form.getByLabelText('Add an enemy')).queryByRole('option', { name: 'Aria' })).toBeNull();
    const count = form.getByLabelText('How many Goblin');
    fireEvent.change(count, { target: { value: '51' } });
    expect(form.getByText('Must be at most 50.')).toBeTruthy();
    fireEvent.change(count, { target: { value: '5' } });
    await userEvent.click(form.getByRole('button', { name: 'Add lair / hazard' }));
    expect(document.activeElement).toBe(form.getAllByLabelText('Name')[1]);
    await userEvent.type(form.getAllByLabelText('Name')[1]!, 'Cave tremors');
    await userEvent.click(form.getByLabelText('Group identical units'));
    await userEvent.click(form.getByRole('button', { name: 'Create encounter' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', '/api/encounters')[0]?.[2]).toMatchObject({
      headers: { 'x-campaign-id': 'c1' },
      body: {
        name: 'Goblin ambush',
        allies: [{ unitId: 'a1' }],
        enemies: [{ unitId: 'g1', count: 5 }],
        hazards: [{ name: 'Cave tremors', initiative: 20, hidden: false }],
        hidden: [],
        groups: 'byName',
        notes: '',
      },
    });
    const card = within(await screen.findByRole('listitem', { name: 'Goblin ambush' }));
    expect(card.getByText('Goblin ×5')).toBeTruthy();
    expect(card.getByText('5 enemies')).toBeTruthy();
    expect(screen.getByText('Encounter "Goblin ambush" created.')).toBeTruthy();
  });

  it('shows both sides, the hazards and the notes, and asks before deleting', async () => {
    serve({ encounters: [ambush] });
    renderView();
    const card = within(await screen.findByRole('listitem', { name: 'Goblin ambush' }));
    expect(card.getByText('1 ally')).toBeTruthy();
    expect(card.getByText('Goblin ×5 · Ogre')).toBeTruthy();
    expect(card.getByText('Cave tremors (20)')).toBeTruthy();
    expect(card.getByText('1 unit hidden from players')).toBeTruthy();
    expect(card.getByText('Read aloud The torches gutter.')).toBeTruthy();

    await userEvent.click(card.getByRole('button', { name: 'Delete Goblin ambush' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete this encounter?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE', '/api/encounters/e1')).toHaveLength(0);
    expect(screen.getByRole('listitem', { name: 'Goblin ambush' })).toBeTruthy();

    await userEvent.click(card.getByRole('button', { name: 'Delete Goblin ambush' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this encounter?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Goblin ambush' })).toBeNull());
    expect(calls('DELETE', '/api/encounters/e1')).toHaveLength(1);
    expect(screen.getByText('Encounter "Goblin ambush" deleted.')).toBeTruthy();
  });

  it('refuses Run with its reason while a fight is going on', async () => {
    serve({ encounters: [ambush], phase: 'fight' });
    renderView();
    const run = (await screen.findByRole('button', { name: 'Run Goblin ambush' })) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(true));
    const reason = screen.getByText('A fight is going on: end it in the Combat view to run an encounter.');
    expect(run.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it("runs from the fight's version in setup, after asking to replace a setup that has units", async () => {
    serve({ encounters: [ambush], allies: ['a1'] });
    renderView();
    const run = (await screen.findByRole('button', { name: 'Run Goblin ambush' })) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    await userEvent.click(run);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Replace the current setup?' })).getByRole('button', {
        name: 'Replace and run',
      }),
    );
    await waitFor(() => expect(calls('POST', '/api/encounters/e1/run')).toHaveLength(1));
    expect(calls('POST', '/api/encounters/e1/run')[0]?.[2]).toMatchObject({ body: { version: 7 } });
    expect(await screen.findByText('"Goblin ambush" is set up: roll initiative to start.')).toBeTruthy();
  });

  it("at the tier's limit offers no New button, and shows the limit with the way up", async () => {
    const three = [ambush, { ...ambush, _id: 'e2', name: 'Two' }, { ...ambush, _id: 'e3', name: 'Three' }];
    serve({ encounters: three });
    const openUpgrade = vi.fn();
    renderWithProviders(<EncountersView campaign={campaign} tier="Novice" />, { onUpgrade: openUpgrade });
    expect(await screen.findByText('3 of 3 encounters')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New encounter' })).toBeNull();
    expect(screen.getByText(/Encounter limit reached for the Novice plan \(3 per campaign\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade my plan' }));
    expect(openUpgrade).toHaveBeenCalled();
  });

  it('counts one encounter in the singular in French', async () => {
    serve({ encounters: [ambush] });
    await applyLanguage('fr');
    try {
      renderWithProviders(<EncountersView campaign={campaign} tier="Novice" />);
      expect(await screen.findByText('1 rencontre sur 3')).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });

  it("shows the server's refusal: field messages beside their fields, the rest at the top", async () => {
    serve();
    const fallback = api.getMockImplementation();
    api.mockImplementation(async (method, path, options) => {
      if (method === 'POST' && path === '/api/encounters') {
        throw new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
          'enemies.0.count': 'Must be at most 50.',
          'allies.0.unitId': 'This unit is not in the campaign.',
        });
      }
      return fallback?.(method, path, options);
    });
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Create an encounter' }));
    const form = within(screen.getByRole('dialog', { name: 'New encounter' }));
    await userEvent.type(form.getByLabelText('Name'), 'Raid');
    await userEvent.selectOptions(form.getByLabelText('Add an ally'), 'a1');
    await userEvent.selectOptions(form.getByLabelText('Add an enemy'), 'g1');
    await userEvent.click(form.getByRole('button', { name: 'Create encounter' }));
    const alert = await form.findByRole('alert');
    expect(within(alert).getByText('Some fields are not valid.')).toBeTruthy();
    expect(within(alert).getByText('This unit is not in the campaign.')).toBeTruthy();
    const count = form.getByLabelText('How many Goblin');
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(count);
    expect(form.getByText('Must be at most 50.')).toBeTruthy();
  });
});

describe('a place in the Encounters view (docs/decisions/063)', { timeout: 20_000 }, () => {
  it('opens the encounter it names, and shows its notes with links as the words they show', async () => {
    serve({ encounters: [{ ...ambush, notes: 'Led by [[Goblin|the boss]] near [[#Caves]].' }] });
    renderWithProviders(<EncountersView campaign={campaign} tier="Adventurer" />, {
      route: '/en/dashboard?campaign=c1&view=encounters&item=e1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Goblin ambush' });
    expect(within(dialog).getAllByRole('textbox', { name: 'Name' })[0]).toHaveProperty(
      'value',
      'Goblin ambush',
    );
    const card = screen.getByRole('heading', { level: 3, name: 'Goblin ambush' }).closest('li')!;
    expect(card.textContent).toContain('Led by the boss near Caves.');
  });
});

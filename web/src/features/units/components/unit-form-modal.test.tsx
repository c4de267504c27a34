// The unit form with a fake API (docs/product.md#unit-form, #validation, #roles): validation keeps Save
// disabled, create and edit modes, the busy labels, the clamped current HP sent, server refusals beside their
// fields, and quick generation only for paid plans in create mode. The journeys in
// e2e/tests/unit-form.spec.ts run the same against the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tier } from '@questkeeper/core/tiers';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { UnitFormModal } from './unit-form-modal';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

const campaign = (overrides: Partial<Campaign> = {}) =>
  createCampaign({
    characteristics: [
      { name: 'Strength', max: 100, pinned: false },
      { name: 'Luck', max: 20, pinned: false },
    ],
    races: [
      { _id: 'r1', name: 'Human', note: '' },
      { _id: 'r2', name: 'Elf', note: '' },
    ],
    statuses: [
      { _id: 's1', name: 'Normal', note: '' },
      { _id: 's2', name: 'Injured', note: '' },
    ],
    ...overrides,
  });

const aria = createUnit({
  _id: 'u1',
  name: 'Aria',
  gender: 'Female',
  isPlayer: true,
  race: 'Elf',
  status: 'Injured',
  characteristics: { Strength: 70, Luck: 12 },
  hp: 120,
  currentHp: 80,
  money: { gold: 3, silver: 2, bronze: 1 },
});

function renderForm({
  tier = 'Adventurer',
  unit = null,
  lists = {},
}: { tier?: Tier; unit?: Unit | null; lists?: Partial<Campaign> } = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <UnitFormModal campaign={campaign(lists)} tier={tier} unit={unit} onClose={onClose} onSaved={onSaved} />,
  );
  return { onSaved, onClose, dialog: screen.getByRole('dialog') };
}

const submitButton = (name: string | RegExp) => screen.getByRole('button', { name });

async function fillRequired(name = 'Borin') {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.selectOptions(screen.getByLabelText('Race'), 'Human');
  await userEvent.selectOptions(screen.getByLabelText('Class'), 'Mage');
}

/** The body of the one API call made with `method` to `path`. */
function sentBody(method: string, path: string) {
  const call = api.mock.calls.find(([m, p]) => m === method && p === path);
  expect(call, `${method} ${path}`).toBeDefined();
  return call?.[2]?.body;
}

describe('unit form', { timeout: 20_000 }, () => {
  it('keeps Create disabled until name, race and class are set, and says what is missing', async () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'New unit' })).toBeTruthy();
    const create = submitButton('Create unit') as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(screen.getByText('To continue, complete: Name, Race, Class.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Normal');
    expect((screen.getByLabelText('Non-player character') as HTMLInputElement).checked).toBe(true);

    await fillRequired();
    expect(create.disabled).toBe(false);
    expect(screen.queryByText(/To continue/)).toBeNull();

    await userEvent.clear(screen.getByLabelText('Name'));
    expect(create.disabled).toBe(true);
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a characteristic above its max and hp above 9999', async () => {
    renderForm();
    await fillRequired();
    const luck = screen.getByLabelText('Luck');
    expect((luck as HTMLInputElement).value).toBe('20');
    fireEvent.change(luck, { target: { value: '21' } });
    expect(screen.getByText("Must be between 0 and the characteristic's maximum (20).")).toBeTruthy();
    expect((submitButton('Create unit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(luck, { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Max HP'), { target: { value: '10000' } });
    expect(screen.getByText('Must be at most 9999.')).toBeTruthy();
    expect((submitButton('Create unit') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows 'Creating…' while busy and sends the clamped current HP", async () => {
    let answer: (unit: Unit) => void = () => undefined;
    api.mockImplementation(() => new Promise((resolve) => (answer = resolve as (unit: Unit) => void)));
    const { onSaved } = renderForm();
    await fillRequired();
    await userEvent.click(screen.getByLabelText('Player character'));
    fireEvent.change(screen.getByLabelText('Max HP'), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Current HP'), { target: { value: '250' } });
    expect(screen.getByText('Above max HP: saved as 120.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Gold'), { target: { value: '7' } });
    await userEvent.click(submitButton('Create unit'));

    const busy = submitButton('Creating…') as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(sentBody('POST', '/api/units')).toEqual({
      name: 'Borin',
      gender: 'Male',
      isPlayer: true,
      race: 'Human',
      class: 'Mage',
      status: 'Normal',
      characteristics: { Strength: 50, Luck: 20 },
      hp: 120,
      currentHp: 120,
      money: { gold: 7, silver: 0, bronze: 0 },
      notes: '',
      counters: [],
      gameDataId: 'c1',
    });
    expect(onSaved).not.toHaveBeenCalled();
    const saved = { ...aria, name: 'Borin' };
    answer(saved);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });

  it('sends 0 for a current HP below 0, and hp for an empty one', async () => {
    api.mockResolvedValue(aria);
    renderForm();
    await fillRequired();
    fireEvent.change(screen.getByLabelText('Current HP'), { target: { value: '-8' } });
    expect(screen.getByText('Below 0: saved as 0.')).toBeTruthy();
    // (Enter submits in a browser: the journeys check it; jsdom has no implicit submission through
    // a submit button outside the form.)
    await userEvent.click(submitButton('Create unit'));
    await waitFor(() => expect(api).toHaveBeenCalled());
    expect(sentBody('POST', '/api/units')).toMatchObject({ hp: 100, currentHp: 0 });

    api.mockClear();
    fireEvent.change(screen.getByLabelText('Current HP'), { target: { value: '' } });
    await userEvent.click(submitButton('Create unit'));
    await waitFor(() => expect(api).toHaveBeenCalled());
    expect(sentBody('POST', '/api/units')).toMatchObject({ hp: 100, currentHp: 100 });
  });

  it('shows a server field error beside its field and the message at the top', async () => {
    api.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
        race: "Choose a race from the campaign's list.",
      }),
    );
    const { onSaved } = renderForm();
    await fillRequired();
    await userEvent.click(submitButton('Create unit'));

    expect((await screen.findByRole('alert')).textContent).toContain('Some fields are not valid.');
    const race = screen.getByLabelText('Race');
    expect(race.getAttribute('aria-invalid')).toBe('true');
    const described = race.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe("Choose a race from the campaign's list.");
    expect(document.activeElement).toBe(race);
    expect(onSaved).not.toHaveBeenCalled();
    // Choosing again clears the server's word on that field.
    await userEvent.selectOptions(race, 'Elf');
    expect(race.getAttribute('aria-invalid')).toBeNull();
  });

  it('offers the upgrade when the unit limit refuses the save', async () => {
    api.mockRejectedValue(
      new ApiError(403, 'UNIT_LIMIT_REACHED', 'Unit limit reached for Novice tier (10 per campaign).'),
    );
    renderForm({ tier: 'Novice' });
    await fillRequired();
    await userEvent.click(submitButton('Create unit'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unit limit reached for Novice tier (10 per campaign).');
    expect(within(alert).getByRole('button', { name: 'Upgrade' })).toBeTruthy();
  });

  it('opens an edit with its own title, values and labels, and sends only the changes', async () => {
    let answer: (unit: Unit) => void = () => undefined;
    api.mockImplementation(() => new Promise((resolve) => (answer = resolve as (unit: Unit) => void)));
    const { onSaved } = renderForm({ unit: aria });
    expect(screen.getByRole('heading', { name: 'Edit Aria' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Aria');
    expect((screen.getByLabelText('Race') as HTMLSelectElement).value).toBe('Elf');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Injured');
    expect((screen.getByLabelText('Female') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Player character') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Strength') as HTMLInputElement).value).toBe('70');
    expect((screen.getByLabelText('Current HP') as HTMLInputElement).value).toBe('80');
    expect((screen.getByLabelText('Gold') as HTMLInputElement).value).toBe('3');
    expect(screen.queryByRole('button', { name: 'Create unit' })).toBeNull();
    expect(screen.queryByText('Quick generation')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Boss/ })).toBeNull();

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Aria the Bold');
    await userEvent.click(submitButton('Save changes'));
    expect((submitButton('Saving…') as HTMLButtonElement).disabled).toBe(true);
    // With the version the form opened with (decision 036).
    expect(sentBody('PUT', '/api/units/u1')).toEqual({ name: 'Aria the Bold', version: '1' });
    answer({ ...aria, name: 'Aria the Bold' });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('fills the characteristics from a quick generation', async () => {
    api.mockResolvedValue({ characteristics: { Strength: 66, Luck: 20 } });
    renderForm({ tier: 'Hero' });
    for (const name of [/^Boss/, /^Strong NPC/, /^Normal NPC/, /^Weak NPC/]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Boss 40–70%' }));
    expect(await screen.findByText('Characteristics filled from the Boss template.')).toBeTruthy();
    expect(sentBody('POST', '/api/units/generate')).toEqual({ template: 'boss' });
    expect((screen.getByLabelText('Strength') as HTMLInputElement).value).toBe('66');
  });

  it('shows a quick generation failure', async () => {
    api.mockRejectedValue(new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable right now.'));
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: /^Weak NPC/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('The service is unavailable right now.');
    expect((screen.getByLabelText('Strength') as HTMLInputElement).value).toBe('50');
  });

  it('shows Novice the upgrade hint instead of quick generation', () => {
    renderForm({ tier: 'Novice' });
    expect(screen.queryByRole('button', { name: /^Boss/ })).toBeNull();
    expect(
      screen.getByText('Quick generation of characteristics comes with Adventurer and Hero.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy();
  });

  it('explains an empty list instead of an impossible choice', () => {
    renderForm({ lists: { races: [] } });
    expect(screen.queryByLabelText('Race')).toBeNull();
    expect(screen.getByText('This campaign has no races yet, and every unit needs one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add races in the Races view' }).getAttribute('href')).toBe(
      '/?campaign=c1&view=races',
    );
    expect((submitButton('Create unit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes at once on Escape when nothing was typed', () => {
    const first = renderForm();
    fireEvent(first.dialog, new Event('cancel', { cancelable: true }));
    expect(first.onClose).toHaveBeenCalled();
  });

  it('asks before dropping typed values', async () => {
    const { dialog, onClose } = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Borin');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    const ask = await screen.findByRole('dialog', { name: 'Discard this unit?' });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalled();
  });
});

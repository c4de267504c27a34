// The unit form's counters (docs/decisions/062) with a fake API: presets and blank counters added and
// removed with the focus kept, core's checks said beside the fields (the API's words), the counters sent
// with POST and PUT /api/units (a new one without an id), the limit of 10, and the server's field
// messages placed on the counter they name.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
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

const campaign = createCampaign({
  characteristics: [],
  races: [{ _id: 'r1', name: 'Dragon', note: '' }],
  classes: [{ _id: 'k1', name: 'Monster', color: '#1d4ed8', note: '' }],
  statuses: [{ _id: 's1', name: 'Normal', note: '' }],
});

const dragon = createUnit({
  _id: 'u1',
  name: 'Ancient dragon',
  isPlayer: false,
  race: 'Dragon',
  class: 'Monster',
  status: 'Normal',
  counters: [
    { _id: 'c1', label: 'Legendary actions', max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
    { _id: 'c2', label: 'Fire breath', max: 1, kind: 'uses', reset: 'never', recharge: { die: 6, min: 5 } },
  ],
});

function renderForm(unit: Unit | null = null) {
  const onSaved = vi.fn();
  renderWithProviders(
    <UnitFormModal campaign={campaign} tier="Adventurer" unit={unit} onClose={vi.fn()} onSaved={onSaved} />,
  );
  return { onSaved };
}

const counters = () => screen.getByRole('list', { name: 'Counters' });
const rows = () => within(counters()).getAllByRole('listitem');
function sentBody(method: string, path: string) {
  const call = api.mock.calls.find(([m, p]) => m === method && p === path);
  expect(call, `${method} ${path}`).toBeDefined();
  return call?.[2]?.body as Record<string, unknown>;
}

describe('unit form counters', { timeout: 20_000 }, () => {
  it('adds a preset and a blank counter, checks them as the API does, and sends them on create', async () => {
    api.mockResolvedValue(dragon);
    const { onSaved } = renderForm();
    expect(screen.getByText(/No counters\./)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Young dragon');
    await userEvent.selectOptions(screen.getByLabelText('Race'), 'Dragon');
    await userEvent.selectOptions(screen.getByLabelText('Class'), 'Monster');

    await userEvent.click(screen.getByRole('button', { name: 'Legendary actions (3)' }));
    expect(rows()).toHaveLength(1);
    const first = within(rows()[0]!);
    expect((first.getByLabelText('Label') as HTMLInputElement).value).toBe('Legendary actions');
    expect(document.activeElement).toBe(first.getByLabelText('Label'));
    expect((first.getByLabelText('Resets') as HTMLSelectElement).value).toBe('turnStart');

    await userEvent.click(screen.getByRole('button', { name: 'Add counter' }));
    const second = within(rows()[1]!);
    expect(document.activeElement).toBe(second.getByLabelText('Label'));
    const create = screen.getByRole('button', { name: 'Create unit' }) as HTMLButtonElement;
    // A blank label is the API's "required", and Create says which section is missing.
    expect(create.disabled).toBe(true);
    expect(screen.getByText('To continue, complete: Counters.')).toBeTruthy();
    await userEvent.type(second.getByLabelText('Label'), 'Rounds of rage');
    await userEvent.selectOptions(second.getByLabelText('Kind'), 'countdown');
    fireEvent.change(second.getByLabelText('Max'), { target: { value: '100' } });
    expect(second.getByText('Must be at most 99.')).toBeTruthy();
    fireEvent.change(second.getByLabelText('Max'), { target: { value: '10' } });

    await userEvent.click(second.getByLabelText('Recharge roll'));
    await userEvent.selectOptions(second.getByLabelText('Die'), '4');
    expect(second.getByText('The recharge number cannot be above the die (d4).')).toBeTruthy();
    await userEvent.selectOptions(second.getByLabelText('Die'), '6');
    expect(create.disabled).toBe(false);

    await userEvent.click(create);
    expect(sentBody('POST', '/api/units').counters).toEqual([
      { label: 'Legendary actions', max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
      {
        label: 'Rounds of rage',
        max: 10,
        kind: 'countdown',
        reset: 'turnStart',
        recharge: { die: 6, min: 5 },
      },
    ]);
    expect(onSaved).toHaveBeenCalled();
  });

  it("removes a counter on edit, keeps the others' ids, and moves focus to the row that took its place", async () => {
    api.mockResolvedValue(dragon);
    renderForm(dragon);
    expect(rows()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Legendary actions' }));
    expect(rows()).toHaveLength(1);
    expect(document.activeElement).toBe(within(rows()[0]!).getByLabelText('Label'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(sentBody('PUT', '/api/units/u1')).toMatchObject({
      counters: [
        {
          _id: 'c2',
          label: 'Fire breath',
          max: 1,
          kind: 'uses',
          reset: 'never',
          recharge: { die: 6, min: 5 },
        },
      ],
    });
  });

  it('offers no more than 10 counters', async () => {
    renderForm();
    for (let count = 0; count < 10; count++) {
      fireEvent.click(screen.getByRole('button', { name: 'Recharge 5–6' }));
    }
    expect(rows()).toHaveLength(10);
    expect((screen.getByRole('button', { name: 'Add counter' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('At most 10 counters per unit.')).toBeTruthy();
  });

  it("shows the server's counter messages beside the counter they name", async () => {
    api.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Some fields are invalid.', {
        'counters.1.label': 'This label is taken.',
      }),
    );
    renderForm(dragon);
    fireEvent.change(within(rows()[1]!).getByLabelText('Max'), { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(rows()[1]!).findByText('This label is taken.')).toBeTruthy();
    // Removing the first counter moves the message with its counter.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Legendary actions' }));
    expect(within(rows()[0]!).getByText('This label is taken.')).toBeTruthy();
  });
});

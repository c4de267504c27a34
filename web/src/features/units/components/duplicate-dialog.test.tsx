// The duplicate dialog (docs/product.md#modals, #duplicate-dialog): confirm only with a unit
// and a new name, the copy is a create with every field but the (trimmed) name, and the server's
// refusal (the unit limit) stays in the dialog with the way up.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { DuplicateDialog } from './duplicate-dialog';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const openUpgrade = vi.fn();
const api = vi.mocked(apiRequest);

afterEach(() => {
  api.mockReset();
  openUpgrade.mockReset();
});

const vaelith = createUnit({
  _id: 'u1',
  userId: 'me',
  name: 'Vaelith',
  gender: 'Other',
  isPlayer: true,
  race: 'Elf',
  class: 'Ranger',
  status: 'Stunned',
  characteristics: { Strength: 12, Dexterity: 77 },
  hp: 120,
  currentHp: 70,
  money: { gold: 9, silver: 8, bronze: 7 },
  notes: 'Carries the **moon key**.',
  counters: [
    { _id: 'k1', label: 'Moon charges', max: 3, kind: 'uses', reset: 'never', recharge: { die: 6, min: 6 } },
  ],
});
const grask = createUnit({ ...vaelith, _id: 'u2', name: 'Grask', isPlayer: false });

function renderDialog() {
  const onDuplicated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <DuplicateDialog
      campaignId="c1"
      tier="Novice"
      units={[vaelith, grask]}
      onClose={onClose}
      onDuplicated={onDuplicated}
    />,
    { onUpgrade: openUpgrade },
  );
  const dialog = screen.getByRole('dialog', { name: 'Duplicate a unit' });
  return {
    dialog,
    onDuplicated,
    onClose,
    source: within(dialog).getByRole('combobox', { name: 'Unit to copy' }) as HTMLSelectElement,
    name: within(dialog).getByRole('textbox', { name: 'Name of the copy' }) as HTMLInputElement,
    confirm: within(dialog).getByRole('button', { name: 'Duplicate' }) as HTMLButtonElement,
  };
}

describe('DuplicateDialog', { timeout: 20_000 }, () => {
  it('enables confirm only when a unit is chosen and a new name typed', async () => {
    const { source, name, confirm } = renderDialog();
    expect(confirm.disabled).toBe(true);
    // Players and NPCs are grouped, after the placeholder.
    expect(within(source).getByRole('group', { name: 'Player characters' }).textContent).toBe('Vaelith');
    expect(within(source).getByRole('group', { name: 'Non-player characters' }).textContent).toBe('Grask');

    fireEvent.change(name, { target: { value: 'Copy' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(source, { target: { value: 'u1' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.change(name, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Copy' } });
    fireEvent.change(source, { target: { value: '' } });
    expect(confirm.disabled).toBe(true);
    expect(name.maxLength).toBe(50);
  });

  it('creates the copy with every field but the trimmed name', async () => {
    const created = { ...vaelith, _id: 'u3', name: 'Vaelith the Younger' };
    api.mockResolvedValue(created);
    const { source, name, confirm, onDuplicated } = renderDialog();
    fireEvent.change(source, { target: { value: 'u1' } });
    fireEvent.change(name, { target: { value: '  Vaelith the Younger ' } });
    await userEvent.click(confirm);
    await waitFor(() => expect(onDuplicated).toHaveBeenCalledWith(created, vaelith));
    expect(api).toHaveBeenCalledWith('POST', '/api/units', {
      headers: { 'x-campaign-id': 'c1' },
      body: {
        name: 'Vaelith the Younger',
        gender: 'Other',
        isPlayer: true,
        race: 'Elf',
        class: 'Ranger',
        status: 'Stunned',
        characteristics: { Strength: 12, Dexterity: 77 },
        hp: 120,
        currentHp: 70,
        money: { gold: 9, silver: 8, bronze: 7 },
        notes: 'Carries the **moon key**.',
        // The copy's counters are its own: the server gives them new ids (docs/decisions/062).
        counters: [
          { label: 'Moon charges', max: 3, kind: 'uses', reset: 'never', recharge: { die: 6, min: 6 } },
        ],
        gameDataId: 'c1',
      },
    });
  });

  it("shows the server's refusal with the upgrade path and stays open", async () => {
    api.mockRejectedValue(
      new ApiError(403, 'UNIT_LIMIT_REACHED', 'Unit limit reached for Novice tier (10 per campaign).'),
    );
    const { dialog, source, name, confirm, onDuplicated } = renderDialog();
    fireEvent.change(source, { target: { value: 'u2' } });
    fireEvent.change(name, { target: { value: 'Grask II' } });
    await userEvent.click(confirm);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Unit limit reached for Novice tier (10 per campaign).');
    await userEvent.click(within(alert).getByRole('button', { name: 'Upgrade my plan' }));
    expect(openUpgrade).toHaveBeenCalledTimes(1);
    expect(onDuplicated).not.toHaveBeenCalled();
    expect(confirm.disabled).toBe(false);
  });

  it('shows a name refused by the server beside the name field', async () => {
    api.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', { name: 'Too long.' }),
    );
    const { dialog, source, name, confirm } = renderDialog();
    fireEvent.change(source, { target: { value: 'u2' } });
    fireEvent.change(name, { target: { value: 'Grask II' } });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('Too long.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });
});

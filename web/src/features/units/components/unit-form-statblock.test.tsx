// "Paste a stat block" in the unit form with a fake API (docs/product.md#paste-a-stat-block): the dialog
// busy while the server reads, the form filled and the unread list focused after, a refusal beside the
// text box. e2e/tests/statblock.spec.ts runs it against the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParseStatBlockResponse } from '@questkeeper/core/schemas/statblock';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { createCampaign } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { UnitFormModal } from './unit-form-modal';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const read: ParseStatBlockResponse = {
  language: 'en',
  unit: {
    name: 'Hell Hound',
    hp: 45,
    characteristics: { Strength: 17 },
    notes: '## Actions\n\n**Bite.** It bites.',
    counters: [{ label: 'Fire Breath', max: 1, kind: 'uses', reset: 'never', recharge: { die: 6, min: 5 } }],
  },
  unread: [{ reason: 'keptInNotes', text: 'Armor Class 15 (natural armor)' }],
};

function renderForm() {
  renderWithProviders(
    <UnitFormModal
      campaign={createCampaign({
        _id: 'c1',
        characteristics: [
          { name: 'Strength', max: 100, pinned: false },
          { name: 'Luck', max: 20, pinned: false },
        ],
      })}
      tier="Novice"
      unit={null}
      onClose={vi.fn()}
      onSaved={vi.fn()}
    />,
  );
}

async function openPaste() {
  await userEvent.click(screen.getByRole('button', { name: 'Paste a stat block' }));
  return screen.getByRole('dialog', { name: 'Paste a stat block' });
}

describe('Paste a stat block', () => {
  it('is busy while the server reads, then fills the form and focuses what could not be read', async () => {
    let answer: (value: ParseStatBlockResponse) => void = () => undefined;
    api.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    renderForm();
    const dialog = await openPaste();
    await userEvent.type(within(dialog).getByLabelText('Stat block'), 'Hell Hound');
    await userEvent.selectOptions(within(dialog).getByLabelText('Language of the text'), 'en');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill the form' }));

    const busy = within(dialog).getByRole('button', { name: 'Reading…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Stat block') as HTMLTextAreaElement).readOnly).toBe(true);
    const call = api.mock.calls[0]!;
    expect(call.slice(0, 2)).toEqual(['POST', '/api/units/parse-statblock']);
    expect(call[2]).toMatchObject({
      headers: { 'x-campaign-id': 'c1' },
      body: { text: 'Hell Hound', language: 'en' },
    });

    answer(read);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paste a stat block' })).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Hell Hound');
    expect((screen.getByLabelText('Max HP') as HTMLInputElement).value).toBe('45');
    expect((screen.getByLabelText('Strength') as HTMLInputElement).value).toBe('17');
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('Fire Breath');
    const report = screen.getByRole('region', { name: 'What could not be read' });
    await waitFor(() => expect(document.activeElement).toBe(report));
    expect(within(report).getByRole('listitem').textContent).toBe(
      'Armor Class 15 (natural armor): the form has no such field, kept in the notes',
    );
    await userEvent.click(within(report).getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('region', { name: 'What could not be read' })).toBeNull();
  });

  it('says when nothing was pasted, and shows the server refusal beside the text box', async () => {
    api.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Invalid.', { text: 'Must be at most 20000 characters.' }),
    );
    renderForm();
    const dialog = await openPaste();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill the form' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Paste a stat block first.');
    expect(api).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Stat block'), 'Goblin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill the form' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Must be at most 20000 characters.');
    expect(within(dialog).getByLabelText('Stat block').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});

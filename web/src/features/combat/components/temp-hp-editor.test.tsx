// Temporary HP from a fight row (docs/product.md#temp-hp, docs/decisions/061): the row's button opens
// a small dialog; Enter saves one setTempHp action, a value past 999 is refused with core's words,
// Escape cancels, and the focus goes back to the row's button. The row shows "+8 temp" by its HP.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { fightOf, makeCampaign, renderView, roster, rowOf } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

describe('temporary HP on a fight row', () => {
  it('sets them with Enter, refuses 1000, shows them by the HP, and cancels with Escape', async () => {
    const user = userEvent.setup();
    const campaign = makeCampaign();
    const { server } = fakeCombatServer(
      api,
      campaign,
      roster(),
      fightOf({ allies: ['a1', 'a2'], enemies: ['e1'] }),
    );
    renderView(campaign);
    const open = await screen.findByRole('button', { name: 'Temporary HP of Borin' });
    expect(within(rowOf('Borin')).queryByTestId('temp-hp')).toBeNull();

    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Temporary HP of Borin' });
    const field = within(dialog).getByRole('textbox', { name: 'Temporary HP' });
    expect(document.activeElement).toBe(field);
    await user.type(field, '1000{Enter}');
    expect(within(dialog).getByText('Must be at most 999.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toEqual([]);

    await user.clear(field);
    await user.type(field, '8{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toContainEqual({
      method: 'POST',
      path: '/api/combat/actions',
      body: { version: 1, action: { type: 'setTempHp', unitId: 'a2', value: 8 } },
    });
    const temp = await within(rowOf('Borin')).findByTestId('temp-hp');
    expect(temp.textContent).toContain('+8 temp');
    expect(temp.textContent).toContain('8 temporary HP');
    expect(within(rowOf('Borin')).getByRole('meter', { name: 'HP 90 / 100' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(open));

    // Escape (the dialog's cancel) changes nothing; the field starts at the value now.
    await user.click(open);
    const again = screen.getByRole('dialog', { name: 'Temporary HP of Borin' });
    expect((within(again).getByRole('textbox', { name: 'Temporary HP' }) as HTMLInputElement).value).toBe(
      '8',
    );
    fireEvent(again.closest('dialog') ?? again, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(open));
  });
});

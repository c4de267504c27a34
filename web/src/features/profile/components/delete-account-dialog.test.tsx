// The account deletion's confirmation (docs/decisions/024): the button stays off until the password is given
// and the word shown is typed exactly; a wrong password is said beside the field and deletes nothing;
// a deletion says it is done before leaving. The journey in e2e/tests/data-export.spec.ts runs it
// against the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { DeleteAccountCard } from './delete-account-card';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<DeleteAccountCard email="gm@example.test" />);
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = within(dialog).getByRole('button', {
    name: 'Delete my account for good',
  }) as HTMLButtonElement;
  return { user, dialog, confirm };
}

// Typing on a shared machine: above the 5 s default.
describe('delete account dialog', { timeout: 20_000 }, () => {
  it('keeps the button off until the password is given and the word shown is typed exactly', async () => {
    const { user, dialog, confirm } = await openDialog();
    expect(dialog.textContent).toContain('gm@example.test');
    const word = within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' });
    expect(confirm.disabled).toBe(true);

    await user.click(within(dialog).getByLabelText('Your password'));
    await user.paste('Dragon#Keep3r');
    expect(confirm.disabled).toBe(true);
    await user.type(word, 'DELET');
    expect(confirm.disabled).toBe(true);
    await user.type(word, 'e');
    expect(confirm.disabled).toBe(true);
    await user.clear(word);
    await user.type(word, 'DELETE');
    expect(confirm.disabled).toBe(false);

    // Enter in a field does not get around the button either.
    await user.clear(word);
    await user.type(word, 'DELET{Enter}');
    expect(api).not.toHaveBeenCalled();
  });

  it('says a wrong password beside the field and deletes nothing', async () => {
    api.mockRejectedValue(new ApiError(400, 'WRONG_PASSWORD', 'The current password is not correct.'));
    const { user, dialog, confirm } = await openDialog();
    const password = within(dialog).getByLabelText('Your password');
    await user.click(password);
    await user.paste('not-my-password');
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(confirm);

    await within(dialog).findByText('The current password is not correct.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(api).toHaveBeenCalledWith('DELETE', '/api/auth/account', {
      body: { password: 'not-my-password' },
    });
    // Still the confirmation: nothing was deleted.
    expect(screen.queryByRole('dialog', { name: 'Account deleted' })).toBeNull();
  });

  it('says the account is deleted, with the way back home', async () => {
    api.mockResolvedValue(undefined);
    const { user, dialog, confirm } = await openDialog();
    await user.click(within(dialog).getByLabelText('Your password'));
    await user.paste('Dragon#Keep3r');
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), ' DELETE ');
    await user.click(confirm);

    const done = await screen.findByRole('dialog', { name: 'Account deleted' });
    expect(done.textContent).toContain('A confirmation is on its way to gm@example.test.');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(done).getByRole('button', { name: 'Back to the home page' }),
      ),
    );
  });
});

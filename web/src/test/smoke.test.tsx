import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordField } from '@/components/ui/password-field';

describe('PasswordField', () => {
  it('shows and hides the password with its toggle', async () => {
    render(<PasswordField label="Password" defaultValue="Secret#1" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveProperty('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(input).toHaveProperty('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide Password' }));
    expect(input).toHaveProperty('type', 'password');
  });
});

// Numbered copies from a unit's card (decision 031): the dialog names what it will create
// and the room left, refuses early past the limit, sends one call, says so in a toast, and shows the
// server's refusal (all or none). The server's side: server/src/features/units/unit-copies.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { Unit } from '@/lib/units';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import UnitsView from './units-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const campaign = createCampaign();
const goblin = createUnit({ _id: 'g1', name: 'Goblin', hp: 7, currentHp: 3 });

function serve(units: Unit[], copies: (count: number) => unknown) {
  api.mockImplementation(async (method, path, options) => {
    if (method === 'GET' && path === '/api/units') return structuredClone(units);
    if (method === 'POST' && path === '/api/units/g1/copies') {
      return copies((options?.body as { count: number }).count);
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
}

describe('copies of a unit', { timeout: 20_000 }, () => {
  it('says the room left in the singular when one unit fits', async () => {
    const user = userEvent.setup();
    const others = Array.from({ length: 8 }, (_, i) => createUnit({ _id: `u${i}`, name: `Scout ${i}` }));
    serve([goblin, ...others], () => ({ units: [] }));
    renderWithProviders(<UnitsView campaign={campaign} tier="Novice" />);
    await user.click(await screen.findByRole('button', { name: 'Make copies of Goblin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copies of Goblin' });
    expect(within(dialog).getByText('Room for 1 more unit in this campaign (limit 10).')).toBeTruthy();
    const count = within(dialog).getByRole('textbox', { name: 'Number of copies' });
    await user.clear(count);
    await user.type(count, '2');
    expect(within(dialog).getByText('Only 1 more unit fits in this campaign (limit 10).')).toBeTruthy();
  });

  it('creates numbered copies in one call and says so', async () => {
    const user = userEvent.setup();
    serve([goblin], (count) => ({
      units: Array.from({ length: count }, (_, i) =>
        createUnit({ _id: `c${i}`, name: `Goblin ${i + 2}`, hp: 7, currentHp: 7 }),
      ),
    }));
    renderWithProviders(<UnitsView campaign={campaign} tier="Novice" />);
    await user.click(await screen.findByRole('button', { name: 'Make copies of Goblin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copies of Goblin' });
    expect(within(dialog).getByText('Room for 9 more units in this campaign (limit 10).')).toBeTruthy();
    const count = within(dialog).getByRole('textbox', { name: 'Number of copies' });
    await user.clear(count);
    await user.type(count, '12');
    expect(within(dialog).getByText('Only 9 more units fit in this campaign (limit 10).')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Create the copies' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(count);
    await user.type(count, '3');
    expect(within(dialog).getByText('Named Goblin 2 to Goblin 4.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create the copies' }));
    expect((await screen.findAllByText('3 copies of Goblin created.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copies of Goblin' })).toBeNull());
    expect(screen.getByRole('heading', { level: 4, name: 'Goblin 4' })).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      'POST',
      '/api/units/g1/copies',
      expect.objectContaining({ body: { count: 3 } }),
    );
  });

  it("shows the server's refusal and creates nothing", async () => {
    const user = userEvent.setup();
    const message =
      'Nothing was created: the Novice plan allows 10 units per campaign and this campaign has 9, so 1 more fit.';
    serve([goblin], () => {
      throw new ApiError(403, 'UNIT_COPIES_OVER_LIMIT', message);
    });
    renderWithProviders(<UnitsView campaign={campaign} tier="Novice" />);
    await user.click(await screen.findByRole('button', { name: 'Make copies of Goblin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copies of Goblin' });
    await user.click(within(dialog).getByRole('button', { name: 'Create the copies' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('heading', { level: 4, name: 'Goblin 2' })).toBeNull();
  });
});

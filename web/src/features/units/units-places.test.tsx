// Places in the units view (docs/decisions/063): `item` opens that unit's notes (again when the same
// link is followed twice), a missing link's `create` opens the create form with the name filled in, and
// closing what the URL opened takes the place out of the URL. The journey e2e/tests/links.spec.ts
// follows real links there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import type { UnitFormModalProps } from './components/unit-form-modal';
import UnitsView from './units-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
// The form is its own tests' business: here only what the view opens it with.
vi.mock('./components/unit-form-modal', () => ({
  UnitFormModal: ({ unit, defaultName, onClose }: UnitFormModalProps) => (
    <div role="dialog" aria-label="Unit form">
      <p>{unit ? `editing ${unit.name}` : `creating ${defaultName ?? '(no name)'}`}</p>
      <button type="button" onClick={onClose}>
        Close form
      </button>
    </div>
  ),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const campaign = createCampaign();
const units = [
  createUnit({ _id: 'a1', name: 'Aria', notes: 'Brave.' }),
  createUnit({ _id: 'b1', name: 'Borin' }),
];

/** The URL's search, and a link to Borin's notes to follow. */
function Url() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="search">{location.search}</output>
      <button type="button" onClick={() => void navigate({ search: '?campaign=c1&view=units&item=b1' })}>
        Follow the link to Borin
      </button>
    </>
  );
}

function renderAt(search: string) {
  api.mockImplementation(async (method, path) =>
    method === 'GET' && path === '/api/units' ? structuredClone(units) : [],
  );
  return renderWithProviders(
    <>
      <UnitsView campaign={campaign} tier="Hero" />
      <Url />
    </>,
    { route: `/en/dashboard${search}` },
  );
}

const search = () => screen.getByRole('status', { name: 'search' }).textContent;

describe('places in the units view', { timeout: 20_000 }, () => {
  it("opens the unit's notes and takes the place out of the URL on close", async () => {
    renderAt('?campaign=c1&view=units&item=a1');
    const notes = await screen.findByRole('dialog', { name: 'Notes of Aria' });
    expect(await within(notes).findByText('Brave.')).toBeTruthy();
    await userEvent.click(within(notes).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog', { name: 'Notes of Aria' })).toBeNull();
    expect(search()).toBe('?campaign=c1&view=units');
  });

  it('opens the notes each time a link to them is followed', async () => {
    renderAt('?campaign=c1&view=units&item=b1');
    const notes = await screen.findByRole('dialog', { name: 'Notes of Borin' });
    await userEvent.click(within(notes).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Follow the link to Borin' }));
    expect(await screen.findByRole('dialog', { name: 'Notes of Borin' })).toBeTruthy();
  });

  it('opens the create form with the name a missing link asked for', async () => {
    renderAt('?campaign=c1&view=units&create=Goblin%20King');
    const form = await screen.findByRole('dialog', { name: 'Unit form' });
    expect(within(form).getByText('creating Goblin King')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Close form' }));
    expect(search()).toBe('?campaign=c1&view=units');
  });

  it('ignores an unknown unit', async () => {
    renderAt('?campaign=c1&view=units&item=nobody');
    expect(await screen.findByRole('heading', { level: 4, name: 'Aria' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// A unit saved elsewhere while the user edited it (409 UNIT_CONFLICT, decision 036), in the unit form
// and the unit notes modal, with a fake API: the save sends the version the edit started from; when
// only other fields changed meanwhile (HP in combat) it is sent again on top of the new version by
// itself; otherwise a notice keeps the draft and offers "Save my version" / "Use the saved version".
import { beforeAll, describe, expect, it, vi, afterEach } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useUnits, type Unit } from '@/lib/units';
import { findEditor } from '@/test/editor';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { UnitFormModal } from './unit-form-modal';
import { UnitNotesModal } from './unit-notes-modal';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

// The notes editor's writer (CodeMirror) is a lazy chunk: load it before the tests' time limits start.
beforeAll(() => import('@/components/markdown-editor/markdown-writer'), 30_000);

afterEach(() => api.mockReset());

const aria = createUnit({
  _id: 'u1',
  name: 'Aria',
  race: 'Human',
  class: 'Mage',
  characteristics: { Strength: 70 },
  hp: 120,
  currentHp: 80,
  notes: '# Pack',
  version: 'v1',
});

/** The 409 a save made from a stale version gets: the unit as it is now. */
const conflict = (current: Unit) =>
  new ApiError(
    409,
    'UNIT_CONFLICT',
    'This unit changed in another tab or on another device.',
    {},
    {
      code: 'UNIT_CONFLICT',
      message: 'This unit changed in another tab or on another device.',
      unit: current,
    },
  );

/** PUT answers: the first is refused with `theirs`, later ones save the body over it as version v3. */
function conflictOnce(theirs: Unit) {
  let refused = false;
  api.mockImplementation(async (method, path, options) => {
    if (method === 'GET' && path === '/api/units') return [aria];
    if (method !== 'PUT') return undefined;
    if (!refused) {
      refused = true;
      throw conflict(theirs);
    }
    const { version: _version, ...changes } = options?.body as Partial<Unit>;
    return { ...theirs, ...changes, version: 'v3' };
  });
}

const puts = () =>
  api.mock.calls.filter(([method]) => method === 'PUT').map(([, , options]) => options?.body);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const notice = () =>
  screen.findByRole('alert', { name: 'This unit was saved elsewhere while you were editing' });

function renderForm() {
  const onSaved = vi.fn();
  renderWithProviders(
    <UnitFormModal campaign={createCampaign()} tier="Hero" unit={aria} onClose={vi.fn()} onSaved={onSaved} />,
  );
  return { onSaved };
}

async function rename(name: string) {
  await userEvent.clear(field('Name'));
  await userEvent.type(field('Name'), name);
}

describe('unit form, unit saved elsewhere meanwhile', { timeout: 20_000 }, () => {
  it('sends the changes again on top of the new version when only other fields changed', async () => {
    // A blow in combat: current HP changed, the name the user edits did not.
    conflictOnce({ ...aria, currentHp: 60, version: 'v2' });
    const { onSaved } = renderForm();
    await rename('Aria the Bold');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(puts()).toEqual([
      { name: 'Aria the Bold', version: 'v1' },
      { name: 'Aria the Bold', version: 'v2' },
    ]);
    // The blow is kept: only the name was written over it.
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ name: 'Aria the Bold', currentHp: 60, version: 'v3' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the draft and shows what is saved when a changed field was saved elsewhere; saves mine on request', async () => {
    conflictOnce({ ...aria, currentHp: 60, version: 'v2' });
    const { onSaved } = renderForm();
    await rename('Aria the Bold');
    await userEvent.clear(field('Current HP'));
    await userEvent.type(field('Current HP'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const shown = await notice();
    expect(shown.textContent).toContain('They are still in the form: nothing is lost.');
    expect(within(shown).getByText('Current HP').nextElementSibling?.textContent).toBe('60');
    expect(within(shown).queryByText('Name')).toBeNull(); // Not changed elsewhere.
    expect(field('Name').value).toBe('Aria the Bold');
    expect(field('Current HP').value).toBe('100');
    expect(onSaved).not.toHaveBeenCalled();
    expect(puts()).toHaveLength(1);

    await userEvent.click(within(shown).getByRole('button', { name: 'Save my version' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(puts()[1]).toEqual({ name: 'Aria the Bold', currentHp: 100, version: 'v2' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops the draft for the saved values on request, without saving', async () => {
    conflictOnce({ ...aria, name: 'Aria of the North', currentHp: 60, version: 'v2' });
    const { onSaved } = renderForm();
    await rename('Aria the Bold');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const shown = await notice();
    expect(within(shown).getByText('Name').nextElementSibling?.textContent).toBe('Aria of the North');
    await userEvent.click(within(shown).getByRole('button', { name: 'Use the saved version' }));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Name').value).toBe('Aria of the North');
    expect(field('Current HP').value).toBe('60');
    expect(puts()).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();

    // Editing goes on from the saved unit and its version.
    await rename('Aria, twice renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(puts()[1]).toEqual({ name: 'Aria, twice renamed', version: 'v2' });
  });
});

/** The notes modal as the units view shows it: the unit comes from the units cache. */
function NotesOfAria() {
  const unit = useUnits('c1').data?.find((item) => item._id === 'u1');
  return unit ? <UnitNotesModal campaignId="c1" tier="Hero" unit={unit} onClose={vi.fn()} /> : null;
}

async function editNotes(text: string) {
  renderWithProviders(<NotesOfAria />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit notes' }));
  const editor = await findEditor('Notes and inventory of Aria');
  editor.replaceAll(text);
  editor.blur();
  await userEvent.click(screen.getByRole('button', { name: 'Save notes' }));
}

describe('unit notes, unit saved elsewhere meanwhile', { timeout: 20_000 }, () => {
  it('saves the notes again on top of the new version when only other fields changed', async () => {
    conflictOnce({ ...aria, currentHp: 60, version: 'v2' });
    await editNotes('# Mine');
    expect(await screen.findByText('Notes of Aria saved.')).toBeTruthy();
    expect(puts()).toEqual([
      { notes: '# Mine', version: 'v1' },
      { notes: '# Mine', version: 'v2' },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the text in the editor, shows the saved notes, and saves mine over them on request', async () => {
    conflictOnce({ ...aria, notes: '# Theirs', version: 'v2' });
    await editNotes('# Mine');

    const shown = await notice();
    expect(shown.textContent).toContain('Your text is still in the editor: nothing is lost.');
    expect(within(shown).getByLabelText('The notes as saved now').textContent).toBe('# Theirs');
    expect((await findEditor('Notes and inventory of Aria')).value).toBe('# Mine');
    expect(screen.queryByText('Notes of Aria saved.')).toBeNull();

    await userEvent.click(within(shown).getByRole('button', { name: 'Save my version' }));
    expect(await screen.findByText('Notes of Aria saved.')).toBeTruthy();
    expect(puts()[1]).toEqual({ notes: '# Mine', version: 'v2' });
  });

  it('drops the text for the saved notes on request, without saving', async () => {
    conflictOnce({ ...aria, notes: '# Theirs', version: 'v2' });
    await editNotes('# Mine');
    const shown = await notice();
    await userEvent.click(within(shown).getByRole('button', { name: 'Use the saved version' }));

    // The units cache took the unit the 409 carried: its notes are shown.
    const note = await screen.findByRole('region', { name: 'Notes and inventory of Aria' });
    expect(note.textContent?.trim()).toBe('Theirs');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(puts()).toHaveLength(1);
  });
});

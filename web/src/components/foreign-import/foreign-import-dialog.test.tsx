// "Import from another tool" (docs/product.md#import-from-other-tools): the preview worded (format,
// counts, the plan's limits the choice passes, warnings), the choice (all, none, a name filter, an
// encounter bringing its units) sent as `only`, and the server's refusals shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiUpload } from '@/lib/api-client';
import type { ImportPreview } from '@/lib/foreign-import';
import { clearSession, signIn } from '@/lib/session';
import { renderWithProviders } from '@/test/render';
import { ForeignImportDialog } from './foreign-import-dialog';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiUpload: vi.fn(),
}));
const upload = vi.mocked(apiUpload);

const goblins = Array.from({ length: 11 }, (_, index) => ({
  key: `Creatures.goblin-${index + 1}`,
  kind: 'unit' as const,
  name: `Goblin ${index + 1}`,
  isPlayer: false,
  hp: 7,
}));
const preview: ImportPreview = {
  format: 'improvedInitiative',
  name: 'Goblin library',
  counts: {
    units: 13,
    races: 4,
    classes: 5,
    statuses: 6,
    characteristics: 6,
    encounters: 1,
    rulesChars: 0,
  },
  overLimits: [{ field: 'units', message: 'units: 13 of 10' }],
  warnings: [
    { reason: 'clamped', text: 'Tarrasque: HP 10000', limit: 9999, message: 'server words' },
    { reason: 'comingLater', text: 'x', message: 'A reason this page does not know yet' },
  ],
  sample: [
    ...goblins,
    { key: 'Creatures.owlbear', kind: 'unit', name: 'Owlbear', isPlayer: false, hp: 59 },
    { key: 'PlayerCharacters.elowen', kind: 'unit', name: 'Élowen', isPlayer: true, hp: 24 },
    {
      key: 'SavedEncounters.road',
      kind: 'encounter',
      name: 'Ambush on the road',
      units: ['Creatures.goblin-1', 'Creatures.goblin-2'],
    },
  ],
};

const file = () => new File(['{"Creatures.goblin-1":{}}'], 'ii-library.json', { type: 'application/json' });

function calls() {
  return upload.mock.calls.map(([path]) => path);
}

let importAnswer: () => Promise<unknown>;
let previewAnswer: () => Promise<unknown>;
beforeEach(() => {
  signIn({ token: 't', _id: 'user1', email: 'gm@example.test', tier: 'Novice', language: 'en' });
  previewAnswer = () => Promise.resolve(preview);
  importAnswer = () => Promise.resolve({ _id: 'c9', name: 'Improved Initiative' });
  upload.mockImplementation((path: string, _body, options) => {
    options.onProgress?.(0.5);
    if (path.startsWith('/api/game-data/import/preview')) return previewAnswer();
    if (path.startsWith('/api/game-data/import')) return importAnswer();
    if (path.startsWith('/api/units/import')) return importAnswer();
    return Promise.reject(new Error(`unexpected ${path}`));
  });
});
afterEach(() => {
  upload.mockReset();
  clearSession();
});

async function open(props: Partial<Parameters<typeof ForeignImportDialog>[0]> = {}) {
  const user = userEvent.setup();
  const onImported = vi.fn();
  const rendered = renderWithProviders(
    <ForeignImportDialog
      target={{ kind: 'campaign' }}
      tier="Novice"
      onClose={vi.fn()}
      onImported={onImported}
      {...props}
    />,
  );
  await user.upload(screen.getByLabelText('Choose a file'), file());
  return { user, onImported, unmount: rendered.unmount };
}

const importButton = () =>
  screen.getByRole('button', { name: 'Import as a new campaign' }) as HTMLButtonElement;
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Import from another tool', () => {
  it('words the format, the counts, the warnings and the plan limit the choice passes', async () => {
    await open();
    await screen.findByText('Improved Initiative', { selector: 'dd' });
    expect(screen.getByText('Goblin library', { selector: 'dd' })).toBeTruthy();
    expect(screen.getAllByRole('definition').map((item) => item.textContent)).toEqual([
      'Improved Initiative',
      'Goblin library',
      '13 units, 1 encounter, 6 characteristics, 4 races, 5 classes, 6 statuses',
    ]);
    // The warning is worded here from its reason, in the reader's language.
    expect(screen.getByText('2 warnings')).toBeTruthy();
    expect(screen.getByText('Tarrasque: HP 10000: above the maximum, set to 9,999')).toBeTruthy();
    expect(screen.getByText('A reason this page does not know yet')).toBeTruthy();
    // Everything ticked: 13 units on a Novice plan, whose limit is 10.
    expect(box('Owlbear').checked).toBe(true);
    const why = screen.getByText(
      '13 units chosen: your Novice plan allows 10 per campaign. Untick some to import.',
    );
    expect(why).toBeTruthy();
    expect(importButton().disabled).toBe(true);
    expect(importButton().getAttribute('aria-describedby')).toBeTruthy();
    // The server's line about units is the choice's to say, not repeated.
    expect(screen.queryByText('units: 13 of 10')).toBeNull();
  });

  it('shows a limit the choice cannot change and keeps Import disabled', async () => {
    previewAnswer = () =>
      Promise.resolve({
        ...preview,
        overLimits: [{ field: 'campaigns', message: 'campaigns: 2 of 1' }],
      });
    await open({ tier: 'Hero' });
    const alert = await screen.findByText('This file passes the limits of your Hero plan:');
    expect(within(alert.parentElement as HTMLElement).getByText('campaigns: 2 of 1')).toBeTruthy();
    expect(importButton().disabled).toBe(true);
  });

  it('sends the ticked keys as `only`, narrowed with None, the name filter and All', async () => {
    const { user, onImported } = await open();
    await screen.findByRole('checkbox', { name: 'Owlbear' });
    await user.click(screen.getByRole('button', { name: 'None' }));
    expect(box('Owlbear').checked).toBe(false);
    expect(screen.getByText('Chosen: 0 units and 0 encounters.')).toBeTruthy();
    expect(screen.getByText('Tick at least one unit or encounter to import.')).toBeTruthy();
    expect(importButton().disabled).toBe(true);

    // Accent-blind filter: "elowen" finds Élowen.
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'elowen');
    expect(screen.queryByRole('checkbox', { name: 'Owlbear' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'All shown' }));
    await user.clear(screen.getByRole('searchbox', { name: 'Filter by name' }));
    await user.click(box('Owlbear'));
    // An encounter brings its units: they show ticked and locked.
    await user.click(box('Ambush on the road'));
    expect(box('Goblin 1').checked).toBe(true);
    expect(box('Goblin 1').disabled).toBe(true);
    expect(box('Goblin 3').checked).toBe(false);
    expect(screen.getByText('Chosen: 4 units and 1 encounter.')).toBeTruthy();

    await waitFor(() => expect(importButton().disabled).toBe(false));
    await user.click(importButton());
    await waitFor(() =>
      expect(onImported).toHaveBeenCalledWith({
        kind: 'campaign',
        campaign: expect.objectContaining({ _id: 'c9' }),
      }),
    );
    expect(calls().at(-1)).toBe(
      '/api/game-data/import?only=Creatures.owlbear&only=PlayerCharacters.elowen&only=SavedEncounters.road',
    );
    // The file itself is the body, with the browser's type.
    const [, body, options] = upload.mock.calls.at(-1)!;
    expect((body as File).name).toBe('ii-library.json');
    expect(options.contentType).toBe('application/json');
  });

  it('measures the choice against what the campaign holds when units join it', async () => {
    const { user } = await open({
      target: { kind: 'units', campaignId: 'c1' },
      existing: { units: 8, encounters: 0 },
      campaignName: 'Realm of Ash',
    });
    await screen.findByRole('checkbox', { name: 'Owlbear' });
    expect(calls()[0]).toBe('/api/game-data/import/preview');
    expect(upload.mock.calls[0]![2].headers).toEqual({ 'x-campaign-id': 'c1' });
    await user.click(screen.getByRole('button', { name: 'None' }));
    await user.click(box('Owlbear'));
    await user.click(box('Élowen'));
    await user.click(box('Goblin 5'));
    expect(
      screen.getByText(
        '3 units chosen: this campaign has room for 2 more (your Novice plan allows 10). Untick some to import.',
      ),
    ).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Import into this campaign' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(box('Goblin 5'));
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() =>
      expect(calls().at(-1)).toBe('/api/units/import?only=Creatures.owlbear&only=PlayerCharacters.elowen'),
    );
  });

  it("shows why a file could not be read, in the server's words", async () => {
    previewAnswer = () =>
      Promise.reject(
        new ApiError(
          415,
          'IMPORT_ZIP_UNSUPPORTED',
          'ZIP files (Kanka) are not supported yet: export your data as JSON.',
        ),
      );
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      '“ii-library.json” could not be read: ZIP files (Kanka) are not supported yet: export your data as JSON.',
    );
    expect(importButton().disabled).toBe(true);
  });

  it('lists each limit a refused import names', async () => {
    importAnswer = () =>
      Promise.reject(
        new ApiError(403, 'IMPORT_OVER_LIMITS', 'over', {
          units: 'units: 11 of 10',
          'campaign.rules': 'rules: 50,001 of 50,000 characters',
        }),
      );
    const { user } = await open({ tier: 'Hero' });
    await screen.findByRole('checkbox', { name: 'Owlbear' });
    await waitFor(() => expect(importButton().disabled).toBe(false));
    await user.click(importButton());
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['units: 11 of 10', 'rules: 50,001 of 50,000 characters']);
    // The choice stays, ready to be narrowed.
    expect(box('Owlbear').checked).toBe(true);
  });

  it('can be left while the file is read (its upload aborted)', async () => {
    let signal: AbortSignal | undefined;
    previewAnswer = () => new Promise(() => undefined);
    upload.mockImplementationOnce((_path, _body, options) => {
      signal = options.signal;
      options.onProgress?.(0.42);
      return previewAnswer();
    });
    const onClose = vi.fn();
    const { user, unmount } = await open({ onClose });
    expect(screen.getByText('Reading the file…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'File sent' }).getAttribute('aria-valuenow')).toBe('42');
    expect(importButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    // The dialog's owner closes it: the upload under way stops.
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('keeps Cancel and the choice disabled while the import runs', async () => {
    importAnswer = () => new Promise(() => undefined);
    const { user } = await open({ tier: 'Hero' });
    await screen.findByRole('checkbox', { name: 'Owlbear' });
    await waitFor(() => expect(importButton().disabled).toBe(false));
    await user.click(importButton());
    expect(await screen.findByText('Importing…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(importButton().getAttribute('aria-busy')).toBe('true');
    // Disabled by its fieldset.
    expect(box('Owlbear').matches(':disabled')).toBe(true);
  });

  it('lists the first 200 of a long library, and All and None act on every match', async () => {
    const library = Array.from({ length: 250 }, (_, index) => ({
      key: `Creatures.c${index}`,
      kind: 'unit' as const,
      name: `Creature ${index}`,
      hp: 10,
    }));
    previewAnswer = () =>
      Promise.resolve({
        ...preview,
        counts: { ...preview.counts, units: 250, encounters: 0 },
        sample: library,
      });
    const { user } = await open({ tier: 'Hero' });
    await screen.findByText('The first 200 of 250 are listed: type a name to find the others.');
    expect(screen.getAllByRole('checkbox')).toHaveLength(200);
    expect(screen.getByText('Chosen: 250 units and 0 encounters.')).toBeTruthy();
    expect(
      screen.getByText('250 units chosen: your Hero plan allows 200 per campaign. Untick some to import.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'None' }));
    expect(screen.getByText('Chosen: 0 units and 0 encounters.')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'Creature 24');
    // "Creature 24" and "Creature 240"…"Creature 249".
    expect(screen.getAllByRole('checkbox')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'All shown' }));
    expect(screen.getByText('Chosen: 11 units and 0 encounters.')).toBeTruthy();
    await waitFor(() => expect(importButton().disabled).toBe(false));
  });

  it('refuses a file over 32 MB before sending it', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ForeignImportDialog
        target={{ kind: 'campaign' }}
        tier="Novice"
        onClose={vi.fn()}
        onImported={vi.fn()}
      />,
    );
    const big = new File(['x'], 'huge.json', { type: 'application/json' });
    Object.defineProperty(big, 'size', { value: 33 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Choose a file'), big);
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“huge.json” is larger than 32 MB, the most an import takes.',
    );
    expect(upload).not.toHaveBeenCalled();
  });
});

// An encounter's notes in the campaign's markdown editor (decision 081): the form writes them in the
// same editor as the rules and the lists' notes (core's 20,000 limit, `[[`/`@` completion, a live
// preview with links and secret blocks), Escape in the text does not close the form, a refusal of the
// notes lands under the editor with the focus on it, and the card renders the notes on request as
// every note renders. The journey e2e/tests/encounters.spec.ts types them in a browser.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { StaticCampaignLinks } from '@/lib/campaign-links';
import type { Encounter } from '@/lib/encounters';
import { campaignLinks } from '@/test/campaign-links';
import { findEditor } from '@/test/editor';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import EncountersView from './encounters-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

// The writer (with CodeMirror) is a lazy chunk: load it once before the tests' own time limits start.
beforeAll(() => import('@/components/markdown-editor/markdown-writer'), 30_000);

const campaign = createCampaign();
const brenna = createUnit({ _id: 'b1', name: 'Brenna Ironhand', isPlayer: true });
const goblin = createUnit({ _id: 'g1', name: 'Goblin' });
const LINKS = campaignLinks({
  units: [
    { _id: 'b1', name: 'Brenna Ironhand' },
    { _id: 'g1', name: 'Goblin' },
  ],
  rules: '# Caves\n',
});

const ambush: Encounter = {
  _id: 'e1',
  gameDataId: 'c1',
  name: 'Goblin ambush',
  allies: [{ unitId: 'b1' }],
  enemies: [{ unitId: 'g1', count: 3 }],
  hazards: [],
  hidden: [],
  groups: 'none',
  notes: '## Tactics\nLed by [[Goblin|the boss]] near [[#Caves]].\n:::secret\nThe boss flees at 5 HP.\n:::\n',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function serve(encounters: Encounter[] = [], refuse?: ApiError) {
  api.mockImplementation(async (method, path, options) => {
    const body = (options as { body?: Record<string, unknown> } | undefined)?.body;
    if (method === 'GET' && path === '/api/encounters') return encounters;
    if (method === 'GET' && path === '/api/units') return [brenna, goblin];
    if (method === 'GET' && path === '/api/combat')
      return { phase: 'setup', version: 1, allies: [], enemies: [] };
    if (method === 'POST' && path === '/api/encounters') {
      if (refuse) throw refuse;
      return { ...ambush, ...body, _id: 'e-new' } as Encounter;
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
}

function renderView() {
  return renderWithProviders(
    <StaticCampaignLinks value={LINKS}>
      <EncountersView campaign={campaign} tier="Adventurer" />
    </StaticCampaignLinks>,
    { route: '/en/dashboard?campaign=c1&view=encounters' },
  );
}

async function openNewForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create an encounter' }));
  const dialog = screen.getByRole('dialog', { name: 'New encounter' });
  return { dialog, form: within(dialog), box: await findEditor('Notes') };
}

/** The list of names, once ready to take a pick (CodeMirror waits 75 ms after showing it). */
async function names() {
  const listbox = await screen.findByRole('listbox', { name: 'Campaign names' }, { timeout: 3000 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  return listbox;
}

const notesCalls = () =>
  api.mock.calls
    .filter(([method, path]) => method === 'POST' && path === '/api/encounters')
    .map(([, , options]) => (options as { body: { notes: string } }).body.notes);

describe("an encounter's notes in the form", { timeout: 30_000 }, () => {
  it("are the campaign's markdown editor: core's limit, completion with spaces, links and secrets previewed, saved", async () => {
    serve();
    renderView();
    const { dialog, form, box } = await openNewForm();
    // No plain text area any more; the editor's counter names core's limit.
    expect(dialog.querySelector('textarea')).toBeNull();
    expect(form.getByText('0 / 20,000 characters')).toBeTruthy();
    // The help and the (future) error line are read with the text box.
    const help = form.getByText(/Type \[\[ or @ to link a unit/);
    expect(box.element.getAttribute('aria-describedby')?.split(' ')).toContain(help.id);

    await userEvent.type(form.getByLabelText('Name'), 'Ambush');
    box.type('## Tactics\nAsk @Brenna Iron');
    const options = within(await names()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Brenna IronhandUnit']);
    fireEvent.keyDown(box.element, { key: 'Enter' });
    expect(box.value).toBe('## Tactics\nAsk [[Brenna Ironhand]]');
    box.type('\n:::secret\nThe boss flees.\n:::');

    const preview = within(form.getByRole('region', { name: 'Preview' }));
    const link = await preview.findByRole('link', { name: 'Brenna Ironhand' });
    expect(link.getAttribute('data-link-kind')).toBe('unit');
    expect(preview.getByRole('heading', { name: 'Tactics' })).toBeTruthy();
    expect(within(preview.getByRole('group', { name: 'Secret' })).getByText('The boss flees.')).toBeTruthy();

    box.blur();
    await userEvent.click(form.getByRole('button', { name: 'Create encounter' }));
    await waitFor(() => expect(notesCalls()).toHaveLength(1));
    expect(notesCalls()[0]).toBe('## Tactics\nAsk [[Brenna Ironhand]]\n:::secret\nThe boss flees.\n:::');
  });

  it('keeps the form open on Escape in the text (Escape, then Tab leaves it); a second Escape closes', async () => {
    serve();
    renderView();
    const { box } = await openNewForm();
    box.type('Quiet');
    const first = fireEvent.keyDown(box.element, { key: 'Escape' });
    // A prevented Escape is what keeps a <dialog> from closing (its cancel).
    expect(first).toBe(false);
    const second = fireEvent.keyDown(box.element, { key: 'Escape' });
    expect(second).toBe(true);
    // Any other key in between starts again.
    fireEvent.keyDown(box.element, { key: 'Escape' });
    fireEvent.keyDown(box.element, { key: 'a' });
    expect(fireEvent.keyDown(box.element, { key: 'Escape' })).toBe(false);
  });

  it("puts the server's refusal of the notes under the editor and the focus in it", async () => {
    serve([], new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', { notes: 'Too long.' }));
    renderView();
    const { form, box } = await openNewForm();
    await userEvent.type(form.getByLabelText('Name'), 'Ambush');
    box.type('Words');
    box.blur();
    await userEvent.click(form.getByRole('button', { name: 'Create encounter' }));
    const message = await form.findByText('Too long.');
    expect(box.element.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(box.element));
  });
});

describe("an encounter's notes on its card", { timeout: 30_000 }, () => {
  it('render on request as every note does: headings, links resolved, secret blocks framed for the GM', async () => {
    serve([ambush]);
    renderView();
    const card = within(await screen.findByRole('listitem', { name: 'Goblin ambush' }));
    // Nothing rendered until asked for.
    expect(card.queryByRole('link', { name: 'the boss' })).toBeNull();
    const summary = card.getByText('Read the notes').closest('summary')!;
    expect(summary.getAttribute('aria-label')).toBe('Read the notes of Goblin ambush');
    await userEvent.click(summary);
    const boss = await card.findByRole('link', { name: 'the boss' });
    expect(boss.getAttribute('data-link-kind')).toBe('unit');
    expect(card.getByRole('link', { name: 'Caves' }).getAttribute('data-link-kind')).toBe('heading');
    expect(card.getByRole('heading', { name: 'Tactics' })).toBeTruthy();
    expect(
      within(card.getByRole('group', { name: 'Secret' })).getByText('The boss flees at 5 HP.'),
    ).toBeTruthy();
    // Preview as player: the secret lines leave the page.
    await userEvent.click(card.getByRole('button', { name: 'Preview as player' }));
    expect(card.queryByText('The boss flees at 5 HP.')).toBeNull();
  });
});

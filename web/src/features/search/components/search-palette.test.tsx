// The campaign search palette with a fake API (docs/product.md#campaign-search): Ctrl+K opens it, the
// arrows move the active result and Enter opens it where it lives; Escape gives the focus back; the
// empty, no-match, too-long and failed answers in English and French (a too-long query is never sent);
// the spinner while a search is on its way; "Add to fight" only while the fight is in setup, on the
// side a unit belongs to.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { SearchResult } from '@questkeeper/core/search/campaign-search';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { i18next } from '@/lib/i18n';
import { createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { useSearchPalette } from '../campaign-search';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

beforeAll(async () => {
  const fr = (await import('@questkeeper/core/locales/fr.json')).default;
  i18next.addResourceBundle('fr', 'translation', fr, true, true);
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

const aria = createUnit({ _id: 'a1', name: 'Aria', isPlayer: true });
const grask = createUnit({ _id: 'g1', name: 'Grask' });

const RESULTS: SearchResult[] = [
  { kind: 'unit', id: 'g1', name: 'Grask', snippet: 'Orc · Brute · Normal', ranges: [] },
  { kind: 'unit', id: 'a1', name: 'Aria', snippet: 'Élan de Grask', ranges: [{ start: 8, end: 13 }] },
  { kind: 'heading', id: 'grask-s-curse', name: "Grask's curse", snippet: "Grask's curse", ranges: [] },
  {
    kind: 'rules',
    id: '42',
    name: 'Monsters',
    snippet: 'Grask hides in caves.',
    ranges: [{ start: 0, end: 5 }],
  },
];

/** A fake server: search answers by query, the fight in `phase`. */
function serve({
  phase = 'setup' as 'setup' | 'fight',
  allies = [] as string[],
  search = (query: string): SearchResult[] | Promise<SearchResult[]> =>
    query.toLowerCase().includes('grask') ? RESULTS : [],
} = {}) {
  api.mockImplementation(async (method, path, options) => {
    const body = (options as { body?: { action?: { unitId: string; group: string } } } | undefined)?.body;
    if (method === 'GET' && path.startsWith('/api/search?')) {
      return search(new URLSearchParams(path.slice(path.indexOf('?'))).get('q') ?? '');
    }
    if (method === 'GET' && path === '/api/combat') return { phase, version: 7, allies, enemies: [] };
    if (method === 'GET' && path === '/api/units') return [aria, grask];
    if (method === 'POST' && path === '/api/combat/actions') {
      const action = body!.action!;
      return {
        combat: {
          phase,
          version: 8,
          allies: action.group === 'allies' ? [...allies, action.unitId] : allies,
          enemies: action.group === 'enemies' ? [action.unitId] : [],
        },
        units: [],
        entries: [],
      };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
}

/** An option's name: its parts with the pauses between them (spaces as jsdom's name computation keeps them). */
const named = (...parts: string[]) =>
  new RegExp(
    `^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*')).join('\\s*,\\s*')}$`,
  );

const calls = (method: string, prefix: string) =>
  api.mock.calls.filter(([m, p]) => m === method && p.startsWith(prefix));

function Place() {
  return <p data-testid="place">{useLocation().search}</p>;
}

function Harness() {
  const search = useSearchPalette('c1');
  return (
    <>
      <main id="main" tabIndex={-1}>
        <button type="button" onClick={search.open}>
          Open search
        </button>
        <Place />
      </main>
      {search.palette}
    </>
  );
}

function renderPalette() {
  return renderWithProviders(<Harness />, { route: '/en/dashboard?campaign=c1&view=rules' });
}

async function openWithKeys() {
  await userEvent.keyboard('{Control>}k{/Control}');
  // The palette's code loads on first use: slow beside other test files on two cores.
  const field = await screen.findByRole('combobox', undefined, { timeout: 10_000 });
  await waitFor(() => expect(document.activeElement).toBe(field), { timeout: 10_000 });
  return field;
}

describe('search palette', () => {
  it('opens with Ctrl+K, lists the results, moves with the arrows and opens one with Enter', async () => {
    serve({ phase: 'fight' });
    renderPalette();
    const field = await openWithKeys();
    expect(screen.getByRole('dialog', { name: 'Search the campaign' })).toBeTruthy();
    expect(screen.getByText('Type a word to search the campaign.')).toBeTruthy();
    expect(field.getAttribute('aria-expanded')).toBe('false');

    await userEvent.type(field, 'grask');
    const list = await screen.findByRole('listbox', { name: 'Results' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Grask'),
      expect.stringContaining('Aria'),
      expect.stringContaining("Grask's curse"),
      expect.stringContaining('Monsters'),
    ]);
    // The kind is said in words beside the name, then the snippet (not a heading's: its name again);
    // the matches are marked.
    expect(within(list).getByRole('option', { name: named('Aria', 'Unit', 'Élan de Grask') })).toBeTruthy();
    expect(within(list).getByRole('option', { name: named("Grask's curse", 'Rules heading') })).toBeTruthy();
    expect(
      within(list).getByRole('option', {
        name: named('Monsters', 'Rules · Line 42', 'Grask hides in caves.'),
      }),
    ).toBeTruthy();
    // The server's ranges in the snippets; the query's words in the names.
    const marks = (option: HTMLElement) =>
      [...option.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(options.map(marks)).toEqual([['Grask'], ['Grask'], ['Grask'], ['Grask']]);
    expect(options[1]!.querySelector('p mark')?.textContent).toBe('Grask');
    expect(options[0]!.querySelector('p mark')).toBeNull();
    expect(screen.getByText('4 results')).toBeTruthy();
    expect(calls('GET', '/api/search?').at(-1)).toEqual([
      'GET',
      '/api/search?q=grask&limit=20',
      expect.objectContaining({ headers: { 'x-campaign-id': 'c1' } }),
    ]);

    // The first result is active; the arrows move it, wrapping round.
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    expect(options[2]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    expect(options.filter((option) => option.getAttribute('aria-selected') === 'true')).toEqual([options[3]]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');

    // Enter opens the heading in the rules view; the focus goes to the view.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('place').textContent).toBe('?campaign=c1&view=rules&heading=grask-s-curse');
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('opens a unit and a rules line where they live, by a click too', async () => {
    serve({ phase: 'fight' });
    renderPalette();
    await userEvent.type(await openWithKeys(), 'grask');
    await userEvent.click(
      await screen.findByRole('option', { name: named('Aria', 'Unit', 'Élan de Grask') }),
    );
    expect(screen.getByTestId('place').textContent).toBe('?campaign=c1&view=units&item=a1');

    await userEvent.type(await openWithKeys(), 'grask');
    await userEvent.click(
      await screen.findByRole('option', {
        name: named('Monsters', 'Rules · Line 42', 'Grask hides in caves.'),
      }),
    );
    expect(screen.getByTestId('place').textContent).toBe('?campaign=c1&view=rules&line=42');
  });

  it('closes with Escape and gives the focus back to what opened it', async () => {
    serve();
    renderPalette();
    const opener = screen.getByRole('button', { name: 'Open search' });
    await userEvent.click(opener);
    const field = await screen.findByRole('combobox', { name: 'Search the campaign' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(screen.getByTestId('place').textContent).toBe('?campaign=c1&view=rules');
  });

  for (const language of ['en', 'fr'] as const) {
    const words = {
      en: {
        empty: 'Type a word to search the campaign.',
        noMatch: 'Nothing found for "zzz".',
        tooLong: 'A search can be at most 200 characters long.',
        failed: /^The search failed: /,
        retry: 'Try again',
        label: 'Search the campaign',
      },
      fr: {
        empty: 'Tapez un mot pour chercher dans la campagne.',
        noMatch: 'Rien trouvé pour « zzz ».',
        tooLong: 'Une recherche fait au plus 200 caractères.',
        failed: /^La recherche a échoué : /,
        retry: 'Réessayer',
        label: 'Rechercher dans la campagne',
      },
    }[language];

    it(`answers an empty field, no match, a too-long query and a failure clearly (${language})`, async () => {
      await i18next.changeLanguage(language);
      let fail = true;
      serve({
        search: (query) => {
          if (query === 'oops' && fail) throw new ApiError(0, 'NETWORK', 'No connection.');
          return query === 'oops' ? RESULTS.slice(0, 1) : [];
        },
      });
      renderPalette();
      const field = await openWithKeys();
      expect(screen.getByRole('combobox', { name: words.label })).toBe(field);
      expect(screen.getByText(words.empty).getAttribute('role')).toBe('status');

      await userEvent.type(field, 'zzz');
      expect(await screen.findByText(words.noMatch)).toBeTruthy();

      // Over 200 characters: core's words, and nothing asked of the server.
      const asked = calls('GET', '/api/search?').length;
      fireEvent.change(field, { target: { value: 'a'.repeat(201) } });
      expect(screen.getByRole('alert').textContent).toBe(words.tooLong);
      expect(calls('GET', '/api/search?')).toHaveLength(asked);
      // Spaces around do not count, as on the server.
      fireEvent.change(field, { target: { value: `  ${'a'.repeat(200)}  ` } });
      expect(screen.queryByText(words.tooLong)).toBeNull();

      fireEvent.change(field, { target: { value: '   ' } });
      expect(screen.getByText(words.empty)).toBeTruthy();

      fireEvent.change(field, { target: { value: 'oops' } });
      expect((await screen.findByRole('alert')).textContent).toMatch(words.failed);
      fail = false;
      await userEvent.click(screen.getByRole('button', { name: words.retry }));
      expect(await screen.findByRole('option', { name: /^Grask/ })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }

  it('shows a spinner in the field while a search is on its way, and keeps the last results', async () => {
    let release: (results: SearchResult[]) => void = () => undefined;
    serve({
      search: (query) =>
        query === 'grask'
          ? RESULTS
          : new Promise<SearchResult[]>((resolve) => {
              release = resolve;
            }),
    });
    renderPalette();
    const field = await openWithKeys();
    await userEvent.type(field, 'grask');
    await screen.findAllByRole('option');
    await waitFor(() => expect(screen.queryByTestId('search-spinner')).toBeNull());
    await userEvent.type(field, ' x');
    expect(await screen.findByTestId('search-spinner')).toBeTruthy();
    // The last answer stays on screen meanwhile.
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await act(async () => release(RESULTS.slice(2)));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.queryByTestId('search-spinner')).toBeNull();
  });

  for (const language of ['en', 'fr'] as const) {
    it(`adds a unit to its side while the fight is in setup (${language})`, async () => {
      await i18next.changeLanguage(language);
      const s = {
        en: { enemies: 'Add to enemies', allies: 'Add to allies', joined: 'Grask joined the enemies.' },
        fr: {
          enemies: 'Ajouter aux ennemis',
          allies: 'Ajouter aux alliés',
          joined: 'Grask a rejoint les ennemis.',
        },
      }[language];
      serve({ phase: 'setup' });
      renderPalette();
      await userEvent.type(await openWithKeys(), 'grask');
      const list = await screen.findByRole('listbox');
      // Grask (not a player) goes to the enemies, Aria (a player character) to the allies.
      const grask = within(list).getAllByRole('option')[0]!;
      const aria = within(list).getAllByRole('option')[1]!;
      await waitFor(() => expect(grask.textContent).toContain(s.enemies));
      expect(aria.textContent).toContain(s.allies);
      // Only units may join.
      expect(within(list).getAllByRole('option')[2]!.querySelector('[data-action="add"]')).toBeNull();
      expect(screen.getByText(language === 'en' ? 'Add to the fight' : 'Ajouter au combat')).toBeTruthy();

      await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
      // Said in the palette, and by a toast for after it closes.
      const dialog = screen.getByRole('dialog');
      expect(await within(dialog).findByText(s.joined)).toBeTruthy();
      expect(screen.getAllByText(s.joined)).toHaveLength(2);
      expect(calls('POST', '/api/combat/actions')[0]?.[2]).toMatchObject({
        headers: { 'x-campaign-id': 'c1' },
        body: { version: 7, action: { type: 'add', unitId: 'g1', group: 'enemies' } },
      });
      // Now in the fight: no second add; the palette stayed open.
      await waitFor(() => expect(grask.querySelector('[data-action="add"]')).toBeNull());
      expect(grask.textContent).toContain(language === 'en' ? 'Among the enemies' : 'Parmi les ennemis');

      // The row's control, by the pointer.
      await userEvent.click(aria.querySelector('[data-action="add"]')!);
      await waitFor(() => expect(calls('POST', '/api/combat/actions')).toHaveLength(2));
      expect(calls('POST', '/api/combat/actions')[1]?.[2]).toMatchObject({
        body: { version: 8, action: { type: 'add', unitId: 'a1', group: 'allies' } },
      });
      expect(screen.getByRole('dialog')).toBeTruthy();
    });
  }

  it('opens nowhere without a campaign view (the profile), and lets the browser have Ctrl+K', async () => {
    serve();
    function NoCampaign() {
      return useSearchPalette(null).palette;
    }
    renderWithProviders(<NoCampaign />, { route: '/en/dashboard?view=profile' });
    const pressed = fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(pressed).toBe(true); // Not prevented.
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no "Add to fight" while a fight is going on', async () => {
    serve({ phase: 'fight' });
    renderPalette();
    await userEvent.type(await openWithKeys(), 'grask');
    await screen.findByRole('listbox');
    await waitFor(() => expect(calls('GET', '/api/combat')).toHaveLength(1));
    expect(document.querySelector('[data-action="add"]')).toBeNull();
    expect(screen.queryByText('Add to the fight')).toBeNull();
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(calls('POST', '/api/combat/actions')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

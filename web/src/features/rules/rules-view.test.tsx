// The rules view's editing rules with a fake API: save, server refusal, cancel restores (asking only
// when something changed), and the tier limit on saving. The journeys in e2e/tests/rules.spec.ts run
// the same against the real server.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Tier } from '@questkeeper/core/tiers';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { Toaster } from '@/components/toast/toaster';
import { findEditor } from '@/test/editor';
import RulesView from './rules-view';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
// The reveal buttons (a live share link) are tested in components/reveals; here the API is the rules'.
vi.mock('@/components/reveals/use-reveal-action', () => ({ useRevealAction: () => null }));

// The editor's writer (CodeMirror) is a lazy chunk: load it before the tests' time limits start.
beforeAll(() => import('@/components/markdown-editor/markdown-writer'), 30_000);

afterEach(() => api.mockReset());

const campaign = (rules: string, version = 'v1'): Campaign => ({
  _id: 'c1',
  userId: 'u1',
  name: 'Stormhold',
  rules,
  characteristics: [],
  races: [],
  classes: [],
  statuses: [],
  initiativeRule: 'random_d20',
  initiativeCaracName: '',
  initiativeModifier: 'value',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version,
});

function renderView(rules: string, tier: Tier = 'Novice') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (props: { rules: string }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RulesView campaign={campaign(props.rules)} tier={tier} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  const { rerender } = render(view({ rules }));
  return { rerender: (next: string) => rerender(view({ rules: next })) };
}

const button = (name: string) => screen.getByRole('button', { name });
const editor = () => findEditor('Campaign rules, in markdown');

/** Types over the editor's text and leaves it, which hands the change over at once (no 300 ms wait). */
async function typeRules(text: string) {
  const box = await editor();
  box.replaceAll(text);
  box.blur();
}

/** The 409 a save made from a stale version gets: the campaign as it is now (decision 036). */
const conflict = (current: Campaign) =>
  new ApiError(
    409,
    'GAME_DATA_CONFLICT',
    'This campaign changed in another tab.',
    {},
    {
      code: 'GAME_DATA_CONFLICT',
      message: 'This campaign changed in another tab.',
      campaign: current,
    },
  );

describe('RulesView conflicts (rules saved in another tab meanwhile)', { timeout: 20_000 }, () => {
  it('keeps the draft, shows the saved rules, and saves mine over them on request', async () => {
    api.mockRejectedValueOnce(conflict(campaign('# Theirs', 'v2')));
    api.mockImplementation(async (_method, _path, options) =>
      campaign((options?.body as { rules: string }).rules, 'v3'),
    );
    renderView('# Old rules');
    fireEvent.click(button('Edit'));
    await typeRules('# Mine');
    fireEvent.click(button('Save'));

    const notice = await screen.findByRole('alert', {
      name: 'The rules were saved elsewhere while you were editing',
    });
    expect(notice.textContent).toContain('Your text is still in the editor: nothing is lost.');
    expect((await editor()).value).toBe('# Mine');
    expect(screen.queryByText('Rules saved.')).toBeNull();
    fireEvent.click(within(notice).getByText('Show the saved version'));
    expect(within(notice).getByLabelText('The rules as saved now').textContent).toBe('# Theirs');

    fireEvent.click(within(notice).getByRole('button', { name: 'Save my version' }));
    expect(await screen.findByText('Rules saved.')).toBeTruthy();
    expect(api).toHaveBeenLastCalledWith('PUT', '/api/game-data/c1', {
      body: { rules: '# Mine', version: 'v2' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops the draft for the saved rules on request, without saving', async () => {
    api.mockRejectedValueOnce(conflict(campaign('# Theirs', 'v2')));
    const { rerender } = renderView('# Old rules');
    fireEvent.click(button('Edit'));
    await typeRules('# Mine');
    fireEvent.click(button('Save'));
    const notice = await screen.findByRole('alert');
    fireEvent.click(within(notice).getByRole('button', { name: 'Use the saved version' }));

    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    rerender('# Theirs'); // The cache took the campaign the 409 carried.
    expect(screen.getByRole('heading', { name: 'Theirs' })).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('saves again by itself when only something else changed (a list, the initiative)', async () => {
    api.mockRejectedValueOnce(conflict(campaign('# Old rules', 'v2')));
    api.mockImplementation(async (_method, _path, options) =>
      campaign((options?.body as { rules: string }).rules, 'v3'),
    );
    renderView('# Old rules');
    fireEvent.click(button('Edit'));
    await typeRules('# Mine');
    fireEvent.click(button('Save'));

    expect(await screen.findByText('Rules saved.')).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(2);
    expect(api).toHaveBeenLastCalledWith('PUT', '/api/game-data/c1', {
      body: { rules: '# Mine', version: 'v2' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('RulesView', { timeout: 20_000 }, () => {
  it('saves the edited rules through the API and returns to reading', async () => {
    api.mockImplementation(async (_method, _path, options) => ({
      ...campaign((options?.body as { rules: string }).rules),
    }));
    const { rerender } = renderView('# Old rules');
    fireEvent.click(button('Edit'));
    await typeRules('# New rules');
    fireEvent.click(button('Save'));

    // Said in a toast.
    expect((await screen.findByText('Rules saved.')).closest('[aria-live="polite"]')).toBeTruthy();
    // With the version the edit started from (decision 036).
    expect(api).toHaveBeenCalledWith('PUT', '/api/game-data/c1', {
      body: { rules: '# New rules', version: 'v1' },
    });
    expect(screen.queryByRole('textbox')).toBeNull();
    rerender('# New rules'); // The dashboard hands the updated campaign down.
    expect(screen.getByRole('heading', { name: 'New rules' })).toBeTruthy();
  });

  it('shows the server refusal and stays in edit mode', async () => {
    api.mockRejectedValue(new ApiError(403, 'RULES_TOO_LONG', 'Rules are limited to 50000 characters.'));
    renderView('# Old rules');
    fireEvent.click(button('Edit'));
    await typeRules('# Refused');
    fireEvent.click(button('Save'));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Rules are limited to 50000 characters.',
    );
    expect((await editor()).value).toBe('# Refused');
  });

  it('asks before discarding changes, and cancel restores the earlier text', async () => {
    renderView('# Old rules');
    fireEvent.click(button('Edit'));
    await typeRules('# Draft');
    fireEvent.click(button('Cancel'));

    // Keep editing: the draft stays.
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await editor()).value).toBe('# Draft');

    fireEvent.click(button('Cancel'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Old rules' })).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it('cancels without asking when nothing changed', () => {
    renderView('# Old rules');
    fireEvent.click(button('Edit'));
    fireEvent.click(button('Cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('lets a Novice over the limit shorten the rules, and save only once within 50,000', async () => {
    renderView('x'.repeat(50_001));
    fireEvent.click(button('Edit'));
    expect((button('Save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/50,001 characters long and the Novice plan saves up to 50,000/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade for longer rules' })).toBeTruthy();

    await typeRules('x'.repeat(50_000));
    expect((button('Save') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Novice plan saves up to/)).toBeNull();
  });

  it('gives a Hero room for 600,000 characters', async () => {
    renderView('x'.repeat(50_001), 'Hero');
    fireEvent.click(button('Edit'));
    expect((button('Save') as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByText('50,001 of 600,000 characters')).toBeTruthy();
  });

  it('warns before the page is left with unsaved changes only', async () => {
    renderView('# Old rules');
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    fireEvent.click(button('Edit'));
    expect(leave()).toBe(false);
    await typeRules('# Draft');
    expect(leave()).toBe(true);
  });

  it('marks every match in the rules themselves, accents ignored, and jumps to the one chosen', async () => {
    // jsdom has no CSS Custom Highlight API: a stand-in records what the view marks.
    const highlights = new Map<string, { ranges: Range[] }>();
    vi.stubGlobal('CSS', { highlights });
    vi.stubGlobal(
      'Highlight',
      class {
        ranges: Range[];
        constructor(...ranges: Range[]) {
          this.ranges = ranges;
        }
      },
    );
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderView('# Dégâts\n\nLes **dégâts** sont doublés.\n\n- Un coup : DEGATS x2');
      const search = screen.getByRole('searchbox', { name: 'Search the rules' });
      fireEvent.change(search, { target: { value: 'degats' } });
      fireEvent.keyDown(search, { key: 'Enter' });

      const results = await screen.findByRole('list', { name: 'Matching lines' });
      // The snippets read as the rules read: no '#', '**' or '-'.
      expect(
        within(results)
          .getAllByRole('button')
          .map((item) => item.textContent),
      ).toEqual(['Line 1Dégâts', 'Line 3Les dégâts sont doublés.', 'Line 5Un coup : DEGATS x2']);
      await waitFor(() =>
        expect(highlights.get('qk-search-match')?.ranges.map(String)).toEqual(['Dégâts', 'dégâts', 'DEGATS']),
      );

      fireEvent.click(within(results).getAllByRole('button')[1]!);
      expect(highlights.get('qk-search-current')?.ranges.map(String)).toEqual(['dégâts']);
      expect(scrolled.at(-1)?.textContent).toBe('dégâts');

      // Clearing the search takes the marks away.
      fireEvent.change(search, { target: { value: '' } });
      await waitFor(() => expect(highlights.size).toBe(0));
    } finally {
      vi.unstubAllGlobals();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});

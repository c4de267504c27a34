// The share panel's "Revealed to players" (issue 34, docs/decisions/064) against a fake API: without a
// live link it says to share first; with one it lists reveals newest first with the count against the
// limit, hides one, and writes a handout whose preview shows what players get (no secret block).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import type { RevealList } from '@/lib/reveals';
import { renderWithProviders } from '@/test/render';
import { RevealsPanel } from './reveals-panel';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);
afterEach(() => api.mockReset());

const reveal = (id: string, title: string, kind: RevealList['reveals'][number]['kind']) => ({
  _id: id,
  kind,
  ref: kind === 'handout' ? null : title,
  title,
  text: '',
  imageId: null,
  revealedAt: '2026-11-28T18:00:00.000Z',
});

function fakeApi(list: RevealList) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  api.mockImplementation(async (method, path, options) => {
    calls.push({ method, path, body: (options as { body?: unknown } | undefined)?.body });
    if (method === 'GET' && path === '/api/game-data/c1/reveals') return list;
    if (method === 'DELETE' && path.startsWith('/api/game-data/c1/reveals/')) {
      const id = path.split('/').pop();
      list = { ...list, reveals: list.reveals.filter((item) => item._id !== id) };
      return undefined;
    }
    if (method === 'POST' && path === '/api/game-data/c1/reveals') {
      const body = options?.body as { title: string };
      const created = reveal('new', body.title, 'handout');
      list = { ...list, reveals: [created, ...list.reveals] };
      return created;
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return calls;
}

describe('RevealsPanel', () => {
  it('asks to share first when the campaign has no live link', () => {
    renderWithProviders(<RevealsPanel campaignId="c1" live={false} />);
    expect(screen.getByText(/^Share the fight with your players first/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a handout' })).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('lists reveals newest first with the count against the limit, and hides one', async () => {
    const calls = fakeApi({
      limit: 20,
      reveals: [reveal('r2', 'Grask', 'unit'), reveal('r1', 'Falling', 'rules-section')],
    });
    renderWithProviders(<RevealsPanel campaignId="c1" live />);
    expect(await screen.findByText('2 of 20 shown')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Revealed to players' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Grask', 'Falling']);

    fireEvent.click(screen.getByRole('button', { name: 'Hide Grask from players' }));
    expect(await screen.findByText('Hidden from players')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 of 20 shown')).toBeTruthy());
    expect(screen.queryByText('Grask')).toBeNull();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/game-data/c1/reveals/r2'),
    ).toBe(true);
  });

  it('writes a handout: a title is needed, the preview has no secret block, the POST sends the text', async () => {
    const calls = fakeApi({ limit: 20, reveals: [] });
    renderWithProviders(<RevealsPanel campaignId="c1" live />);
    expect(await screen.findByText('0 of 20 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Write a handout' }));
    const dialog = screen.getByRole('dialog', { name: 'Reveal a handout' });
    const text = 'The seal is **broken**.\n:::secret\nThe duke wrote it.\n:::\nSigned, a friend.';
    fireEvent.change(within(dialog).getByLabelText('Text (markdown, optional)'), { target: { value: text } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal to players' }));
    expect(await within(dialog).findByText('Give the handout a title.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'A letter' } });
    const preview = within(dialog).getByRole('region', { name: 'What players will see' });
    expect(within(preview).getByText('A letter')).toBeTruthy();
    expect(within(preview).getByText('broken').tagName).toBe('STRONG');
    expect(preview.textContent).toContain('Signed, a friend.');
    expect(preview.textContent).not.toContain('The duke wrote it.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal to players' }));
    expect(await screen.findByText('Revealed to players', { selector: '[role="status"] *' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'handout',
      title: 'A letter',
      text,
    });
    expect(await screen.findByText('1 of 20 shown')).toBeTruthy();
  });
});

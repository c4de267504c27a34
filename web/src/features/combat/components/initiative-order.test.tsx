// The initiative order fixed with a finger: HTML5 drag and drop never starts from a touch,
// so the handle follows the pointer itself and lifting the finger sends one `reorder`, as a drop
// does. Against the fake server, with the pointer events a touch screen sends. The mouse's drag and
// the keyboard's Alt+Up / Alt+Down are in ../combat-fast-hands.test.tsx and the e2e journeys.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { fightOf, makeCampaign, renderView, roster } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
vi.mock('@/lib/event-stream', () => ({ readEventStream: vi.fn(() => new Promise(() => {})) }));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

/** A row's pitch: 2.25rem at the 16 px of jsdom's root. */
const PITCH = 36;
const groups = { allies: ['a1', 'a2'], enemies: ['e1', 'e2'] };

function serve() {
  const campaign = makeCampaign();
  const { server } = fakeCombatServer(api, campaign, roster(), fightOf(groups));
  renderView(campaign);
  return server;
}

const actions = (server: ReturnType<typeof serve>) =>
  server.calls
    .filter((call) => call.path === '/api/combat/actions')
    .map((call) => (call.body as { action: unknown }).action);

const orderIds = (server: ReturnType<typeof serve>) => server.fight.order.map((entry) => entry.unitId);

/** The names of the order's rows, top to bottom, as the screen shows them. */
function shownOrder(): string[] {
  const list = screen.getByRole('list', { name: 'Initiative order' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.querySelector('span[title]')?.getAttribute('title') ?? '');
}

const touch = (pointerId: number, clientY: number) => ({
  pointerId,
  pointerType: 'touch',
  isPrimary: true,
  clientX: 20,
  clientY,
});

describe('the initiative order on a touch screen', () => {
  it('moves a unit where the finger lifts, with one reorder action', async () => {
    const server = serve();
    const handle = await screen.findByRole('button', { name: /^Drag Aria to its place/ });
    expect(shownOrder()).toEqual(['Aria', 'Borin', 'Goblin', 'Wolf']);

    fireEvent.pointerDown(handle, touch(7, 100));
    fireEvent.pointerMove(handle, touch(7, 100 + PITCH));
    fireEvent.pointerMove(handle, touch(7, 100 + 2 * PITCH + 5));
    // The row follows the finger and the rows it passed make room; nothing is sent yet.
    const aria = handle.closest('li')!;
    expect(aria.style.transform).toBe(`translateY(${2 * PITCH + 5}px)`);
    const borin = screen.getByRole('button', { name: /^Drag Borin to its place/ }).closest('li')!;
    expect(borin.style.transform).toBe(`translateY(-${PITCH}px)`);
    expect(actions(server)).toEqual([]);

    fireEvent.pointerUp(handle, touch(7, 100 + 2 * PITCH + 5));
    await waitFor(() => expect(orderIds(server)).toEqual(['a2', 'e1', 'a1', 'e2']));
    expect(actions(server)).toEqual([{ type: 'reorder', unitId: 'a1', toIndex: 2 }]);
    await waitFor(() => expect(shownOrder()).toEqual(['Borin', 'Goblin', 'Aria', 'Wolf']));
    // Every row is back in its place on screen, and the turn stays Aria's.
    for (const row of within(screen.getByRole('list', { name: 'Initiative order' })).getAllByRole(
      'listitem',
    )) {
      expect(row.style.transform).toBe('');
    }
    expect(screen.getByText('Turn of Aria')).toBeTruthy();
  });

  it('moves a unit up, and never past the top of the order', async () => {
    const server = serve();
    const handle = await screen.findByRole('button', { name: /^Drag Goblin to its place/ });
    fireEvent.pointerDown(handle, touch(3, 300));
    fireEvent.pointerMove(handle, touch(3, 300 - 10 * PITCH));
    fireEvent.pointerUp(handle, touch(3, 300 - 10 * PITCH));
    await waitFor(() => expect(orderIds(server)).toEqual(['e1', 'a1', 'a2', 'e2']));
    expect(actions(server)).toEqual([{ type: 'reorder', unitId: 'e1', toIndex: 0 }]);
  });

  it('sends nothing when the finger lifts where it started, or when the touch is cancelled', async () => {
    const server = serve();
    const handle = await screen.findByRole('button', { name: /^Drag Borin to its place/ });

    // A small wobble stays on the row's own place.
    fireEvent.pointerDown(handle, touch(1, 200));
    fireEvent.pointerMove(handle, touch(1, 200 + PITCH / 3));
    fireEvent.pointerUp(handle, touch(1, 200 + PITCH / 3));
    // The browser takes the touch back (a scroll, a call): the drag is dropped.
    fireEvent.pointerDown(handle, touch(2, 200));
    fireEvent.pointerMove(handle, touch(2, 200 + 2 * PITCH));
    fireEvent.pointerCancel(handle, touch(2, 200 + 2 * PITCH));
    expect(handle.closest('li')!.style.transform).toBe('');
    // Moves of another pointer than the one that holds the row are not the drag's.
    fireEvent.pointerDown(handle, touch(4, 200));
    fireEvent.pointerMove(handle, touch(5, 200 + 2 * PITCH));
    fireEvent.pointerUp(handle, touch(5, 200 + 2 * PITCH));
    fireEvent.pointerUp(handle, touch(4, 200));

    expect(shownOrder()).toEqual(['Aria', 'Borin', 'Goblin', 'Wolf']);
    expect(actions(server)).toEqual([]);
  });

  it('leaves the mouse to the HTML5 drag of the row', async () => {
    const server = serve();
    const handle = await screen.findByRole('button', { name: /^Drag Aria to its place/ });
    const mouse = (clientY: number) => ({ pointerId: 1, pointerType: 'mouse', isPrimary: true, clientY });
    fireEvent.pointerDown(handle, mouse(100));
    fireEvent.pointerMove(handle, mouse(100 + 2 * PITCH));
    expect(handle.closest('li')!.style.transform).toBe('');
    fireEvent.pointerUp(handle, mouse(100 + 2 * PITCH));
    expect(actions(server)).toEqual([]);
  });
});

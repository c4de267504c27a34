// The player page (docs/decisions/028): what a player reads of the stream's payloads — bands in words with no
// number, conditions with their rounds left, a turn passing to someone unseen — and how it copes with
// the network: a dropped stream the browser reconnects, a stream the server refuses (its JSON tells a
// revoked link from a passing failure), `event: revoked`. EventSource is replaced by a fake the test
// drives; the JSON call is mocked at the lib.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { routes } from '@questkeeper/core/routes';
import type { PlayerUnit, PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { ApiError } from '@/lib/api-client';
import { i18next } from '@/lib/i18n';
import type * as PlayerViewLib from '@/lib/player-view';
import { getPlayerView } from '@/lib/player-view';
import { renderWithProviders } from '@/test/render';
import PlayerViewPage from './player-view-page';

vi.mock('@/lib/player-view', async (original) => ({
  ...(await original<typeof PlayerViewLib>()),
  getPlayerView: vi.fn(),
}));

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sends a payload. */
  send(payload: PlayerViewPayload) {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(payload) })));
  }
  /** The connection drops; the browser will retry by itself (`closed`: it gave up). */
  drop(closed = false) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => this.onerror?.());
  }
  emit(type: string) {
    act(() => this.listeners.get(type)?.forEach((listener) => listener()));
  }
}
const latest = () => FakeEventSource.all.at(-1)!;

const unit = (over: Partial<PlayerUnit> & Pick<PlayerUnit, 'id' | 'name'>): PlayerUnit => ({
  group: 'allies',
  color: '#2563eb',
  hp: { shown: 'exact', current: 20, max: 30, band: null },
  conditions: [],
  ...over,
});

const fight = (over: Partial<PlayerViewPayload> = {}): PlayerViewPayload => ({
  phase: 'fight',
  round: 2,
  turn: { unitId: 'a' },
  order: ['a', 'g'],
  units: [
    unit({ id: 'a', name: 'Aria' }),
    unit({
      id: 'g',
      name: 'Hooded figure',
      group: 'enemies',
      hp: { shown: 'band', current: null, max: null, band: 'wounded' },
      conditions: [
        { name: 'Poisoned', roundsLeft: 2 },
        { name: 'Prone', roundsLeft: null },
      ],
    }),
  ],
  hazards: [],
  revealed: [],
  log: [
    {
      type: 'start',
      round: 1,
      actor: null,
      target: null,
      amount: null,
      condition: null,
      wrapped: false,
      defeated: null,
    },
    {
      type: 'attack',
      round: 2,
      actor: { id: 'a', name: 'Aria' },
      target: { id: 'g', name: 'Hooded figure' },
      amount: null,
      condition: null,
      wrapped: false,
      defeated: null,
    },
  ],
  ...over,
});

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path={`/:lang${routes.playerView.path}`} element={<PlayerViewPage />} />
    </Routes>,
    { route: '/en/play/tok-123' },
  );
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.mocked(getPlayerView).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('player page', { timeout: 20_000 }, () => {
  it('shows the round, whose turn, the order, bands in words with no number, and conditions as text', async () => {
    renderPage();
    expect(latest().url).toBe('/api/play/tok-123/events');
    latest().send(fight());

    expect(await screen.findByText('Round 2', { selector: 'div' })).toBeTruthy();
    expect(screen.getByText('Turn of Aria')).toBeTruthy();
    const order = screen.getByRole('list', { name: 'Initiative order' });
    const cards = within(order).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Aria', 'Hooded figure']);
    expect(cards[0]?.getAttribute('aria-current')).toBe('step');

    expect(within(cards[0]!).getByRole('meter', { name: 'HP 20 / 30' })).toBeTruthy();
    const banded = cards[1]!;
    expect(within(banded).getByText('Health: Wounded')).toBeTruthy();
    expect(within(banded).queryByRole('meter')).toBeNull();
    expect(banded.textContent).not.toMatch(/\d+\s*\/\s*\d+|%/);
    expect(within(banded).getByText('Poisoned, 2 rounds left')).toBeTruthy();
    expect(within(banded).getByText('Prone, until removed')).toBeTruthy();
    // The attack on a banded target names no amount.
    expect(screen.getByText('Aria attacks Hooded figure.')).toBeTruthy();
  });

  // docs/decisions/061-what-a-gm-tracks-every-round.md: what the redaction sends, nothing when absent.
  it("shows a Down character's death-save pips and temporary HP only when sent", async () => {
    renderPage();
    latest().send(
      fight({
        units: [
          unit({ id: 'a', name: 'Aria', tempHp: 8 }),
          unit({
            id: 'g',
            name: 'Borin',
            hp: { shown: 'exact', current: 0, max: 30, band: null },
            deathSaves: { successes: 2, failures: 1 },
          }),
        ],
      }),
    );
    const order = await screen.findByRole('list', { name: 'Initiative order' });
    const [aria, borin] = within(order).getAllByRole('article');
    expect(within(aria!).getByText('+8 temp')).toBeTruthy();
    expect(within(aria!).getByText('8 temporary HP')).toBeTruthy();
    expect(within(aria!).queryByTestId('player-death-saves')).toBeNull();
    expect(within(borin!).getByText('Death saves — successes: 2, failures: 1')).toBeTruthy();
    expect(within(borin!).queryByTestId('player-temp-hp')).toBeNull();

    latest().send(fight());
    await waitFor(() => expect(screen.queryByTestId('player-temp-hp')).toBeNull());
    expect(screen.queryByTestId('player-death-saves')).toBeNull();
  });

  it('says that the turn passes to someone unseen, and nothing more', async () => {
    renderPage();
    latest().send(fight({ turn: { unitId: null } }));
    expect(await screen.findByText('The turn passes to someone unseen.')).toBeTruthy();
    expect(screen.queryByText(/Turn of/)).toBeNull();
  });

  it('follows each event live and catches up after a drop the browser reconnects', async () => {
    renderPage();
    latest().send(fight());
    expect(await screen.findByText('Live')).toBeTruthy();

    latest().drop();
    expect(screen.getByText('Connection lost: reconnecting…')).toBeTruthy();
    // The same EventSource reconnects; its first event is the whole fight as it is now.
    latest().send(fight({ round: 3, turn: { unitId: 'g' } }));
    expect(await screen.findByText('Round 3', { selector: 'div' })).toBeTruthy();
    expect(screen.getByText('Turn of Hooded figure')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('after a refused stream (server restarting), reads the JSON and opens a new stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(getPlayerView).mockResolvedValueOnce(fight({ round: 4 }));
    renderPage();
    latest().send(fight());
    latest().drop(true);
    expect(await screen.findByText('Round 4', { selector: 'div' })).toBeTruthy();
    expect(getPlayerView).toHaveBeenCalledWith('tok-123', expect.any(AbortSignal));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(FakeEventSource.all).toHaveLength(2);
    latest().send(fight({ round: 5 }));
    expect(await screen.findByText('Round 5', { selector: 'div' })).toBeTruthy();
  });

  it('says the link no longer works when the stream says it was revoked', async () => {
    renderPage();
    latest().send(fight());
    latest().emit('revoked');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(screen.queryByText('Round 2', { selector: 'div' })).toBeNull();
  });

  it('says the link no longer works when the server answers 404 for an unknown or revoked link', async () => {
    vi.mocked(getPlayerView).mockRejectedValueOnce(new ApiError(404, 'NOT_FOUND', 'Not found'));
    renderPage();
    latest().drop(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('keeps an ended fight readable: the result, its last picture and the log', async () => {
    renderPage();
    latest().send(fight());
    const endLine = {
      type: 'end' as const,
      round: 2,
      actor: null,
      target: null,
      amount: null,
      condition: null,
      wrapped: false,
      defeated: 'enemies' as const,
    };
    latest().send(
      fight({ phase: 'setup', turn: null, order: [], units: [], log: [...fight().log, endLine] }),
    );
    expect(await screen.findByRole('heading', { name: 'The fight is over' })).toBeTruthy();
    expect(screen.getAllByText('The enemies have been defeated.').length).toBeGreaterThan(0);
    const last = screen.getByRole('list', { name: 'How the fight ended' });
    expect(within(last).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('Aria attacks Hooded figure.')).toBeTruthy();
  });
});

// docs/decisions/062: a lair action as its own row and turn, a group as one row counting only the
// members players see, and both in French.
describe('player page: lair actions and groups', { timeout: 20_000 }, () => {
  const turnLine = (fields: Partial<PlayerViewPayload['log'][number]>): PlayerViewPayload['log'][number] => ({
    type: 'nextTurn',
    round: 2,
    actor: null,
    target: null,
    amount: null,
    condition: null,
    wrapped: false,
    defeated: null,
    ...fields,
  });
  const goblin = (id: string, name: string, hp: PlayerUnit['hp']) =>
    unit({ id, name, group: 'enemies', color: null, hp, groupId: 'grp-1' });
  // Players see two of the three goblins (the GM hid "Goblin 2"): the server sends those two only.
  const monsters = (over: Partial<PlayerViewPayload> = {}) =>
    fight({
      turn: { unitId: null, hazardId: 'lair-1' },
      order: ['a', 'lair-1', 'g1', 'g3'],
      units: [
        unit({ id: 'a', name: 'Aria' }),
        goblin('g1', 'Goblin', { shown: 'band', current: null, max: null, band: 'bloodied' }),
        goblin('g3', 'Goblin 3', { shown: 'exact', current: 7, max: 7, band: null }),
      ],
      hazards: [{ id: 'lair-1', name: 'Cave tremors' }],
      log: [
        turnLine({ type: 'start', round: 1, actor: { id: 'a', name: 'Aria' } }),
        turnLine({ round: 1, actor: { id: 'g1', name: 'Goblin' } }),
        turnLine({ round: 2, wrapped: true, hazard: 'Cave tremors' }),
      ],
      ...over,
    });

  it('shows a visible lair action as its own row and names it when it has the turn', async () => {
    renderPage();
    latest().send(monsters());
    expect(await screen.findByText('Lair action: Cave tremors', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByText(/Turn of|someone unseen/, { selector: 'p' })).toBeNull();
    const order = screen.getByRole('list', { name: 'Initiative order' });
    const rows = within(order)
      .getAllByRole('article')
      .filter((row) => row.parentElement?.parentElement === order);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Aria',
      'Lair action: Cave tremors',
      'Goblin, group of 2',
    ]);
    const lair = rows[1]!;
    expect(lair.getAttribute('aria-current')).toBe('step');
    expect(within(lair).getByText('Lair action')).toBeTruthy();
    expect(within(lair).getByText('Current turn')).toBeTruthy();
    expect(rows[0]!.getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Round 2 begins. Lair action: Cave tremors.')).toBeTruthy();
  });

  it('shows a group as one row, counting only the members players see, each with its HP as sent', async () => {
    renderPage();
    latest().send(monsters({ turn: { unitId: 'g3' } }));
    const group = await screen.findByRole('article', { name: 'Goblin, group of 2' });
    expect(within(group).getByRole('heading', { level: 3 }).textContent).toBe('Goblin ×2');
    expect(group.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('Turn of Goblin ×2', { selector: 'p' })).toBeTruthy();
    const members = within(group).getAllByRole('listitem');
    expect(members.map((member) => member.firstElementChild?.textContent)).toEqual(['Goblin', 'Goblin 3']);
    expect(within(members[0]!).getByText('Health: Bloodied')).toBeTruthy();
    expect(within(members[0]!).queryByRole('meter')).toBeNull();
    expect(within(members[1]!).getByRole('meter', { name: 'HP 7 / 7' })).toBeTruthy();
    // No separate cards for the members, and no trace of the goblin players do not see.
    expect(screen.queryByRole('article', { name: 'Goblin' })).toBeNull();
    expect(screen.queryByText(/Goblin 2|×3/)).toBeNull();
    // The log's turn line names the group, not one member.
    expect(screen.getByText('Turn of Goblin ×2.')).toBeTruthy();
  });

  it('shows a member alone as a plain unit, and a hidden lair action as someone unseen', async () => {
    renderPage();
    latest().send(
      monsters({
        turn: { unitId: null },
        order: ['a', 'g1'],
        units: [unit({ id: 'a', name: 'Aria' }), unit({ id: 'g1', name: 'Goblin', group: 'enemies' })],
        hazards: [],
        log: [],
      }),
    );
    expect(await screen.findByText('The turn passes to someone unseen.', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Goblin' })).toBeTruthy();
    expect(screen.queryByTestId('player-group')).toBeNull();
    expect(screen.queryByTestId('player-hazard')).toBeNull();
  });

  it('speaks French: the lair action, the group and the log', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await act(() => i18next.changeLanguage('fr'));
    try {
      renderPage();
      latest().send(monsters());
      expect(await screen.findByText('Action de repaire : Cave tremors', { selector: 'p' })).toBeTruthy();
      const lair = screen.getByRole('article', { name: 'Action de repaire : Cave tremors' });
      expect(within(lair).getByText('Action de repaire')).toBeTruthy();
      expect(within(lair).getByText('Tour en cours')).toBeTruthy();
      const group = screen.getByRole('article', { name: 'Goblin, groupe de 2' });
      expect(within(group).getByRole('list', { name: 'Membres de Goblin' })).toBeTruthy();
      expect(within(group).getByText('Santé : En sang')).toBeTruthy();
      expect(screen.getByText('La manche 2 commence. Action de repaire : Cave tremors.')).toBeTruthy();
      expect(screen.getByText('Au tour de Goblin ×2.')).toBeTruthy();

      latest().send(monsters({ turn: { unitId: 'g1' } }));
      expect(await screen.findByText('Au tour de Goblin ×2', { selector: 'p' })).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});

// Issue 34 (docs/decisions/064): what the game master revealed, as cards; portraits of visible units.
describe('player page: revealed cards and portraits', { timeout: 20_000 }, () => {
  const revealed: PlayerViewPayload['revealed'] = [
    {
      id: 'r2',
      kind: 'handout',
      title: 'Letter on the body',
      text: 'Meet me at **the mill**. <img src=x onerror="alert(1)">',
      imageUrl: '/api/play/tok-123/images/opaque-1',
      revealedAt: '2026-11-28T18:02:00.000Z',
    },
    {
      id: 'r1',
      kind: 'rules-section',
      title: 'Falling',
      text: '## Falling\n\n1d6 per 10 feet.',
      revealedAt: '2026-11-28T18:01:00.000Z',
    },
  ];

  it('shows no Revealed section while nothing is revealed', async () => {
    renderPage();
    latest().send(fight());
    expect(await screen.findByText('Round 2', { selector: 'div' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Revealed' })).toBeNull();
  });

  it('shows each reveal as a card, in the order sent (newest first), markdown rendered and raw HTML as text', async () => {
    renderPage();
    latest().send(fight({ revealed }));
    const heading = await screen.findByRole('heading', { name: 'Revealed' });
    const section = heading.closest('section')!;
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Letter on the body', 'Falling']);

    const letter = cards[0]!;
    expect(within(letter).getByText('Handout')).toBeTruthy();
    expect(within(letter).getByText('the mill').tagName).toBe('STRONG');
    // Raw HTML is shown as text, never made an element.
    expect(letter.textContent).toContain('<img src=x onerror="alert(1)">');
    const images = within(letter).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual(['/api/play/tok-123/images/opaque-1']);
    expect(images[0]!.getAttribute('alt')).toBe('Image: Letter on the body');
    expect(within(cards[1]!).getByText('Rules')).toBeTruthy();
    expect(within(cards[1]!).getByText('1d6 per 10 feet.')).toBeTruthy();

    // The cards the page opened with are not announced; a new one at the top is.
    expect(screen.queryByText('Revealed: Letter on the body')).toBeNull();
    latest().send(fight({ revealed: [{ ...revealed[1]!, id: 'r3', title: 'Travel' }, ...revealed] }));
    expect(await screen.findByText('Revealed: Travel')).toBeTruthy();

    // Hidden again by the game master: the card goes, and the section with the last one.
    latest().send(fight({ revealed: revealed.slice(1) }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Letter on the body' })).toBeNull());
    latest().send(fight({ revealed: [] }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Revealed' })).toBeNull());
  });

  it('opens a reveal full screen and gives the focus back to its button when closed', async () => {
    renderPage();
    latest().send(fight({ revealed }));
    const open = await screen.findByRole('button', { name: 'Show Letter on the body full screen' });
    open.focus();
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Letter on the body' });
    expect(within(dialog).getByText('the mill')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Image: Letter on the body' })).toBeTruthy();
    // Escape: the dialog's cancel event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));

    // A reveal hidden while it is open closes it.
    fireEvent.click(open);
    expect(screen.getByRole('dialog', { name: 'Letter on the body' })).toBeTruthy();
    latest().send(fight({ revealed: revealed.slice(1) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a portrait on a unit row only when its URL is sent', async () => {
    renderPage();
    latest().send(
      fight({
        units: [
          unit({ id: 'a', name: 'Aria', portraitUrl: '/api/play/tok-123/images/opaque-2' }),
          unit({ id: 'g', name: 'Grask', group: 'enemies' }),
        ],
      }),
    );
    const aria = await screen.findByRole('article', { name: 'Aria' });
    expect(aria.querySelector('img')?.getAttribute('src')).toBe('/api/play/tok-123/images/opaque-2');
    expect(screen.getByRole('article', { name: 'Grask' }).querySelector('img')).toBeNull();
  });

  it('speaks French', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await act(() => i18next.changeLanguage('fr'));
    try {
      renderPage();
      latest().send(fight({ revealed }));
      expect(await screen.findByRole('heading', { name: 'Révélations' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Afficher Letter on the body en plein écran' })).toBeTruthy();
      expect(screen.getByText('Aide de jeu')).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});

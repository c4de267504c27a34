// The combat log panel on a long fight (decision 030): it shows the newest entries the fight
// carries, reads older ones with "Show older entries", merges each new answer into what it has
// loaded, shows undone entries as undone wherever they are, and says when a page could not be read.
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMBAT_LOG_WINDOW } from '@questkeeper/core/limits';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import type { CombatLogEntry, CombatResponse } from '@questkeeper/core/schemas/combat';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiRequest } from '@/lib/api-client';
import { i18next } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { makeCampaign, roster } from '@/test/combat/combat-test-kit';
import { fakeCombatServer } from '@/test/combat/fake-combat-server';
import { CombatLog } from './combat-log';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

afterEach(() => {
  api.mockReset();
});

/** A setup fight whose log holds `count` entries: Aria joins and leaves the allies in turn. */
function longFight(count: number) {
  const campaign = makeCampaign();
  const fake = fakeCombatServer(api, campaign, roster());
  for (let i = 0; i < count; i++) {
    fake.elsewhere(
      i % 2 === 0 ? { type: 'add', unitId: 'a1', group: 'allies' } : { type: 'remove', unitId: 'a1' },
    );
  }
  return { campaign, ...fake };
}

function panel(campaignId: string, fight: CombatResponse) {
  return (
    <CombatLog
      campaignId={campaignId}
      log={fight.log}
      logBefore={fight.logBefore}
      logUndoneFrom={fight.logUndoneFrom}
      total={fight.logTotal}
    />
  );
}

/** The panel fed with a fight the test moves on, as the view does with each answer. */
const feed = { fight: null as CombatResponse | null, listeners: new Set<() => void>() };
const subscribe = (listener: () => void) => {
  feed.listeners.add(listener);
  return () => feed.listeners.delete(listener);
};
function Live({ campaignId }: { campaignId: string }) {
  const fight = useSyncExternalStore(subscribe, () => feed.fight!);
  return panel(campaignId, fight);
}
const show = (fight: CombatResponse) =>
  act(() => {
    feed.fight = structuredClone(fight);
    for (const listener of feed.listeners) listener();
  });

const rows = () => within(screen.getByRole('list', { name: /Combat log/ })).getAllByRole('listitem');

async function openLog() {
  const toggle = screen.getByRole('button', { name: /Combat log/ });
  if (toggle.getAttribute('aria-expanded') === 'false') await userEvent.click(toggle);
}

// jsdom lays nothing out, so the windowed list renders every row: slow on a loaded machine.
describe('a long combat log', { timeout: 30_000 }, () => {
  it('shows the newest entries, then the older ones page by page, newest first', async () => {
    const user = userEvent.setup();
    const { campaign, server } = longFight(120);
    expect(server.fight.log).toHaveLength(COMBAT_LOG_WINDOW);
    renderWithProviders(panel(campaign._id, server.fight));
    await openLog();
    expect(screen.getByRole('button', { name: /Combat log/ }).textContent).toContain('120 entries');
    expect(rows()).toHaveLength(COMBAT_LOG_WINDOW);
    expect(rows()[0]?.getAttribute('aria-setsize')).toBe('120');
    // Entry 120 (even: a remove) first, entry 71 (odd: an add) last.
    expect(rows()[0]?.textContent).toContain('Aria leaves the fight.');
    expect(rows().at(-1)?.textContent).toContain('Aria joins the allies.');

    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(rows()).toHaveLength(120));
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    const texts = rows().map((row) => row.querySelector('p:nth-child(2)')?.textContent);
    expect(
      texts.every((text, i) => text === (i % 2 === 0 ? 'Aria leaves the fight.' : 'Aria joins the allies.')),
    ).toBe(true);
    expect(rows().map((row) => row.getAttribute('aria-posinset'))).toEqual(
      Array.from({ length: 120 }, (_, i) => String(i + 1)),
    );
    const asked = api.mock.calls.filter(
      ([method, path]) => method === 'GET' && path.startsWith('/api/combat/log'),
    );
    expect(asked.map(([, path]) => path)).toEqual(['/api/combat/log?before=70.0&limit=100']);
  });

  it('merges each new answer into what it loaded, and flags undone entries outside the window', async () => {
    const user = userEvent.setup();
    const { campaign, server, elsewhere } = longFight(80);
    feed.fight = structuredClone(server.fight);
    renderWithProviders(<Live campaignId={campaign._id} />);
    await openLog();
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(rows()).toHaveLength(80));

    // One more entry: on top, nothing lost below.
    elsewhere({ type: 'add', unitId: 'a1', group: 'allies' });
    show(server.fight);
    expect(rows()).toHaveLength(81);
    expect(rows()[0]?.getAttribute('aria-setsize')).toBe('81');

    // 55 undos: the last five reach entries older than the answer's window.
    for (let i = 0; i < 55; i++) {
      await api('POST', '/api/combat/undo', { body: { version: server.fight.version } });
    }
    show(server.fight);
    expect(server.fight.log.every((entry) => entry.undone)).toBe(true);
    const undone = rows().filter((row) => row.textContent?.includes('Undone'));
    expect(undone).toHaveLength(55);
    expect(rows()[55]?.textContent).not.toContain('Undone');

    // A new action drops them; the entries below stay.
    elsewhere({ type: 'add', unitId: 'e1', group: 'enemies' });
    show(server.fight);
    expect(rows()).toHaveLength(27);
    expect(rows()[0]?.textContent).toContain('Goblin joins the enemies.');
    expect(rows().some((row) => row.textContent?.includes('Undone'))).toBe(false);
  });

  it('says when older entries could not be read, and reads them on the next try', async () => {
    const user = userEvent.setup();
    const { campaign, server } = longFight(60);
    const serve = api.getMockImplementation()!;
    api.mockImplementation(async (method, path, options) => {
      if (path.startsWith('/api/combat/log'))
        throw new ApiError(0, 'NETWORK', 'The server cannot be reached.');
      return serve(method, path, options);
    });
    renderWithProviders(panel(campaign._id, server.fight));
    await openLog();
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The older entries could not be loaded.',
    );
    api.mockImplementation(serve);
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(rows()).toHaveLength(60));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks French too', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await act(() => i18next.changeLanguage('fr'));
    try {
      const { campaign, server } = longFight(60);
      renderWithProviders(panel(campaign._id, server.fight));
      const toggle = screen.getByRole('button', { name: /Journal du combat/ });
      if (toggle.getAttribute('aria-expanded') === 'false') await userEvent.click(toggle);
      expect(toggle.textContent).toContain('60 entrées');
      expect(screen.getByRole('button', { name: 'Afficher les entrées plus anciennes' })).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});

// What a GM tracks every round (docs/decisions/061-what-a-gm-tracks-every-round.md): temp HP soaking a
// blow, a target's share of the roll, a temp HP change and a death save, as the panel shows them.
describe('the log of round tracking', () => {
  const borin = { id: 'a1', name: 'Borin', group: 'allies' as const };
  const turnOf = { id: 'e1', name: 'Goblin', group: 'enemies' as const };
  const at = '2026-11-24T10:00:00.000Z';
  const base = { round: 2, turnOf, undone: false, at, ...BLANK_LOG_DETAILS, target: borin };
  const entries: CombatLogEntry[] = [
    {
      ...base,
      id: 'log1',
      step: 1,
      type: 'attack',
      amount: 7,
      hpBefore: 30,
      hpAfter: 30,
      tempBefore: 8,
      tempAfter: 1,
    },
    {
      ...base,
      id: 'log2',
      step: 2,
      type: 'attack',
      amount: 28,
      rolled: 14,
      modifier: 'double',
      hpBefore: 30,
      hpAfter: 2,
    },
    { ...base, id: 'log3', step: 3, type: 'setTempHp', tempBefore: 0, tempAfter: 8 },
    {
      ...base,
      id: 'log4',
      step: 4,
      type: 'deathSave',
      deathSave: { result: 'failure', successes: 1, failures: 3 },
      statusBefore: 'Down',
      statusAfter: 'Dead',
    },
  ];
  const render = () => {
    const { campaign, server } = longFight(0);
    renderWithProviders(panel(campaign._id, { ...server.fight, log: entries, logBefore: null, logTotal: 4 }));
  };

  it('writes each entry with its figures, newest first', async () => {
    render();
    await openLog();
    expect(rows().map((row) => [...row.querySelectorAll('p')].slice(1).map((p) => p.textContent))).toEqual([
      ['Borin — death save: failure (1 ✓, 3 ✗).', 'dead · status Down → Dead'],
      ['Borin: temp HP 0 → 8.'],
      ['Borin takes 28 damage.', '×2 of 14 = 28 · HP 30 → 2'],
      ['Borin takes 7 damage.', 'HP 30 → 30, temp 8 → 1'],
    ]);
  });

  it('speaks French too', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await act(() => i18next.changeLanguage('fr'));
    try {
      render();
      const toggle = screen.getByRole('button', { name: /Journal du combat/ });
      if (toggle.getAttribute('aria-expanded') === 'false') await userEvent.click(toggle);
      const list = within(screen.getByRole('list', { name: /Journal du combat/ })).getAllByRole('listitem');
      expect(list.map((row) => row.querySelector('p:last-child')?.textContent)).toEqual([
        'mort · statut Down → Dead',
        'Borin : PV temporaires 0 → 8.',
        '×2 de 14 = 28 · PV 30 → 2',
        'PV 30 → 30, temp. 8 → 1',
      ]);
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CombatCondition, CombatState } from '../schemas/combat';
import {
  DEFAULT_PLAYER_VIEW_SETTINGS,
  playerViewPayload,
  type PlayerViewSettings,
} from '../schemas/player-view';
import type { FightUnit } from './action-types';
import { applyCombatAction } from './actions';
import {
  hpBand,
  toPlayerView,
  unitsWhoseTurnCame,
  visibleUnitIds,
  type PlayerViewInput,
  type PlayerViewLogEntry,
} from './player-view';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const state: CombatState = {
  phase: 'fight',
  allies: [A],
  enemies: [B, C],
  order: [
    { unitId: A, initiative: 18 },
    { unitId: C, initiative: 12 },
    { unitId: B, initiative: 5 },
  ],
  turnIndex: 0,
  round: 2,
  amount: 0,
  targetId: null,
  tempHp: {},
  deathSaves: {},
  counters: {},
  hazards: [],
  rerollEachRound: false,
  typed: [],
  grouping: 'none',
};

const unit = (id: string, name: string, hp: number, currentHp: number) => ({
  _id: id,
  name,
  class: 'Warrior',
  hp,
  currentHp,
  isPlayer: false,
});

const ref = (id: string, name: string, group: 'allies' | 'enemies') => ({ id, name, group });
const line = (over: Partial<PlayerViewLogEntry>): PlayerViewLogEntry => ({
  type: 'attack',
  round: 1,
  turnOf: null,
  actor: null,
  target: null,
  amount: null,
  condition: null,
  wrapped: false,
  defeated: null,
  undone: false,
  ...over,
});

function input(settings: PlayerViewSettings, over: Partial<PlayerViewInput> = {}): PlayerViewInput {
  return {
    state,
    conditions: {},
    units: new Map([
      [A, unit(A, 'Aria', 40, 40)],
      [B, unit(B, 'Bandit', 20, 5)],
      [C, unit(C, 'Cultist', 30, 30)],
    ]),
    classes: [{ name: 'Warrior', color: '#aa0000' }],
    statuses: [],
    settings,
    log: [],
    opaqueId: (id) => `op-${id.slice(-1)}`,
    ...over,
    // The server reads this set from the whole log; here the test's log is the whole log.
    turnsCame: over.turnsCame ?? unitsWhoseTurnCame(over.log ?? []),
  };
}

describe('player view', () => {
  it('bands carry no number: healthy > 70 %, wounded > 30 %, bloodied > 0, down at 0', () => {
    expect([hpBand(71, 100), hpBand(70, 100), hpBand(31, 100), hpBand(30, 100), hpBand(1, 100)]).toEqual([
      'healthy',
      'wounded',
      'wounded',
      'bloodied',
      'bloodied',
    ]);
    expect(hpBand(0, 100)).toBe('down');
  });

  it('shows allies exact and enemies as bands by default, with opaque ids', () => {
    const view = toPlayerView(input(DEFAULT_PLAYER_VIEW_SETTINGS));
    expect(view.units).toEqual([
      {
        id: 'op-a',
        name: 'Aria',
        group: 'allies',
        color: '#aa0000',
        hp: { shown: 'exact', current: 40, max: 40, band: null },
        conditions: [],
      },
      {
        id: 'op-b',
        name: 'Bandit',
        group: 'enemies',
        color: '#aa0000',
        hp: { shown: 'band', current: null, max: null, band: 'bloodied' },
        conditions: [],
      },
      {
        id: 'op-c',
        name: 'Cultist',
        group: 'enemies',
        color: '#aa0000',
        hp: { shown: 'band', current: null, max: null, band: 'healthy' },
        conditions: [],
      },
    ]);
    expect(view.turn).toEqual({ unitId: 'op-a' });
    expect(view.order).toEqual(['op-a', 'op-c', 'op-b']);
  });

  it('leaves a hidden unit out everywhere, and says only that an unseen one has the turn', () => {
    const settings: PlayerViewSettings = {
      hp: { allies: 'exact', enemies: 'hidden' },
      units: { [C]: { hidden: true, alias: 'x' } },
    };
    const log = [
      line({
        type: 'attack',
        actor: ref(C, 'Cultist', 'enemies'),
        target: ref(A, 'Aria', 'allies'),
        amount: 4,
      }),
      line({ type: 'nextTurn', turnOf: ref(C, 'Cultist', 'enemies') }),
    ];
    const view = toPlayerView(input(settings, { log, state: { ...state, turnIndex: 1 } }));
    const text = JSON.stringify(view);
    expect(text).not.toContain('Cultist');
    expect(text).not.toContain('op-c');
    expect(view.order).toEqual(['op-a', 'op-b']);
    expect(view.turn).toEqual({ unitId: null });
    expect(view.log).toEqual([expect.objectContaining({ type: 'nextTurn', actor: null })]);
    expect(view.units.find((u) => u.id === 'op-b')?.hp).toEqual({
      shown: 'hidden',
      current: null,
      max: null,
      band: null,
    });
  });

  it('reveals a unit on its first turn when told, under its alias', () => {
    const settings: PlayerViewSettings = {
      ...DEFAULT_PLAYER_VIEW_SETTINGS,
      units: { [C]: { hidden: true, revealOnFirstTurn: true, alias: 'Hooded figure' } },
    };
    expect(toPlayerView(input(settings)).units.map((u) => u.name)).toEqual(['Aria', 'Bandit']);
    const view = toPlayerView(input(settings, { state: { ...state, turnIndex: 1 } }));
    expect(view.units.map((u) => u.name)).toEqual(['Aria', 'Bandit', 'Hooded figure']);
    expect(JSON.stringify(view)).not.toContain('Cultist');
  });

  it('gives amounts only where the target side shows exact HP', () => {
    const log = [
      line({
        type: 'attack',
        actor: ref(A, 'Aria', 'allies'),
        target: ref(B, 'Bandit', 'enemies'),
        amount: 15,
      }),
      line({ type: 'heal', actor: ref(B, 'Bandit', 'enemies'), target: ref(A, 'Aria', 'allies'), amount: 3 }),
    ];
    const view = toPlayerView(input(DEFAULT_PLAYER_VIEW_SETTINGS, { log }));
    expect(view.log.map((l) => l.amount)).toEqual([null, 3]);
  });

  it('hides the class colour of a unit shown under an alias', () => {
    const settings: PlayerViewSettings = {
      ...DEFAULT_PLAYER_VIEW_SETTINGS,
      units: { [B]: { alias: 'Hooded figure' }, [C]: { alias: '   ' } },
    };
    const view = toPlayerView(input(settings));
    expect(view.units.map((u) => [u.name, u.color])).toEqual([
      ['Aria', '#aa0000'],
      ['Hooded figure', null],
      ['Cultist', '#aa0000'],
    ]);
    expect(JSON.stringify(view)).not.toMatch(/Warrior|Bandit/);
  });

  it('reveals on first turn from the set of turns that came, not from the lines it reads', () => {
    const settings: PlayerViewSettings = {
      ...DEFAULT_PLAYER_VIEW_SETTINGS,
      units: { [C]: { hidden: true, revealOnFirstTurn: true } },
    };
    // The log window no longer holds C's turn (it is older than the window): the set still does.
    const view = toPlayerView(input(settings, { log: [], turnsCame: new Set([C]) }));
    expect(view.units.map((u) => u.name)).toEqual(['Aria', 'Bandit', 'Cultist']);
  });

  it('gives no line for a turn passing from one unseen unit to another, and a seen turn after a new round is marked', () => {
    const settings: PlayerViewSettings = {
      ...DEFAULT_PLAYER_VIEW_SETTINGS,
      units: { [B]: { hidden: true }, [C]: { hidden: true } },
    };
    const log = [
      line({ type: 'nextTurn', round: 2, turnOf: ref(A, 'Aria', 'allies') }),
      line({ type: 'nextTurn', round: 2, turnOf: ref(C, 'Cultist', 'enemies') }),
      line({ type: 'nextTurn', round: 3, turnOf: ref(B, 'Bandit', 'enemies'), wrapped: true }),
    ];
    const during = toPlayerView(input(settings, { log, state: { ...state, turnIndex: 2, round: 3 } }));
    expect(during.log.map((l) => [l.round, l.actor?.name ?? null])).toEqual([
      [2, 'Aria'],
      [2, null],
    ]);
    expect(during.round).toBe(2);
    const back = [...log, line({ type: 'nextTurn', round: 3, turnOf: ref(A, 'Aria', 'allies') })];
    const after = toPlayerView(input(settings, { log: back, state: { ...state, turnIndex: 0, round: 3 } }));
    expect(after.round).toBe(3);
    expect(after.log.at(-1)).toMatchObject({ round: 3, wrapped: true, actor: { name: 'Aria' } });
  });

  it('hides a condition counted on the turns of a unit players do not see', () => {
    const settings: PlayerViewSettings = {
      ...DEFAULT_PLAYER_VIEW_SETTINGS,
      units: { [C]: { hidden: true } },
    };
    const condition = (id: string, ofUnitId: string): CombatCondition => ({
      id,
      statusId: 's',
      status: `Stunned by ${ofUnitId.slice(-1)}`,
      rounds: 2,
      endsOn: 'end',
      ofUnitId,
      elapsed: 0,
    });
    const view = toPlayerView(
      input(settings, {
        conditions: { [A]: [condition('1', C), condition('2', B)] },
        log: [
          line({
            type: 'addCondition',
            target: ref(A, 'Aria', 'allies'),
            condition: {
              id: '1',
              status: 'Stunned by c',
              rounds: 2,
              endsOn: 'end',
              ofUnit: ref(C, 'Cultist', 'enemies'),
            },
          }),
        ],
      }),
    );
    expect(view.units[0]?.conditions).toEqual([{ name: 'Stunned by b', roundsLeft: 2 }]);
    expect(view.log).toEqual([]);
  });
});

// ---- Generated: two unseen units acting in a row tell players nothing ----

const IDS = [1, 2, 3, 4, 5, 6].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const NAMES = ['Aria', 'Bram', 'Cora', 'Dusk', 'Eld', 'Fenn'];

const refOf = (index: number) => ({ id: IDS[index]!, name: NAMES[index]!, group: null });

const arbitraryEntry = (n: number) =>
  fc.record({
    type: fc.constantFrom(
      'start',
      'nextTurn',
      'attack',
      'heal',
      'addCondition',
      'conditionExpired',
      'setStatus',
    ),
    round: fc.integer({ min: 1, max: 6 }),
    turnOf: fc.option(fc.nat(n - 1).map(refOf), { nil: null }),
    actor: fc.option(fc.nat(n - 1).map(refOf), { nil: null }),
    target: fc.option(fc.nat(n - 1).map(refOf), { nil: null }),
    amount: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    condition: fc.option(
      fc.record({
        id: fc.constant('k'),
        status: fc.constantFrom('Stunned', 'Poisoned'),
        rounds: fc.constant(2),
        endsOn: fc.constantFrom('start' as const, 'end' as const),
        ofUnit: fc.nat(n - 1).map(refOf),
      }),
      { nil: null },
    ),
    wrapped: fc.boolean(),
    defeated: fc.constant(null),
    undone: fc.boolean(),
  }) as fc.Arbitrary<PlayerViewLogEntry>;

const arbitraryFight = fc.integer({ min: 2, max: 6 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
    allies: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    turnIndex: fc.nat(n - 1),
    round: fc.integer({ min: 1, max: 5 }),
    hp: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: n, maxLength: n }),
    // Player characters at 0 HP are Down and keep their turn (decision 061).
    players: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    units: fc.array(
      fc.record({
        hidden: fc.boolean(),
        revealOnFirstTurn: fc.boolean(),
        alias: fc.option(fc.constantFrom('Shadow', 'Mask'), { nil: undefined }),
      }),
      { minLength: n, maxLength: n },
    ),
    hpShown: fc.record({
      allies: fc.constantFrom('exact' as const, 'bands' as const, 'hidden' as const),
      enemies: fc.constantFrom('exact' as const, 'bands' as const, 'hidden' as const),
    }),
    conditions: fc.array(
      fc.record({
        on: fc.nat(n - 1),
        of: fc.nat(n - 1),
        endsOn: fc.constantFrom('start' as const, 'end' as const),
        rounds: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      }),
      { maxLength: 6 },
    ),
    log: fc.array(arbitraryEntry(n), { maxLength: 30 }),
  }),
);

describe('player view: unseen turns', () => {
  it('the turn passing from one unseen unit to the next unseen one changes nothing players get', () => {
    fc.assert(
      fc.property(arbitraryFight, (f) => {
        const ids = IDS.slice(0, f.n);
        const state: CombatState = {
          phase: 'fight',
          allies: ids.filter((_, i) => f.allies[i]),
          enemies: ids.filter((_, i) => !f.allies[i]),
          order: f.order.map((i, rank) => ({ unitId: ids[i]!, initiative: 20 - rank })),
          turnIndex: f.turnIndex,
          round: f.round,
          amount: 0,
          targetId: null,
          tempHp: {},
          deathSaves: {},
          counters: {},
          hazards: [],
          rerollEachRound: false,
          typed: [],
          grouping: 'none',
        };
        const fightUnits = new Map<string, FightUnit>(
          ids.map((id, i) => [
            id,
            {
              _id: id,
              name: NAMES[i]!,
              hp: 20,
              currentHp: f.hp[i]!,
              status: 'Normal',
              characteristics: {},
              isPlayer: f.players[i]!,
            },
          ]),
        );
        const conditions: Record<string, CombatCondition[]> = {};
        f.conditions.forEach((c, k) => {
          (conditions[ids[c.on]!] ??= []).push({
            id: `c${k}`,
            statusId: 's',
            status: `S${k}`,
            rounds: c.rounds,
            endsOn: c.endsOn,
            ofUnitId: ids[c.of]!,
            elapsed: 0,
          });
        });
        const settings: PlayerViewSettings = {
          hp: f.hpShown,
          units: Object.fromEntries(ids.map((id, i) => [id, f.units[i]!])),
        };
        const current = state.order[state.turnIndex]!.unitId!;
        // The log as a fight leaves it: whatever came before, then the turn passing to `current`.
        const log: PlayerViewLogEntry[] = [
          ...f.log,
          { ...line({ type: 'nextTurn', round: state.round }), turnOf: refOf(ids.indexOf(current)) },
        ];
        const view = (s: CombatState, c: typeof conditions, l: PlayerViewLogEntry[]) => {
          const parts: PlayerViewInput = {
            state: s,
            conditions: c,
            units: new Map(
              ids.map((id, i) => [
                id,
                {
                  _id: id,
                  name: NAMES[i]!,
                  class: 'Warrior',
                  hp: 20,
                  currentHp: f.hp[i]!,
                  isPlayer: f.players[i]!,
                },
              ]),
            ),
            classes: [{ name: 'Warrior', color: '#aa0000' }],
            statuses: [],
            settings,
            log: l,
            turnsCame: unitsWhoseTurnCame(l),
            opaqueId: (id) => `op-${id.slice(-1)}`,
          };
          return { parts, payload: toPlayerView(parts) };
        };
        const before = view(state, conditions, log);
        fc.pre(!visibleUnitIds(before.parts).has(current));

        const outcome = applyCombatAction(
          { state, conditions },
          { type: 'nextTurn' },
          {
            units: fightUnits,
            statuses: [],
            initiativeRule: 'random_d20',
            initiativeCharacteristic: '',
            initiativeModifier: 'value',
            random: () => 0.5,
            rollDie: () => 1,
            newId: () => 'id',
          },
        );
        const next = outcome.fight.state.order[outcome.fight.state.turnIndex]!.unitId!;
        const nextLog = [...log, ...outcome.entries.map((entry) => ({ ...entry, undone: false }))];
        const after = view(outcome.fight.state, outcome.fight.conditions, nextLog);
        fc.pre(!visibleUnitIds(after.parts).has(next));

        expect(JSON.stringify(after.payload)).toBe(JSON.stringify(before.payload));
      }),
      { numRuns: 400 },
    );
    // 400 generated fights: a few seconds alone, more on a busy two-core machine.
  }, 30_000);
});

// ---- What a game master tracks every round (decision 061): death saves and temporary HP ----

describe('player view: death saves and temporary HP', () => {
  const tracked: CombatState = {
    ...state,
    tempHp: { [A]: 6, [B]: 5, [C]: 4 },
    deathSaves: { [A]: { successes: 1, failures: 2 } },
  };
  const units = (aria: { isPlayer: boolean; currentHp: number }) =>
    new Map([
      [A, { ...unit(A, 'Aria', 40, aria.currentHp), isPlayer: aria.isPlayer }],
      [B, unit(B, 'Bandit', 20, 5)],
      [C, unit(C, 'Cultist', 30, 0)],
    ]);
  const saveLine = line({
    type: 'deathSave',
    target: ref(A, 'Aria', 'allies'),
    deathSave: { result: 'failure', successes: 1, failures: 2 },
  });
  const tempLine = line({
    type: 'setTempHp',
    target: ref(B, 'Bandit', 'enemies'),
    tempBefore: 0,
    tempAfter: 5,
  } as Partial<PlayerViewLogEntry>);
  const view = (hp: PlayerViewSettings['hp'], aria = { isPlayer: true, currentHp: 0 }) =>
    toPlayerView(input({ hp, units: {} }, { state: tracked, units: units(aria), log: [saveLine, tempLine] }));
  const byName = (payload: ReturnType<typeof toPlayerView>, name: string) =>
    payload.units.find((u) => u.name === name)!;

  it("shows a Down player character's tally with exact or banded HP, its temporary HP with exact only", () => {
    const exact = view({ allies: 'exact', enemies: 'bands' });
    expect(byName(exact, 'Aria')).toMatchObject({ deathSaves: { successes: 1, failures: 2 }, tempHp: 6 });
    // Enemies as bands: no temporary HP; Cultist at 0 HP is no player character: no tally.
    expect(Object.keys(byName(exact, 'Bandit'))).not.toContain('tempHp');
    expect(Object.keys(byName(exact, 'Cultist'))).not.toContain('deathSaves');
    const bands = view({ allies: 'bands', enemies: 'exact' });
    expect(byName(bands, 'Aria').deathSaves).toEqual({ successes: 1, failures: 2 });
    expect(Object.keys(byName(bands, 'Aria'))).not.toContain('tempHp');
    expect(byName(bands, 'Bandit').tempHp).toBe(5);
    expect(playerViewPayload.parse(bands)).toEqual(bands);
  });

  it('sends no tally and no line of it when the side hides HP, nor for a unit that is not Down', () => {
    const hidden = view({ allies: 'hidden', enemies: 'hidden' });
    expect(JSON.stringify(hidden)).not.toMatch(/deathSave|tempHp/);
    expect(hidden.log).toEqual([]);
    const standing = view({ allies: 'exact', enemies: 'exact' }, { isPlayer: true, currentHp: 12 });
    expect(Object.keys(byName(standing, 'Aria'))).not.toContain('deathSaves');
  });

  it('writes a death save line where the side shows HP, and never a line for temporary HP set', () => {
    for (const allies of ['exact', 'bands'] as const) {
      expect(view({ allies, enemies: 'exact' }).log).toEqual([
        expect.objectContaining({
          type: 'deathSave',
          target: { id: 'op-a', name: 'Aria' },
          deathSave: { result: 'failure', successes: 1, failures: 2 },
          amount: null,
        }),
      ]);
    }
  });

  it('lets out exactly what the settings allow, whatever the fight (generated)', () => {
    const mode = fc.constantFrom('exact' as const, 'bands' as const, 'hidden' as const);
    fc.assert(
      fc.property(
        fc.record({ allies: mode, enemies: mode }),
        fc.array(
          fc.record({
            isPlayer: fc.boolean(),
            currentHp: fc.integer({ min: 0, max: 3 }),
            temp: fc.integer({ min: 0, max: 9 }),
            saves: fc.option(fc.record({ successes: fc.nat(3), failures: fc.nat(3) }), { nil: undefined }),
            hidden: fc.boolean(),
          }),
          { minLength: 3, maxLength: 3 },
        ),
        (hp, specs) => {
          const ids = [A, B, C];
          const s: CombatState = {
            ...state,
            tempHp: Object.fromEntries(
              ids.flatMap((id, i) => (specs[i]!.temp > 0 ? [[id, specs[i]!.temp]] : [])),
            ),
            deathSaves: Object.fromEntries(
              ids.flatMap((id, i) => (specs[i]!.saves ? [[id, specs[i]!.saves]] : [])),
            ),
          };
          const fightUnits = new Map(
            ids.map((id, i) => [
              id,
              { ...unit(id, `U${i}`, 3, specs[i]!.currentHp), isPlayer: specs[i]!.isPlayer },
            ]),
          );
          const log = ids.map((id, i) =>
            line({
              type: 'deathSave',
              target: ref(id, `U${i}`, i === 0 ? 'allies' : 'enemies'),
              deathSave: { result: 'success', successes: 1, failures: 0 },
            }),
          );
          const settings: PlayerViewSettings = {
            hp,
            units: Object.fromEntries(
              ids.flatMap((id, i) => (specs[i]!.hidden ? [[id, { hidden: true }]] : [])),
            ),
          };
          const payload = toPlayerView(input(settings, { state: s, units: fightUnits, log }));
          ids.forEach((id, i) => {
            const spec = specs[i]!;
            const side = i === 0 ? hp.allies : hp.enemies;
            const shown = payload.units.find((u) => u.id === `op-${id.slice(-1)}`);
            if (spec.hidden) {
              expect(shown).toBeUndefined();
              return;
            }
            const down = spec.isPlayer && spec.currentHp === 0;
            expect('deathSaves' in shown!).toBe(down && side !== 'hidden');
            expect('tempHp' in shown!).toBe(spec.temp > 0 && side === 'exact');
            const lines = payload.log.filter((l) => l.target?.id === `op-${id.slice(-1)}`);
            expect(lines).toHaveLength(side === 'hidden' ? 0 : 1);
          });
          expect(payload.log.every((l) => l.type !== 'deathSave' || l.deathSave !== undefined)).toBe(true);
          for (const l of payload.log) expect('deathSave' in l).toBe(l.type === 'deathSave');
        },
      ),
    );
  });
});

// Test data for component tests (after bulletproof-react's data generators): a complete, valid
// object with plain defaults; a test overrides only the fields its assertions are about.
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';

const CREATED = '2025-01-01T00:00:00.000Z';

let unitCount = 0;

/** A campaign with one entry in each list (and Strength out of 100), on the random d20 rule. */
export function createCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    _id: 'c1',
    userId: 'u1',
    name: 'Realm of Ash',
    rules: '',
    characteristics: [{ name: 'Strength', max: 100, pinned: false }],
    races: [{ _id: 'r1', name: 'Human', note: '' }],
    classes: [{ _id: 'k1', name: 'Mage', color: '#1d4ed8', note: '' }],
    statuses: [{ _id: 's1', name: 'Normal', note: '' }],
    initiativeRule: 'random_d20',
    initiativeCaracName: '',
    initiativeModifier: 'value',
    createdAt: CREATED,
    updatedAt: CREATED,
    version: '1',
    ...overrides,
  };
}

/** A healthy non-player Human Mage of campaign c1, with a fresh id (u1, u2…) unless given one. */
export function createUnit(overrides: Partial<Unit> = {}): Unit {
  unitCount += 1;
  return {
    _id: `u${unitCount}`,
    userId: 'u1',
    gameDataId: 'c1',
    name: `Unit ${unitCount}`,
    gender: 'Female',
    isPlayer: false,
    race: 'Human',
    class: 'Mage',
    status: 'Normal',
    characteristics: {},
    hp: 100,
    currentHp: 100,
    money: { gold: 0, silver: 0, bronze: 0 },
    notes: '',
    counters: [],
    createdAt: CREATED,
    updatedAt: CREATED,
    version: '1',
    ...overrides,
  };
}

/** `count` list entries named `${prefix} 1`, `${prefix} 2`… (races, classes, statuses). */
export function createListEntries(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    _id: `${prefix}${i}`,
    name: `${prefix} ${i + 1}`,
    note: '',
  }));
}

import { describe, expect, it } from 'vitest';
import { CAMPAIGN_DATA_FIELDS, updateCampaignBody, type ClassDef, type Race } from '../schemas/campaigns';
import { checkCampaignChange, toCampaignDataChange, withItemIds } from './tier-rules';
import { defaultCampaignData, type CampaignData } from './default-campaign';

let counter = 0;
const newId = () => `id-${++counter}`;
const base = (): CampaignData => defaultCampaignData('en', newId);
const races = (count: number, note = ''): Race[] =>
  Array.from({ length: count }, (_, i) => ({ _id: `race-${i}`, name: `Race ${i}`, note }));
const classes = (count: number): ClassDef[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: `class-${i}`,
    name: `Class ${i}`,
    color: '#777777',
    note: '',
  }));
const statuses = races;
const characteristics = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `C${i}`, max: 100 as const }));

describe('withItemIds', () => {
  it('keeps given ids and replaces missing or repeated ones', () => {
    const items = withItemIds([{ _id: 'a' }, {}, { _id: 'a' }, { _id: 'b' }], () => 'fresh');
    expect(items.map((i) => i._id)).toEqual(['a', 'fresh', 'fresh', 'b']);
  });

  it('gives distinct fresh ids', () => {
    const items = withItemIds([{}, {}], newId);
    expect(items[0]?._id).not.toBe(items[1]?._id);
  });
});

describe('toCampaignDataChange', () => {
  it('carries every CAMPAIGN_DATA_FIELDS field of a whole campaign (what copy relies on)', () => {
    expect(Object.keys(toCampaignDataChange(base(), newId)).sort()).toEqual([...CAMPAIGN_DATA_FIELDS].sort());
  });

  it('keeps only the given fields, drops the name and fills class defaults', () => {
    const body = updateCampaignBody.parse({
      name: 'x',
      classes: [{ name: 'Bard' }],
      initiativeRule: 'random_d100',
    });
    const change = toCampaignDataChange(body, () => 'new-id');
    expect(change).toEqual({
      classes: [{ _id: 'new-id', name: 'Bard', color: '#777777', note: '' }],
      initiativeRule: 'random_d100',
    });
  });
});

describe('lists for Novice', () => {
  it('accepts the same lists sent back', () => {
    const current = base();
    const next = structuredClone(current);
    expect(checkCampaignChange('Novice', current, next)).toBeNull();
  });

  it.each([
    ['adding a race', (d: CampaignData) => d.races.push({ _id: 'new', name: 'Gnome', note: '' })],
    ['removing a status', (d: CampaignData) => d.statuses.pop()],
    ['renaming a class', (d: CampaignData) => (d.classes[0]!.name = 'Knight')],
    ['recolouring a class', (d: CampaignData) => (d.classes[0]!.color = '#000000')],
    ['reordering races', (d: CampaignData) => d.races.reverse()],
    ['changing a characteristic max', (d: CampaignData) => (d.characteristics[0]!.max = 20)],
    ['renaming a characteristic', (d: CampaignData) => (d.characteristics[0]!.name = 'Might')],
  ])('refuses %s with LISTS_LOCKED', (_case, edit) => {
    const current = base();
    const next = structuredClone(current);
    edit(next);
    expect(checkCampaignChange('Novice', current, next)).toEqual({ code: 'LISTS_LOCKED', params: {} });
    expect(checkCampaignChange('Adventurer', current, next)).toBeNull();
  });

  it('accepts the same names under other ids (a copy between two default campaigns)', () => {
    expect(checkCampaignChange('Novice', base(), base())).toBeNull();
    expect(checkCampaignChange('Novice', base(), defaultCampaignData('fr', newId))?.code).toBe(
      'LISTS_LOCKED',
    );
  });

  it('lets Novice edit notes within the Novice note limits', () => {
    const current = base();
    const next = { races: current.races.map((r, i) => (i === 0 ? { ...r, note: 'x'.repeat(10_000) } : r)) };
    expect(checkCampaignChange('Novice', current, next)).toBeNull();
    next.races[0]!.note = 'x'.repeat(10_001);
    expect(checkCampaignChange('Novice', current, next)).toEqual({
      code: 'NOTE_TOO_LONG',
      params: { limit: 10_000, tier: 'Novice' },
      field: { name: 'races.0.note', key: 'errors.NOTE_TOO_LONG' },
    });
  });
});

describe('list counts', () => {
  it.each([
    ['races', 'Adventurer', 20, 'RACE_LIMIT_REACHED', races],
    ['races', 'Hero', 100, 'RACE_LIMIT_REACHED', races],
    ['classes', 'Adventurer', 15, 'CLASS_LIMIT_REACHED', classes],
    ['classes', 'Hero', 100, 'CLASS_LIMIT_REACHED', classes],
    ['statuses', 'Adventurer', 30, 'STATUS_LIMIT_REACHED', statuses],
    ['statuses', 'Hero', 100, 'STATUS_LIMIT_REACHED', statuses],
    ['characteristics', 'Adventurer', 10, 'CHARACTERISTIC_LIMIT_REACHED', characteristics],
    ['characteristics', 'Hero', 50, 'CHARACTERISTIC_LIMIT_REACHED', characteristics],
  ] as const)('%s for %s: %i allowed, one more refused', (field, tier, limit, code, make) => {
    const current = base();
    expect(checkCampaignChange(tier, current, { [field]: make(limit) })).toBeNull();
    expect(checkCampaignChange(tier, current, { [field]: make(limit + 1) })).toEqual({
      code,
      params: { tier },
    });
  });

  it('after a downgrade keeps an oversized list editable but never growing', () => {
    const current = { ...base(), races: races(30) };
    const renamed = races(30).map((r, i) => (i === 3 ? { ...r, name: 'Renamed' } : r));
    expect(checkCampaignChange('Adventurer', current, { races: renamed })).toBeNull();
    expect(checkCampaignChange('Adventurer', current, { races: races(29) })).toBeNull();
    expect(checkCampaignChange('Adventurer', current, { races: races(31) })?.code).toBe('RACE_LIMIT_REACHED');
  });
});

describe('notes', () => {
  it.each([
    ['races', 'Adventurer', 20_000, races],
    ['statuses', 'Novice', 1_000, statuses],
    ['statuses', 'Hero', 2_000, statuses],
  ] as const)('%s for %s: %i characters allowed, one more refused', (field, tier, limit, make) => {
    const current = { ...base(), [field]: make(2) };
    const at = make(2).map((item, i) => (i === 1 ? { ...item, note: 'n'.repeat(limit) } : item));
    expect(checkCampaignChange(tier, current, { [field]: at })).toBeNull();
    const over = make(2).map((item, i) => (i === 1 ? { ...item, note: 'n'.repeat(limit + 1) } : item));
    expect(checkCampaignChange(tier, current, { [field]: over })).toMatchObject({
      code: 'NOTE_TOO_LONG',
      params: { limit, tier },
      field: { name: `${field}.1.note` },
    });
  });

  it('checks class notes against the class limit', () => {
    const current = { ...base(), classes: classes(1) };
    const next = [{ ...classes(1)[0]!, note: 'n'.repeat(20_001) }];
    expect(checkCampaignChange('Hero', current, { classes: next })?.field?.name).toBe('classes.0.note');
  });

  it('keeps a note written before a downgrade editable while it does not grow', () => {
    const current = { ...base(), statuses: statuses(1, 'n'.repeat(1_500)) };
    expect(checkCampaignChange('Novice', current, { statuses: statuses(1, 'm'.repeat(1_500)) })).toBeNull();
    expect(checkCampaignChange('Novice', current, { statuses: statuses(1, 'm'.repeat(1_501)) })?.code).toBe(
      'NOTE_TOO_LONG',
    );
  });

  it('gives a new item no allowance from another item', () => {
    const current = { ...base(), races: races(1, 'n'.repeat(25_000)) };
    const next = [...races(1, 'n'.repeat(25_000)), { _id: 'new', name: 'New', note: 'n'.repeat(20_001) }];
    expect(checkCampaignChange('Hero', current, { races: next })?.field?.name).toBe('races.1.note');
  });
});

describe('rules text', () => {
  it.each([
    ['Novice', 50_000],
    ['Adventurer', 200_000],
    ['Hero', 600_000],
  ] as const)('%s: %i characters allowed, one more refused', (tier, limit) => {
    const current = base();
    expect(checkCampaignChange(tier, current, { rules: '漢'.repeat(limit) })).toBeNull();
    expect(checkCampaignChange(tier, current, { rules: 'a'.repeat(limit + 1) })).toEqual({
      code: 'RULES_TOO_LONG',
      params: { limit, tier },
      field: { name: 'rules', key: 'errors.RULES_TOO_LONG' },
    });
  });

  it('refuses any change to rules over the limit, even a shorter one', () => {
    const current = { ...base(), rules: 'r'.repeat(60_000) };
    expect(checkCampaignChange('Novice', current, { rules: 'r'.repeat(55_000) })?.code).toBe(
      'RULES_TOO_LONG',
    );
    expect(checkCampaignChange('Novice', current, { rules: current.rules })).toBeNull();
    expect(checkCampaignChange('Novice', current, { rules: 'r'.repeat(50_000) })).toBeNull();
  });
});

describe('initiative', () => {
  it.each(['caracteristic', 'd20_plus_carac', 'd100_plus_carac'] as const)(
    'refuses %s for Novice only',
    (rule) => {
      const current = base();
      expect(checkCampaignChange('Novice', current, { initiativeRule: rule })).toEqual({
        code: 'INITIATIVE_RULE_LOCKED',
        params: {},
      });
      expect(checkCampaignChange('Adventurer', current, { initiativeRule: rule })).toBeNull();
      expect(checkCampaignChange('Hero', current, { initiativeRule: rule })).toBeNull();
    },
  );

  it('lets Novice keep a characteristic rule set before a downgrade, and pick a random one', () => {
    const current = { ...base(), initiativeRule: 'd20_plus_carac' as const };
    expect(checkCampaignChange('Novice', current, { initiativeRule: 'd20_plus_carac' })).toBeNull();
    expect(checkCampaignChange('Novice', current, { initiativeRule: 'random_d100' })).toBeNull();
    expect(checkCampaignChange('Novice', current, { initiativeRule: 'caracteristic' })?.code).toBe(
      'INITIATIVE_RULE_LOCKED',
    );
  });

  it('needs initiativeCaracName to name a characteristic of the result', () => {
    const current = base();
    expect(checkCampaignChange('Hero', current, { initiativeCaracName: 'Dexterity' })).toBeNull();
    expect(checkCampaignChange('Hero', current, { initiativeCaracName: '' })).toBeNull();
    expect(checkCampaignChange('Hero', current, { initiativeCaracName: 'Speed' })).toEqual({
      code: 'VALIDATION_FAILED',
      params: {},
      field: { name: 'initiativeCaracName', key: 'validation.unknownCharacteristic' },
    });
    const withSpeed = {
      characteristics: [{ name: 'Speed', max: 20 as const, pinned: false }],
      initiativeCaracName: 'Speed',
    };
    expect(checkCampaignChange('Hero', current, withSpeed)).toBeNull();
  });
});

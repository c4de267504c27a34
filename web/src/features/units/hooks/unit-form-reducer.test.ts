// The unit form's transitions without React: typing touches a field and drops its server message,
// an invalid save shows every error and asks for focus, a refusal and a conflict are kept until the
// next save, and taking the saved unit starts the form over from it.
import { describe, expect, it } from 'vitest';
import { createCampaign, createUnit } from '@/test/factories';
import { initialUnitFormState, unitFormReducer, type UnitFormState } from './unit-form-reducer';

const campaign = createCampaign({
  characteristics: [
    { name: 'Strength', max: 100, pinned: false },
    { name: 'Luck', max: 20, pinned: false },
  ],
  statuses: [{ _id: 's1', name: 'Normal', note: '' }],
});
const aria = createUnit({ _id: 'u1', name: 'Aria', characteristics: { Strength: 70, Luck: 12 } });
const failure = { message: 'Refused', code: 'VALIDATION_ERROR', other: [] };

function edited(): UnitFormState {
  return initialUnitFormState(campaign, aria);
}

describe('unitFormReducer', () => {
  it('opens in create mode with the defaults and nothing shown', () => {
    const state = initialUnitFormState(campaign, null, true);
    expect(state.unit).toBeNull();
    expect(state.values).toBe(state.initial);
    expect(state.values.isPlayer).toBe(true);
    expect(state.values.status).toBe('Normal');
    expect([state.attempted, state.touched.size, state.failure, state.conflict]).toEqual([
      false,
      0,
      null,
      null,
    ]);
  });

  it('takes a change, touches its field and forgets the server message of that field only', () => {
    const refused = unitFormReducer(edited(), {
      type: 'refused',
      fieldErrors: { name: 'Taken', hp: 'Too big' },
      failure,
    });
    const state = unitFormReducer(refused, { type: 'change', patch: { name: 'Aria II' }, field: 'name' });
    expect(state.values.name).toBe('Aria II');
    expect(state.touched.has('name')).toBe(true);
    expect(state.serverErrors).toEqual({ hp: 'Too big' });
    expect(state.failure).toBe(failure);
  });

  it('touches a field left, once', () => {
    const once = unitFormReducer(edited(), { type: 'blur', field: 'hp' });
    expect(once.touched.has('hp')).toBe(true);
    expect(unitFormReducer(once, { type: 'blur', field: 'hp' })).toBe(once);
  });

  it('shows every error and asks for focus on an invalid save; a refusal asks for focus too', () => {
    const invalid = unitFormReducer(edited(), { type: 'invalidSubmit' });
    expect(invalid.attempted).toBe(true);
    expect(invalid.focusRequest).toBe(1);
    const refused = unitFormReducer(invalid, { type: 'refused', fieldErrors: {}, failure });
    expect(refused.focusRequest).toBe(2);
    const again = unitFormReducer(refused, { type: 'submitting' });
    expect([again.failure, again.serverErrors]).toEqual([null, {}]);
  });

  it('lays generated characteristics over the form and forgets their server messages', () => {
    const refused = unitFormReducer(edited(), {
      type: 'refused',
      fieldErrors: { 'characteristics.Luck': 'Too big', name: 'Taken' },
      failure,
    });
    const state = unitFormReducer(refused, { type: 'generated', campaign, characteristics: { Luck: 7 } });
    expect(state.values.characteristics).toEqual(['70', '7']);
    expect(state.serverErrors).toEqual({ name: 'Taken' });
  });

  it('keeps a conflict until saved or kept; taking theirs starts over from the saved unit', () => {
    const theirs = { ...aria, name: 'Aria the Bold', version: 'v2' };
    const typed = unitFormReducer(edited(), { type: 'change', patch: { name: 'Arya' }, field: 'name' });
    const conflict = unitFormReducer(typed, { type: 'conflict', conflict: { theirs, fields: ['name'] } });
    expect(conflict.conflict?.fields).toEqual(['name']);
    expect(unitFormReducer(conflict, { type: 'keepMine' }).conflict).toBeNull();
    expect(unitFormReducer(conflict, { type: 'saved' }).conflict).toBeNull();

    const taken = unitFormReducer(conflict, { type: 'takeTheirs', campaign });
    expect(taken.unit).toBe(theirs);
    expect(taken.values.name).toBe('Aria the Bold');
    expect(taken.values).toBe(taken.initial);
    expect([taken.conflict, taken.touched.size, taken.attempted]).toEqual([null, 0, false]);
  });

  it('opens and closes the notes editor', () => {
    const open = unitFormReducer(edited(), { type: 'notesOpen' });
    expect(open.notesOpen).toBe(true);
    expect(unitFormReducer(open, { type: 'notesClosed' }).notesOpen).toBe(false);
  });
});

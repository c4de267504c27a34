// The campaign form's transitions without React: switching how the campaign starts clears a refusal,
// a read file names the campaign unless the user typed a name of their own, a file that cannot be used
// says why, and the form may be sent only when its mode has what it needs.
import { describe, expect, it } from 'vitest';
import {
  campaignFormReducer,
  campaignFormSubmission,
  initialCampaignFormState,
  type CampaignFormAction,
  type CampaignFormState,
} from './campaign-form-reducer';

const campaigns = [{ _id: 'c1' }, { _id: 'c2' }];
const run = (actions: CampaignFormAction[], from = initialCampaignFormState('')) =>
  actions.reduce<CampaignFormState>(campaignFormReducer, from);

describe('campaignFormReducer', () => {
  it('starts with default values, the given source and nothing to send', () => {
    const state = initialCampaignFormState('c1');
    expect([state.mode, state.source, state.name, state.busy, state.submitted]).toEqual([
      'default',
      'c1',
      '',
      false,
      false,
    ]);
    expect(campaignFormSubmission(state, campaigns).valid).toBe(false);
  });

  it('may send default values with a name, a copy with a known source', () => {
    const named = run([{ type: 'name', name: '  Tomb  ' }]);
    expect(campaignFormSubmission(named, campaigns)).toMatchObject({ trimmed: 'Tomb', valid: true });
    const copy = run([{ type: 'mode', mode: 'copy' }], named);
    expect(campaignFormSubmission(copy, campaigns).valid).toBe(false);
    const chosen = run([{ type: 'source', source: 'c2' }], copy);
    expect(campaignFormSubmission(chosen, campaigns)).toMatchObject({
      sourceCampaign: { _id: 'c2' },
      valid: true,
    });
  });

  it("words a name core's checkName refuses as the server does", () => {
    const state = run([{ type: 'name', name: 'Tomb\u0000' }]);
    expect(campaignFormSubmission(state, campaigns)).toMatchObject({
      nameProblem: { key: 'validation.unsupportedCharacter' },
      valid: false,
    });
  });

  it('clears a refusal when the mode changes', () => {
    const state = run([
      { type: 'failed', error: new Error('no') },
      { type: 'mode', mode: 'import' },
    ]);
    expect(state.error).toBeNull();
  });

  it('names the campaign after a read file, and after the next one while the name is still the file’s', () => {
    const first = run([
      { type: 'mode', mode: 'import' },
      { type: 'pickStarted', fileName: 'tomb.json' },
    ]);
    expect(first.reading).toBe(true);
    expect(campaignFormSubmission(first, campaigns).valid).toBe(false);
    const read = run([{ type: 'picked', data: { a: 1 }, suggested: 'Tomb (2)' }], first);
    expect([read.name, read.reading, read.picked?.name]).toEqual(['Tomb (2)', false, 'Tomb (2)']);
    expect(campaignFormSubmission(read, campaigns).valid).toBe(true);

    const next = run(
      [
        { type: 'pickStarted', fileName: 'keep.json' },
        { type: 'picked', data: {}, suggested: 'Keep' },
      ],
      read,
    );
    expect(next.name).toBe('Keep');
  });

  it('keeps a name the user typed when a file is read', () => {
    const state = run([
      { type: 'mode', mode: 'import' },
      { type: 'name', name: 'My own' },
      { type: 'pickStarted', fileName: 'tomb.json' },
      { type: 'picked', data: {}, suggested: 'Tomb' },
    ]);
    expect(state.name).toBe('My own');
  });

  it('says why a file cannot be used and forgets the file picked before', () => {
    const state = run([
      { type: 'mode', mode: 'import' },
      { type: 'pickStarted', fileName: 'a.json' },
      { type: 'picked', data: {}, suggested: 'A' },
      { type: 'pickStarted', fileName: 'b.txt' },
      { type: 'pickFailed', problem: 'notJson' },
    ]);
    expect(state.error).toEqual({ problem: 'notJson' });
    expect([state.picked, state.reading, state.fileName]).toEqual([null, false, 'b.txt']);
    expect(campaignFormSubmission(state, campaigns).valid).toBe(false);
  });

  it('is busy while sending and keeps the refusal when it fails', () => {
    const sending = run([{ type: 'submitted' }, { type: 'sending' }]);
    expect([sending.submitted, sending.busy]).toEqual([true, true]);
    const refused = run([{ type: 'failed', error: 'refused' }], sending);
    expect([refused.busy, refused.error]).toEqual([false, 'refused']);
  });
});

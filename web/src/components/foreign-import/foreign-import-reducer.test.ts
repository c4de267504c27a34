// The import dialog's state (decision 057): a new file starts over, a preview ticks everything, ticks
// and the bulk buttons change the choice and clear a refusal, a refused import keeps the choice.
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@/lib/foreign-import';
import { foreignImportReducer as reduce, initialForeignImportState } from './foreign-import-reducer';

const preview: ImportPreview = {
  format: 'shieldmaiden',
  name: 'Shieldmaiden',
  counts: { units: 2, races: 4, classes: 5, statuses: 6, characteristics: 6, encounters: 1, rulesChars: 0 },
  overLimits: [],
  warnings: [],
  sample: [
    { key: 'u1', kind: 'unit', name: 'Bandit' },
    { key: 'u2', kind: 'unit', name: 'Captain' },
    { key: 'e1', kind: 'encounter', name: 'Road', units: ['u1'] },
  ],
};
const file = new File(['{}'], 'a.json');

describe('foreignImportReducer', () => {
  it('reads a picked file, then ticks everything it holds', () => {
    let state = reduce(initialForeignImportState, { type: 'picked', file });
    expect(state).toMatchObject({ phase: 'previewing', file, preview: null, error: null });
    state = reduce(state, { type: 'progress', fraction: 0.5 });
    expect(state.progress).toBe(0.5);
    state = reduce(state, { type: 'previewed', preview });
    expect(state.phase).toBe('preview');
    expect(state.progress).toBeNull();
    expect([...state.chosen]).toEqual(['u1', 'u2', 'e1']);
  });

  it('starts over with another file, and keeps a file too large unsent with its problem', () => {
    const previewed = reduce(reduce(initialForeignImportState, { type: 'picked', file }), {
      type: 'previewed',
      preview,
    });
    const again = reduce({ ...previewed, filter: 'ban' }, { type: 'picked', file });
    expect(again).toMatchObject({ phase: 'previewing', preview: null, filter: '' });
    expect(again.chosen.size).toBe(0);
    const big = reduce(previewed, { type: 'tooLarge', file });
    expect(big).toMatchObject({ phase: 'pick', preview: null, error: { problem: 'tooLarge' } });
  });

  it('changes the choice one key or many at a time, clearing a refusal', () => {
    let state = reduce(reduce(initialForeignImportState, { type: 'picked', file }), {
      type: 'previewed',
      preview,
    });
    state = reduce(state, { type: 'importFailed', error: new Error('refused') });
    expect(state).toMatchObject({ phase: 'preview', errorWhile: 'import' });
    expect(state.chosen.size).toBe(3);
    state = reduce(state, { type: 'toggle', key: 'u2' });
    expect([...state.chosen]).toEqual(['u1', 'e1']);
    expect(state.error).toBeNull();
    state = reduce(state, { type: 'setMany', keys: ['u1', 'e1'], on: false });
    expect(state.chosen.size).toBe(0);
    state = reduce(state, { type: 'setMany', keys: ['u2'], on: true });
    expect([...state.chosen]).toEqual(['u2']);
  });

  it('goes back to picking when the preview is refused', () => {
    const state = reduce(reduce(initialForeignImportState, { type: 'picked', file }), {
      type: 'previewFailed',
      error: new Error('415'),
    });
    expect(state).toMatchObject({ phase: 'pick', preview: null, errorWhile: 'preview' });
  });
});

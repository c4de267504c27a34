import { describe, expect, it } from 'vitest';
import { notesPreview } from './encounter-form';

describe('notesPreview', () => {
  it('leaves secret blocks and their markers out of the card teaser', () => {
    const notes =
      'The ogres wait at the ford.\n\n:::secret\nThe ferryman is their chief.\n:::\n\nBring torches.';
    const preview = notesPreview(notes);
    expect(preview).toBe('The ogres wait at the ford. Bring torches.');
    expect(preview).not.toContain(':::');
    expect(preview).not.toContain('ferryman');
  });

  it('shows nothing when the notes are all secret, even unterminated', () => {
    expect(notesPreview(':::secret\nThe ambush is at dawn.')).toBe('');
  });

  it('keeps links as their text and cuts long notes', () => {
    expect(notesPreview('Meet [[Brenna]] at the **inn**.')).toBe('Meet Brenna at the inn.');
    expect(notesPreview('a'.repeat(200), 20)).toHaveLength(20);
  });
});

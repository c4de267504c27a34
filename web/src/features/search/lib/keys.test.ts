// The palette's keys: wrapping moves, what Enter and Shift+Enter ask, the opening shortcut.
import { describe, expect, it } from 'vitest';
import { isPaletteShortcut, moveActive, paletteKey } from './keys';

const key = (key: string, extra: Partial<Parameters<typeof paletteKey>[0]> = {}) => ({
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...extra,
});

describe('moveActive', () => {
  it('moves and wraps round', () => {
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
  });
  it('starts at an end when nothing is active, and has nothing to move among no results', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(5, 3, 1)).toBe(0);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});

describe('paletteKey', () => {
  it('reads the arrows, Enter and Shift+Enter', () => {
    expect(paletteKey(key('ArrowDown'))).toBe('next');
    expect(paletteKey(key('ArrowUp'))).toBe('previous');
    expect(paletteKey(key('Enter'))).toBe('open');
    expect(paletteKey(key('Enter', { shiftKey: true }))).toBe('add');
  });
  it('leaves the field its other keys, modified ones and an IME composition', () => {
    expect(paletteKey(key('a'))).toBeNull();
    expect(paletteKey(key('Home'))).toBeNull();
    expect(paletteKey(key('Enter', { ctrlKey: true }))).toBeNull();
    expect(paletteKey(key('ArrowDown', { altKey: true }))).toBeNull();
    expect(paletteKey(key('Enter', { isComposing: true }))).toBeNull();
  });
});

describe('isPaletteShortcut', () => {
  it('is Ctrl+K or ⌘K alone', () => {
    expect(isPaletteShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('k'))).toBe(false);
    expect(isPaletteShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});

// The writer's keyboard: Enter continues lists, Tab indents, and Escape then Tab still
// leaves the text box. Keys are real keydown events on CodeMirror's text box, so they go through its
// keymap as typing would; the browser journey (e2e/tests/editor-look.spec.ts) types for real.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TextBox } from '@/test/editor';
import { MarkdownEditor } from './markdown-editor';

beforeAll(() => import('./markdown-writer'), 30_000);
afterEach(() => {
  vi.useRealTimers();
});

const KEY_CODES = { Enter: 13, Tab: 9, Escape: 27, Backspace: 8 } as const;

/** Presses `key` in the text box; true when the editor took it (the browser's default is prevented). */
function press(box: TextBox, key: keyof typeof KEY_CODES, options: { shiftKey?: boolean } = {}): boolean {
  let taken = false;
  act(() => {
    taken = !fireEvent.keyDown(box.element, { key, code: key, keyCode: KEY_CODES[key], ...options });
  });
  return taken;
}

async function renderWriter(value: string) {
  const onChange = vi.fn();
  render(<MarkdownEditor value={value} onChange={onChange} maxLength={1000} label="Rules" />);
  const box = new TextBox(await screen.findByRole('textbox', { name: 'Rules' }));
  box.focus();
  box.setCaret(value.length);
  return { box, onChange };
}

describe('MarkdownEditor lists', () => {
  it('Enter continues a bullet, numbered and task list, and an empty item ends it', async () => {
    const { box } = await renderWriter('- Rest heals 10 HP');
    expect(press(box, 'Enter')).toBe(true);
    box.paste('Short rest');
    press(box, 'Enter');
    press(box, 'Enter'); // The empty item goes: the list ends on that line…
    press(box, 'Enter'); // …and a plain new line follows.
    box.paste('1. Roll initiative');
    press(box, 'Enter');
    box.paste('Act');
    press(box, 'Enter');
    press(box, 'Enter');
    press(box, 'Enter');
    box.paste('- [x] Bring dice');
    press(box, 'Enter');
    box.paste('Snacks');
    expect(box.value).toBe(
      '- Rest heals 10 HP\n- Short rest\n\n1. Roll initiative\n2. Act\n\n- [x] Bring dice\n- [ ] Snacks',
    );
  });

  it('Enter outside a list is a plain new line, and one undo takes the continuation back', async () => {
    const { box } = await renderWriter('Intro');
    press(box, 'Enter');
    expect(box.value).toBe('Intro\n');
    box.paste('- a');
    press(box, 'Enter');
    expect(box.value).toBe('Intro\n- a\n- ');
    act(() => {
      fireEvent.keyDown(box.element, { key: 'z', code: 'KeyZ', keyCode: 90, ctrlKey: true });
    });
    expect(box.value).toBe('Intro\n- a');
  });

  it('Backspace right after a marker removes it', async () => {
    const { box } = await renderWriter('- a');
    press(box, 'Enter');
    expect(press(box, 'Backspace')).toBe(true);
    expect(box.value).toBe('- a\n');
  });
});

describe('MarkdownEditor Tab', () => {
  it('Tab nests a list item, Shift-Tab brings it back, and the host hears of it', async () => {
    const { box, onChange } = await renderWriter('- Weapons\n- Swords');
    vi.useFakeTimers();
    expect(press(box, 'Tab')).toBe(true);
    expect(box.value).toBe('- Weapons\n  - Swords');
    expect(press(box, 'Tab', { shiftKey: true })).toBe(true);
    expect(box.value).toBe('- Weapons\n- Swords');
    press(box, 'Tab');
    act(() => void vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith('- Weapons\n  - Swords');
  });

  it('Tab indents a plain line', async () => {
    const { box } = await renderWriter('Some text');
    expect(press(box, 'Tab')).toBe(true);
    expect(box.value).toBe('  Some text');
  });

  it('after Escape, Tab is left to the browser: the focus moves on, the text stays', async () => {
    const { box } = await renderWriter('- a');
    press(box, 'Escape');
    expect(press(box, 'Tab')).toBe(false);
    expect(box.value).toBe('- a');
  });

  it('tells how to leave with the keyboard, as part of the text box description', async () => {
    const { box } = await renderWriter('');
    const described = (box.element.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('Tab indents. Esc then Tab leaves the editor.');
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextBox } from '@/test/editor';
import { MarkdownEditor, MarkdownPreview, selectInEditor, type MarkdownEditorProps } from './markdown-editor';

// The writer (with CodeMirror) is a lazy chunk: load it once before the tests' own time limits start.
beforeAll(() => import('./markdown-writer'), 30_000);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function renderEditor(props: Partial<MarkdownEditorProps> = {}) {
  const onChange = vi.fn();
  const view = render(
    <MarkdownEditor value="" onChange={onChange} maxLength={1000} label="Rules" {...props} />,
  );
  if (props.readOnly) return { ...view, onChange, textarea: null as unknown as TextBox };
  const element = await screen.findByRole('textbox', { name: 'Rules' });
  return { ...view, onChange, textarea: new TextBox(element) };
}

const preview = () => screen.getByRole('region', { name: 'Preview' });

describe('MarkdownEditor toolbar', () => {
  it.each([
    ['Bold', 'a **word** here'],
    ['Italic', 'a *word* here'],
    ['Strikethrough', 'a ~~word~~ here'],
  ])('%s wraps the selection and keeps it selected', async (button, expected) => {
    const { textarea } = await renderEditor({ value: 'a word here' });
    textarea.select('word');
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(textarea.value).toBe(expected);
    expect(textarea.selected).toBe('word');
    expect(document.activeElement).toBe(textarea.element);
  });

  it('inserts a selected placeholder in the UI language without a selection', async () => {
    const { textarea } = await renderEditor({ value: '' });
    textarea.focus();
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(textarea.value).toBe('**bold text**');
    expect(textarea.selected).toBe('bold text');
  });

  it.each([1, 2, 3, 4])('the heading menu makes a level %i heading and closes', async (level) => {
    const { textarea } = await renderEditor({ value: 'intro\nTitle line\nend' });
    textarea.select('Title');
    await userEvent.click(screen.getByRole('button', { name: 'Heading' }));
    await userEvent.click(screen.getByRole('button', { name: `Heading ${level}` }));
    expect(textarea.value).toBe(`intro\n${'#'.repeat(level)} Title line\nend`);
    expect(screen.queryByRole('button', { name: `Heading ${level}` })).toBeNull();
    expect(screen.getByRole('button', { name: 'Heading' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('offers heading levels 1 to 4 only', async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Heading' }));
    const menu = screen.getByRole('group', { name: 'Heading' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Heading 1', 'Heading 2', 'Heading 3', 'Heading 4']);
  });

  it('closes a menu on Escape and gives the focus back to its button', async () => {
    await renderEditor();
    const button = screen.getByRole('button', { name: 'Heading' });
    await userEvent.click(button);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Heading 1' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Heading' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it.each([
    ['Bulleted list', '- one\n- two'],
    ['Numbered list', '1. one\n2. two'],
  ])('%s turns the selected lines into a list', async (button, expected) => {
    const { textarea } = await renderEditor({ value: 'one\ntwo' });
    textarea.select('one\ntwo');
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(textarea.value).toBe(expected);
  });

  it('the image and link snippets use the selection as their text and select the URL', async () => {
    const { textarea } = await renderEditor({ value: 'a map here' });
    textarea.select('map');
    await userEvent.click(screen.getByRole('button', { name: 'Insert an image' }));
    expect(textarea.value).toBe('a ![map](https://) here');
    expect(textarea.selected).toBe('https://');

    textarea.select('here');
    await userEvent.click(screen.getByRole('button', { name: 'Insert a link' }));
    expect(textarea.value).toBe('a ![map](https://) [here](https://)');
    expect(textarea.selected).toBe('https://');
  });

  it('the link snippet has placeholder text in the UI language', async () => {
    const { textarea } = await renderEditor({ value: '' });
    textarea.focus();
    await userEvent.click(screen.getByRole('button', { name: 'Insert a link' }));
    expect(textarea.value).toBe('[link text](https://)');
    expect(textarea.selected).toBe('link text');
  });
});

describe('MarkdownEditor table menu', () => {
  async function insertTable(columns: string, rows: string) {
    await userEvent.click(screen.getByRole('button', { name: 'Insert a table' }));
    const columnsInput = screen.getByRole('spinbutton', { name: 'Columns' });
    const rowsInput = screen.getByRole('spinbutton', { name: 'Rows' });
    await userEvent.clear(columnsInput);
    await userEvent.type(columnsInput, columns);
    await userEvent.clear(rowsInput);
    await userEvent.type(rowsInput, rows);
    await userEvent.click(screen.getByRole('button', { name: 'Insert table' }));
  }

  it('defaults to 2 by 2', async () => {
    const { textarea } = await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Insert a table' }));
    expect((screen.getByRole('spinbutton', { name: 'Columns' }) as HTMLInputElement).value).toBe('2');
    expect((screen.getByRole('spinbutton', { name: 'Rows' }) as HTMLInputElement).value).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    expect(textarea.value).toBe('| Header 1 | Header 2 |\n| --- | --- |\n| Cell | Cell |\n| Cell | Cell |');
  });

  it('inserts a table of the chosen size after the selected line, then closes', async () => {
    const { textarea } = await renderEditor({ value: 'intro\nnext' });
    textarea.select('intro');
    await insertTable('3', '4');
    const lines = textarea.value.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'intro',
      '',
      '| Header 1 | Header 2 | Header 3 |',
      '| --- | --- | --- |',
    ]);
    expect(lines.slice(4, 8)).toEqual(Array(4).fill('| Cell | Cell | Cell |'));
    expect(lines.slice(8)).toEqual(['', 'next']);
    expect(textarea.selected).toBe('Header 1');
    expect(screen.queryByRole('spinbutton', { name: 'Columns' })).toBeNull();
  });

  it.each([
    ['1', '1', 1, 1],
    ['10', '10', 10, 10],
    ['11', '12', 10, 10],
  ])('accepts %s × %s as %i columns and %i rows', async (columns, rows, expectedColumns, expectedRows) => {
    const { textarea } = await renderEditor();
    await insertTable(columns, rows);
    const lines = textarea.value.split('\n');
    expect(lines).toHaveLength(expectedRows + 2);
    expect(lines[0]!.split('|')).toHaveLength(expectedColumns + 2);
  });

  it.each([
    ['0', '2'],
    ['2', '0'],
  ])('refuses %s × %s with a console-only message and stays open', async (columns, rows) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { textarea } = await renderEditor({ value: 'kept' });
    await insertTable(columns, rows);
    expect(textarea.value).toBe('kept');
    expect(warn).toHaveBeenCalledOnce();
    expect(screen.getByRole('spinbutton', { name: 'Columns' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('MarkdownEditor character limit', () => {
  it('shows the counter with the numbers of the UI language', async () => {
    await renderEditor({ value: 'abc', maxLength: 50_000 });
    expect(screen.getByText('3 / 50,000 characters')).toBeTruthy();
  });

  it('refuses typing over the limit and says so politely', async () => {
    const { textarea } = await renderEditor({ value: 'abcd', maxLength: 5 });
    textarea.type('efg');
    expect(textarea.value).toBe('abcde');
    expect(screen.getByRole('status').textContent).toBe(
      'Limit of 5 characters reached: that change was not applied.',
    );
    expect(screen.getByText('5 / 5 characters').className).toContain('text-danger');
  });

  it('refuses a paste that would pass the limit', async () => {
    const { textarea } = await renderEditor({ value: 'ab', maxLength: 5 });
    textarea.focus();
    textarea.setCaret(2);
    textarea.paste('cdefgh');
    expect(textarea.value).toBe('ab');
    expect(screen.getByRole('status').textContent).not.toBe('');
  });

  it('refuses a snippet that would pass the limit', async () => {
    const { textarea, onChange } = await renderEditor({ value: 'abcd', maxLength: 6 });
    textarea.select('abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(textarea.value).toBe('abcd');
    expect(screen.getByRole('status').textContent).toBe(
      'Limit of 6 characters reached: that change was not applied.',
    );
    textarea.blur();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('still lets a text over the limit be shortened', async () => {
    const { textarea } = await renderEditor({ value: 'abcdef', maxLength: 3 });
    textarea.backspace();
    expect(textarea.value).toBe('abcde');
    textarea.type('x');
    expect(textarea.value).toBe('abcde');
  });
});

describe('MarkdownEditor divider', () => {
  function mockWidth(width: number) {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const own = this.getAttribute('role') === 'separator' ? 0 : width;
      return { x: 0, y: 0, left: 0, top: 0, right: own, bottom: 100, width: own, height: 100 } as DOMRect;
    });
  }

  it('starts at 50/50 and resizes from the keyboard, each pane keeping 50 px', async () => {
    mockWidth(400);
    await renderEditor();
    const divider = screen.getByRole('separator', { name: 'Resize the text and preview panes' });
    const now = () => Number(divider.getAttribute('aria-valuenow'));
    expect(now()).toBe(50);
    expect(divider.getAttribute('aria-orientation')).toBe('vertical');
    expect(divider.getAttribute('aria-controls')).toContain(screen.getByRole('textbox').id);

    divider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(now()).toBe(55);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(now()).toBe(45);

    await userEvent.keyboard('{Home}');
    expect((now() / 100) * 400).toBe(50);
    await userEvent.keyboard('{ArrowLeft}');
    expect((now() / 100) * 400).toBe(50);

    await userEvent.keyboard('{End}');
    expect(((100 - now()) / 100) * 400).toBe(50);
    for (let i = 0; i < 30; i++) await userEvent.keyboard('{ArrowRight}');
    expect(((100 - now()) / 100) * 400).toBe(50);
  });
});

describe('MarkdownEditor fullscreen', () => {
  it('swaps the toggle label and icon, and Escape leaves it', async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(screen.getByRole('dialog', { name: 'Rules' })).toBeTruthy();
    const exit = screen.getByRole('button', { name: 'Exit fullscreen' });
    expect(exit.querySelector('svg')!.getAttribute('class')).toContain('lucide-minimize');
    exit.focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const enter = screen.getByRole('button', { name: 'Fullscreen' });
    expect(enter.querySelector('svg')!.getAttribute('class')).toContain('lucide-maximize');
  });
});

describe('MarkdownEditor change events', () => {
  // The editor loads with real timers (its code is a lazy chunk); the clock is faked after.

  it('tells the host 300 ms after the last keystroke, once', async () => {
    const { textarea, onChange } = await renderEditor();
    vi.useFakeTimers();
    textarea.type('ab');
    act(() => vi.advanceTimersByTime(200));
    textarea.type('c');
    expect(textarea.value).toBe('abc');
    act(() => vi.advanceTimersByTime(299));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('abc');
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('flushes the pending change on blur', async () => {
    const { textarea, onChange } = await renderEditor();
    vi.useFakeTimers();
    textarea.focus();
    textarea.type('xy');
    textarea.blur();
    expect(onChange).toHaveBeenCalledExactlyOnceWith('xy');
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('flushes the pending change on unmount', async () => {
    const { textarea, onChange, unmount } = await renderEditor();
    vi.useFakeTimers();
    textarea.type('z');
    unmount();
    expect(onChange).toHaveBeenCalledExactlyOnceWith('z');
  });

  it('shows a text the host puts back (cancel) and drops the pending change', async () => {
    const initial = 'Original rules';
    const changes: string[] = [];
    function Host() {
      const [value, setValue] = useState(initial);
      return (
        <>
          <MarkdownEditor
            value={value}
            onChange={(next) => {
              changes.push(next);
              setValue(next);
            }}
            maxLength={100}
            label="Rules"
          />
          <button type="button" onClick={() => setValue(initial)}>
            Cancel
          </button>
        </>
      );
    }
    render(<Host />);
    const textarea = new TextBox(await screen.findByRole('textbox', { name: 'Rules' }));
    textarea.type(' edited');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(textarea.value).toBe(initial);
    expect(changes).toEqual([`${initial} edited`]);
  });
});

describe('MarkdownEditor selection from the host', () => {
  it('selects the range a host asks for (a rules search result) and takes the focus', async () => {
    const { textarea } = await renderEditor({ value: 'line one\nthe dragon sleeps\nend' });
    act(() => selectInEditor(textarea.element, 13, 19));
    expect(textarea.selected).toBe('dragon');
    expect(document.activeElement).toBe(textarea.element);
  });
});

describe('MarkdownEditor preview', () => {
  it('renders the text live next to it', async () => {
    const { textarea } = await renderEditor();
    expect(preview().textContent).toBe('Start writing to see the preview here');
    textarea.type('# Dragons\n\nBeware\nof fire');
    expect(within(preview()).getByRole('heading', { level: 1, name: 'Dragons' })).toBeTruthy();
    expect(preview().innerHTML).toContain('<p>Beware<br>\nof fire</p>'); // Line breaks are breaks.
  });

  it('read-only shows the rendered text only', async () => {
    const { container, textarea } = await renderEditor({ value: '**Lore**', readOnly: true });
    expect(textarea).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByText(/characters/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Rules' }).innerHTML).toContain('<strong>Lore</strong>');
    expect(container.querySelectorAll('button')).toHaveLength(0);
  });

  it('read-only shows a placeholder heading pointing to Edit when empty', async () => {
    await renderEditor({ value: '  ', readOnly: true });
    expect(screen.getByText('Nothing written yet. Click "Edit" to start')).toBeTruthy();
  });

  it('does not render raw HTML', () => {
    const { container } = render(<MarkdownPreview source={'<script>alert(1)</script> <b>x</b>'} />);
    expect(container.querySelector('script, b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('opens links in a new tab without opener or referrer', () => {
    const { container } = render(
      <MarkdownPreview source={'[site](https://example.com) and https://questkeeper.example/x'} />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com',
      'https://questkeeper.example/x',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
  });

  it('refuses javascript: links and renders tables', () => {
    const { container } = render(
      <MarkdownPreview
        source={'[x](javascript:alert(1))\n\n| A | B |\n| --- | --- |\n| 1 | 2 |'}
        className="extra"
      />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelectorAll('th')).toHaveLength(2);
    expect(container.firstElementChild!.className).toBe('qk-markdown extra');
  });
});

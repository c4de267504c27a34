import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RulesSearch } from './rules-search';

/** docs/product.md#rules-search, #timings: the rules search waits 1000 ms. */
const SEARCH_DEBOUNCE_MS = 1000;

const RULES = [
  '# Combat',
  'Roll a d20 for initiative.',
  'A DRAGON breathes fire; dragons fly.',
  'Wizards cast <b>spells</b>.',
].join('\n');

function setup(text = RULES) {
  const onSelect = vi.fn();
  const { rerender } = render(<RulesSearch text={text} onSelect={onSelect} />);
  const input = screen.getByRole('searchbox', { name: 'Search the rules' });
  // fireEvent, not user-event: user-event awaits real timers, which the fake clock here holds still.
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const enter = () => fireEvent.keyDown(input, { key: 'Enter' });
  return { type, enter, onSelect, input, rerender };
}

const results = () => screen.queryByRole('list', { name: 'Matching lines' });

describe('RulesSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 1000 ms after the last keystroke before searching', () => {
    const { type } = setup();
    type('drag');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(results()).toBeNull();

    // Another keystroke restarts the wait.
    type('dragon');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(results()).toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(results()).not.toBeNull();
    expect(screen.getByText('1 matching line')).toBeTruthy();
  });

  it('lists the matching line with its number and the matches highlighted, ignoring case', () => {
    const { type } = setup();
    type('dragon');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));

    const items = within(results()!).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    const button = within(items[0]!).getByRole('button');
    expect(button.textContent).toBe('Line 3A DRAGON breathes fire; dragons fly.');
    const marks = [...button.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['DRAGON', 'dragon']);
  });

  it('shows markup in the rules as text, never as HTML', () => {
    const { type } = setup();
    type('<b>');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    const button = within(results()!).getByRole('button');
    expect(button.querySelector('b')).toBeNull();
    expect(button.querySelector('mark')?.textContent).toBe('<b>');
  });

  it('says so when nothing matches, and shows nothing for an empty query', () => {
    const { type } = setup();
    type('unicorn');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText('No rules match "unicorn".')).toBeTruthy();
    expect(results()).toBeNull();

    type('');
    expect(screen.queryByText(/No rules match/)).toBeNull();
    expect(results()).toBeNull();
  });

  it('searches at once on Enter', () => {
    const { type, enter } = setup();
    type('fire');
    enter();
    expect(within(results()!).getAllByRole('listitem')).toHaveLength(1);
  });

  it('hands the chosen line and the query to the view', () => {
    const { type, enter, onSelect } = setup();
    type('INITIATIVE');
    enter();
    fireEvent.click(within(results()!).getByRole('button', { name: /Line 2/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ lineNumber: 2 }), 'INITIATIVE');
  });

  it('lists 20 lines at first, counts the others, and shows more on request', () => {
    const text = Array.from({ length: 50 }, (_, i) => `orc ${i + 1}`).join('\n');
    const { type, enter } = setup(text);
    type('orc');
    enter();
    expect(screen.getByText('50 matching lines')).toBeTruthy();
    const items = () => results()!.querySelectorAll('li');
    expect(items()).toHaveLength(20);
    expect(screen.getByText('…and 30 more lines')).toBeTruthy();

    // A button, so the keyboard reaches it; the focus moves to the first line it adds.
    // (getByText: getByRole names every one of the buttons, slow in jsdom.)
    fireEvent.click(screen.getByText('Show 20 more lines', { selector: 'button' }));
    expect(items()).toHaveLength(40);
    expect(document.activeElement?.textContent).toBe('Line 21orc 21');
    expect(screen.getByText('…and 10 more lines')).toBeTruthy();

    fireEvent.click(screen.getByText('Show 10 more lines', { selector: 'button' }));
    expect(items()).toHaveLength(50);
    expect(document.activeElement?.textContent).toBe('Line 41orc 41');
    expect(screen.queryByText(/^Show/, { selector: 'button' })).toBeNull();
    expect(screen.queryByText(/more lines?$/)).toBeNull();

    // A new query lists its first 20 again.
    type('or');
    enter();
    expect(items()).toHaveLength(20);
  });

  it("hides the previous query's results while the next one is typed", () => {
    const { type, enter } = setup();
    type('dragon');
    enter();
    expect(screen.getByText('1 matching line')).toBeTruthy();

    type('fire');
    expect(results()).toBeNull();
    expect(screen.queryByText('1 matching line')).toBeNull();
    expect(screen.getByText('Searching…')).toBeTruthy();

    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.queryByText('Searching…')).toBeNull();
    expect(within(results()!).getAllByRole('listitem')).toHaveLength(1);

    // Back to the query shown, or spaces around it: its results, without waiting.
    type(' fire ');
    expect(within(results()!).getAllByRole('listitem')).toHaveLength(1);
  });

  it('follows the text it searches (the draft while editing)', () => {
    const { type, enter, rerender, onSelect } = setup();
    type('goblin');
    enter();
    expect(screen.getByText('No rules match "goblin".')).toBeTruthy();
    rerender(<RulesSearch text={`${RULES}\nThe goblin king`} onSelect={onSelect} />);
    const button = within(results()!).getByRole('button');
    expect(button.textContent).toBe('Line 5The goblin king');
  });
});

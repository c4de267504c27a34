// The one toast system: what any screen says through `toast` shows in a polite live
// region, can be dismissed, runs its action once, closes by itself unless the pointer or the focus
// is on it; one shows at a time, and a burst of one kind becomes one toast that counts.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/lib/i18n';
import { TOAST_ACTION_DURATION_MS, TOAST_DURATION_MS, toast } from './toast-store';
import { Toaster } from './toaster';

beforeEach(() => {
  toast.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const region = () => screen.getByRole('region', { name: 'Recent notifications' });
const shown = () =>
  within(region())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('Toaster', () => {
  it('shows a toast in a polite live region that is there before it', () => {
    render(<Toaster />);
    const live = region().querySelector('[aria-live]');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    act(() => void toast.success('"Aria" was created.'));
    expect(within(live as HTMLElement).getByText('"Aria" was created.')).toBeTruthy();
    expect(region().querySelector('li')?.getAttribute('data-tone')).toBe('success');
  });

  it('can be dismissed at once', () => {
    render(<Toaster />);
    act(() => void toast.info('Rules saved.'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(shown()).toEqual([]);
  });

  it('runs its action once, then closes', () => {
    render(<Toaster />);
    const undo = vi.fn();
    act(() => void toast.success('"Grask" was deleted.', { action: { label: 'Undo', onClick: undo } }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(shown()).toEqual([]);
  });

  it('closes by itself, later when it offers an action', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved.');
      toast.success('Deleted.', { action: { label: 'Undo', onClick: () => undefined } });
    });
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS + 10));
    expect(shown()).toEqual(['Deleted.']);
    act(() => void vi.advanceTimersByTime(TOAST_ACTION_DURATION_MS - TOAST_DURATION_MS));
    expect(shown()).toEqual([]);
  });

  it('waits while the pointer or the focus is on it, then counts the time left', () => {
    render(<Toaster />);
    act(() => void toast.success('Saved.'));
    const item = within(region()).getByRole('listitem');
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    fireEvent.pointerEnter(item);
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(shown()).toEqual(['Saved.']);
    fireEvent.pointerLeave(item);
    act(() => void vi.advanceTimersByTime(500));
    expect(shown()).toEqual(['Saved.']);
    act(() => void vi.advanceTimersByTime(600));
    expect(shown()).toEqual([]);

    act(() => void toast.success('Again.'));
    fireEvent.focus(within(region()).getByRole('button', { name: 'Dismiss notification' }));
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(shown()).toEqual(['Again.']);
  });

  it('shows one toast at a time: a new one takes the place of the last', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast.info(`Toast ${n}`);
    });
    expect(shown()).toEqual(['Toast 5']);
  });

  it('makes a burst of one kind one toast that counts, then starts its time again', () => {
    render(<Toaster />);
    const many = (count: number) => `${count} units created.`;
    const created = (name: string) =>
      toast.success(`"${name}" was created.`, { kind: 'units.created', many });
    act(() => void created('Aria'));
    expect(shown()).toEqual(['"Aria" was created.']);
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    // Four more in the burst, one of them three copies at once: one toast, seven units.
    act(() => {
      created('Borin');
      created('Grask');
      toast.success('3 copies of Grask created.', { kind: 'units.created', count: 3, many });
      created('Mira');
    });
    expect(shown()).toEqual(['7 units created.']);
    expect(within(region()).getAllByRole('listitem')).toHaveLength(1);
    // Its time starts again with each toast of the burst.
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    expect(shown()).toEqual(['7 units created.']);
    act(() => void vi.advanceTimersByTime(1010));
    expect(shown()).toEqual([]);
    // Once it is gone, the next one of that kind starts a new count.
    act(() => void created('Snaga'));
    expect(shown()).toEqual(['"Snaga" was created.']);
  });

  it('never merges another kind, and the same words merge without a count', () => {
    render(<Toaster />);
    const many = (count: number) => `${count} units created.`;
    act(() => {
      toast.success('"Aria" was created.', { kind: 'units.created', many });
      toast.success('Rules saved.');
      toast.success('"Borin" was created.', { kind: 'units.created', many });
    });
    expect(shown()).toEqual(['"Borin" was created.']);
    act(() => {
      toast.success('Rules saved.');
      toast.success('Rules saved.');
    });
    expect(shown()).toEqual(['Rules saved.']);
    // Same words, another tone: another toast.
    act(() => void toast.error('Rules saved.'));
    expect(region().querySelector('li')?.getAttribute('data-tone')).toBe('error');
  });

  it('runs the action of every merged toast: Undo of a burst undoes each', () => {
    render(<Toaster />);
    const restored: string[] = [];
    const deleted = (name: string) =>
      toast.success(`"${name}" was deleted.`, {
        kind: 'units.deleted',
        many: (count) => `${count} units deleted.`,
        action: { label: 'Undo', onClick: () => restored.push(name) },
      });
    act(() => {
      deleted('Aria');
      deleted('Borin');
      deleted('Grask');
    });
    expect(shown()).toEqual(['3 units deleted.']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(restored).toEqual(['Aria', 'Borin', 'Grask']);
    expect(shown()).toEqual([]);
  });

  it('sits above a bar stuck to the bottom of the screen, and back down without it', () => {
    const bar = document.createElement('div');
    bar.setAttribute('data-bottom-bar', '');
    const rect = { top: 668, bottom: 768, left: 0, right: 1024, width: 1024, height: 100, x: 0, y: 668 };
    bar.getBoundingClientRect = () => ({ ...rect, toJSON: () => rect });
    document.body.append(bar);
    try {
      render(<Toaster />);
      act(() => void toast.info('Saved.'));
      expect(region().style.bottom).toBe(`${window.innerHeight - 668 + 8}px`);
    } finally {
      bar.remove();
    }
    act(() => void toast.info('Again.'));
    act(() => void window.dispatchEvent(new Event('resize')));
    act(() => void vi.advanceTimersByTime(50));
    expect(region().style.bottom).toBe('');
  });

  it('speaks French too', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await act(() => i18next.changeLanguage('fr'));
    try {
      render(<Toaster />);
      act(() => void toast.success('Unité « Aria » créée.'));
      expect(screen.getByRole('region', { name: 'Notifications récentes' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Fermer la notification' })).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});

// The one toast system (issue #16): what any screen says through `toast` shows in a polite live
// region, can be dismissed, runs its action once, closes by itself unless the pointer or the focus
// is on it, and gives way to newer toasts after four.
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

  it('keeps the four newest toasts', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast.info(`Toast ${n}`);
    });
    expect(shown()).toEqual(['Toast 2', 'Toast 3', 'Toast 4', 'Toast 5']);
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

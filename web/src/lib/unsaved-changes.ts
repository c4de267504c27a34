// Unsaved edits (rules, notes) register here while dirty. Closing or reloading the page then asks
// the browser's question, and the dashboard asks before switching view or campaign (the router
// runs in declarative mode, which has no navigation blocker: decision 011).
import { useEffect } from 'react';
import { i18next } from './i18n';

const dirtySources = new Set<symbol>();

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  event.returnValue = ''; // Older browsers only ask when a return value is set.
}

/** While `dirty`, the component's edits count as unsaved. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol('unsaved');
    dirtySources.add(id);
    if (dirtySources.size === 1) window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtySources.delete(id);
      if (dirtySources.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

/** True when there is nothing unsaved, or the user agrees to lose it. */
export function confirmDiscardChanges(): boolean {
  return dirtySources.size === 0 || window.confirm(i18next.t('common.unsavedChanges'));
}

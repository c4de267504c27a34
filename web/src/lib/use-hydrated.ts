// False on the build's server render (the prerendered pages, docs/decisions/038), true in the
// browser: what the browser alone knows (the URL's #fragment, today's date) stays out of the
// prerendered HTML, and its controls are inert there until an island script or the app owns them.
// (React would also answer false while hydrating, but no page is hydrated any more: decision 080.)
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

// False while React hydrates a prerendered page (and on the build's server render), true otherwise:
// what the browser alone knows (the URL's #fragment, today's date) is rendered from the second pass
// on, so the first one matches the prerendered HTML (docs/decisions/038).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

// A key for the page outlet that changes when the view must start afresh: another path or query,
// or a navigation to the URL already shown (docs/product.md#routes: "the router reloads when navigating to
// the same URL"). A change of the #fragment alone (table of contents, skip link) keeps the view.
// Also scrolls to the top when the path changes and no fragment is asked for, but never on the
// location the document was loaded at: there the browser places the page, and a visitor may have
// scrolled the prerendered page before the app rendered over it (decision 044).
import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** The key of the location the document was loaded at (or first redirected to): the first view's
 *  effect records it, in any layout. */
let loadedKey: string | undefined;

/** `ignoreSearch`: a change of the query string alone keeps the view (the dashboard keeps its
 *  active view and campaign there, decision 011). */
export function useViewKey({ ignoreSearch = false }: { ignoreSearch?: boolean } = {}): number {
  const location = useLocation();
  // "Adjusting state while rendering" (react.dev): compare with the location of the last render.
  const [seen, setSeen] = useState({ location, count: 0 });
  let count = seen.count;
  if (seen.location.key !== location.key) {
    const before = seen.location;
    const samePage =
      before.pathname === location.pathname && (ignoreSearch || before.search === location.search);
    const sameUrl =
      before.pathname === location.pathname &&
      before.search === location.search &&
      before.hash === location.hash;
    if (!samePage || sameUrl) count += 1;
    setSeen({ location, count });
  }

  const { pathname, hash, key } = location;
  useLayoutEffect(() => {
    loadedKey ??= key;
    if (!hash && key !== loadedKey) window.scrollTo(0, 0);
    // Runs when the path or fragment changes: `key` is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, hash]);

  return count;
}

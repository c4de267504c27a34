// The sidebar's two behaviours behind one toggle: on a desktop it collapses to an icon rail (the
// choice is remembered), under 768 px it is an off-canvas drawer.
import { useCallback, useState, useSyncExternalStore } from 'react';

const MOBILE_QUERY = '(max-width: 767.98px)';
const COLLAPSED_KEY = 'questkeeper.sidebarCollapsed';

function subscribeMobile(listener: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** `drawerStartsOpen`: the drawer was open when the page was last shown (see dashboard-url.ts). */
export function useSidebar(drawerStartsOpen = false) {
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(drawerStartsOpen);

  const toggle = useCallback(() => {
    if (mobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      const next = !value;
      try {
        localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
      } catch {
        // Storage blocked: the choice lasts for this page only.
      }
      return next;
    });
  }, [mobile]);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return {
    mobile,
    /** The drawer is open on a phone. */
    drawerOpen: mobile && drawerOpen,
    /** The desktop sidebar shows icons only. */
    rail: !mobile && collapsed,
    /** What the toggle's aria-expanded says. */
    expanded: mobile ? drawerOpen : !collapsed,
    toggle,
    closeDrawer,
  };
}

// The upgrade modal's opener, shared by every part of the dashboard (sidebar, profile, limit
// notices): `useUpgrade()()` opens it. The provider owns the modal, so there is one of it whatever
// opened it, and gives focus back to that control when it closes.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Tier } from '@questkeeper/core/tiers';
import { getSession } from '@/lib/session';
import { UpgradeModal } from './upgrade-modal';

/** Exported for component tests, which provide a spy (web/src/test/render.tsx); the app uses the provider. */
export const UpgradeContext = createContext<() => void>(() => undefined);

export function UpgradeProvider({ children }: { children: ReactNode }) {
  /** The tier the modal was opened for (kept while it is open: no flicker once the plan changes). */
  const [openFor, setOpenFor] = useState<Tier | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback(() => {
    const tier = getSession()?.user.tier;
    if (!tier) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpenFor(tier);
  }, []);
  const close = useCallback(() => setOpenFor(null), []);

  // Once the dialog is gone, focus returns to what opened it (if it is still there: the sidebar
  // item disappears when the plan changes).
  useEffect(() => {
    if (openFor !== null || !opener.current) return;
    if (opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [openFor]);

  return (
    <UpgradeContext value={open}>
      {children}
      {openFor ? <UpgradeModal tier={openFor} onClose={close} /> : null}
    </UpgradeContext>
  );
}

/** Opens the upgrade modal (docs/product.md#upgrade-modal). */
export function useUpgrade(): () => void {
  return useContext(UpgradeContext);
}

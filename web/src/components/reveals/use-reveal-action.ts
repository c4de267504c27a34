// The game master's reveal action (issue 34, docs/decisions/064) for the buttons "where the thing is
// shown": on a rules heading, a unit card, a list entry. Present only while the campaign has a live
// share link — without one the buttons are hidden (the share panel says reveals need a link), since
// a reveal could not reach anyone. Names itself "Reveal again (update)" when the thing is revealed
// already, and says how it went in a toast.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toast/toast-store';
import { errorMessage } from '@/lib/api-client';
import { revealOf, useReveal, useReveals, useShareLive, type RevealKind } from '@/lib/reveals';

export type RevealableKind = Exclude<RevealKind, 'handout'>;

export interface RevealAction {
  /** The label of the button of `ref`, named `name` (null: no button, no live link). */
  labelOf: (kind: RevealableKind, ref: string, name: string) => string;
  reveal: (kind: RevealableKind, ref: string) => Promise<void>;
  /** The ref being revealed now, if any. */
  pending: string | null;
}

export function useRevealAction(campaignId: string): RevealAction | null {
  const { t } = useTranslation();
  const live = useShareLive(campaignId);
  const list = useReveals(campaignId, live).data;
  const mutation = useReveal(campaignId);
  const { mutateAsync } = mutation;
  const pending = mutation.isPending ? (mutation.variables.ref ?? null) : null;

  const labelOf = useCallback(
    (kind: RevealableKind, ref: string, name: string) =>
      revealOf(list, kind, ref) ? t('reveals.button.again', { name }) : t('reveals.button.reveal', { name }),
    [list, t],
  );
  const reveal = useCallback(
    async (kind: RevealableKind, ref: string) => {
      try {
        await mutateAsync({ kind, ref });
        toast.success(t('reveals.revealed'));
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [mutateAsync, t],
  );
  return useMemo(() => (live ? { labelOf, reveal, pending } : null), [live, labelOf, reveal, pending]);
}

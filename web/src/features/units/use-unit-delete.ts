// Deleting a unit from its card (spec §8): the confirmation with the spec's text, the card's busy
// state while the server deletes, and a failure alert that stays until the next attempt.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/ui/confirm-dialog';
import type { useFocusReturn } from '@/components/ui/use-focus-return';
import { useDeleteUnit, type Unit } from '@/lib/units';

export function useUnitDelete(
  campaignId: string,
  focus: ReturnType<typeof useFocusReturn>,
  /** Tells screen reader users what was deleted. */
  announce: (text: string) => void,
) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { mutateAsync: deleteUnit } = useDeleteUnit(campaignId);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const askDelete = useCallback(
    async (unit: Unit) => {
      focus.remember();
      const ok = await confirm({
        title: t('units.deleteTitle'),
        message: t('units.deleteConfirm', { name: unit.name }),
        confirmLabel: t('common.delete'),
      });
      if (ok) {
        setFailed(false);
        setDeletingId(unit._id);
        try {
          await deleteUnit(unit._id);
          announce(t('units.deleted', { name: unit.name }));
        } catch {
          setFailed(true);
        }
        setDeletingId(null);
      }
      focus.restore();
    },
    [confirm, deleteUnit, focus, t, announce],
  );
  // Stable: the memoised cards keep it across renders.
  const onDelete = useCallback((unit: Unit) => void askDelete(unit), [askDelete]);

  return { deletingId, failed, onDelete, dialog: confirm.dialog };
}

// Deleting a unit from its card (docs/product.md#messages): the confirmation with the spec's text, the card's
// busy state while the server deletes, a failure alert that stays until the next attempt, and a toast
// with Undo. Undo re-creates the unit from its last data — every field but its id and
// timestamps — rather than holding the delete back: the server deletes at once (another device, the
// combat view and the unit limit all see it gone), and nothing is lost if the tab closes meanwhile.
// The copy comes back as a new unit, at the end of its section (docs/decisions/029).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/toast-store';
import { useConfirm } from '@/components/ui/confirm-dialog';
import type { useFocusReturn } from '@/components/ui/use-focus-return';
import { errorMessage } from '@/lib/api-client';
import { duplicateOf, useCreateUnit, useDeleteUnit, type Unit } from '@/lib/units';

export function useUnitDelete(
  campaignId: string,
  focus: ReturnType<typeof useFocusReturn>,
  /** The unit Undo brought back: the view shows where it is. */
  onRestored: (unit: Unit) => void,
) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const toast = useToast();
  const { mutateAsync: deleteUnit } = useDeleteUnit(campaignId);
  const { mutateAsync: createUnit } = useCreateUnit(campaignId);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const restore = useCallback(
    async (unit: Unit) => {
      try {
        const back = await createUnit(duplicateOf(unit, unit.name));
        toast.success(t('units.restored', { name: back.name }), {
          kind: 'units.restored',
          many: (count) => t('units.restoredMany', { count }),
        });
        onRestored(back);
      } catch (failure) {
        toast.error(t('units.restoreFailed', { name: unit.name, message: errorMessage(failure) }));
      }
    },
    [createUnit, onRestored, t, toast],
  );

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
          // Deletes in a burst are one toast, whose Undo brings each back.
          toast.success(t('units.deleted', { name: unit.name }), {
            kind: 'units.deleted',
            many: (count) => t('units.deletedMany', { count }),
            action: { label: t('common.undo'), onClick: () => void restore(unit) },
          });
        } catch {
          setFailed(true);
        }
        setDeletingId(null);
      }
      focus.restore();
    },
    [confirm, deleteUnit, focus, t, toast, restore],
  );
  // Stable: the memoised cards keep it across renders.
  const onDelete = useCallback((unit: Unit) => void askDelete(unit), [askDelete]);

  return { deletingId, failed, onDelete, dialog: confirm.dialog };
}

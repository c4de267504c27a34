// Copies of a unit from its card (decision 031): the shared dialog, the call, a toast.
import { useTranslation } from 'react-i18next';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { CopiesDialog } from '@/components/copies-dialog';
import { useToast } from '@/components/toast/toast-store';
import { errorMessage } from '@/lib/api-client';
import { useCopyUnit, type Unit } from '@/lib/units';

export function UnitCopies({
  campaignId,
  tier,
  unit,
  units,
  onClose,
  onSaved,
}: {
  campaignId: string;
  tier: Tier;
  unit: Unit;
  units: readonly Unit[];
  onClose: () => void;
  /** The last copy: the view scrolls to it. */
  onSaved: (unit: Unit) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = useCopyUnit(campaignId);
  return (
    <CopiesDialog
      open
      name={unit.name}
      names={units.map((item) => item.name)}
      current={units.length}
      limit={TIER_LIMITS[tier].unitsPerCampaign}
      busy={copy.isPending}
      error={copy.isError ? errorMessage(copy.error) : null}
      onClose={onClose}
      onSubmit={(count) =>
        copy.mutate(
          { id: unit._id, count },
          {
            onSuccess: (created) => {
              toast.success(t('combat.fast.copies.done', { count: created.length, name: unit.name }), {
                kind: 'units.created',
                count: created.length,
                many: (count) => t('units.createdMany', { count }),
              });
              onClose();
              const last = created[created.length - 1];
              if (last) onSaved(last);
            },
          },
        )
      }
    />
  );
}

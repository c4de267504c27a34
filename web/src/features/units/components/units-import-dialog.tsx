// "Import from another tool" in the units view (docs/product.md#import-from-other-tools): the shared
// dialog aimed at this campaign, measured against what it holds already; once imported, the units
// and encounters are read again and a toast counts what came in.
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Tier } from '@questkeeper/core/tiers';
import { ForeignImportDialog } from '@/components/foreign-import/foreign-import-dialog';
import { useToast } from '@/components/toast/toast-store';
import type { Campaign } from '@/lib/campaigns';
import { encounterKeys, useEncounters } from '@/lib/encounters';
import { useUserId } from '@/lib/query-client';
import { unitKeys, type Unit } from '@/lib/units';

export function UnitsImportDialog({
  campaign,
  tier,
  units,
  onClose,
}: {
  campaign: Campaign;
  tier: Tier;
  units: readonly Unit[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const userId = useUserId();
  const encounters = useEncounters(campaign._id);
  return (
    <ForeignImportDialog
      target={{ kind: 'units', campaignId: campaign._id }}
      tier={tier}
      existing={{ units: units.length, encounters: encounters.data?.length ?? 0 }}
      campaignName={campaign.name}
      onClose={onClose}
      onImported={(result) => {
        if (result.kind !== 'units') return;
        const { imported } = result;
        const unitCount = imported.units;
        const encounterCount = imported.encounters;
        toast.success(
          encounterCount === 0
            ? t('foreignImport.dialog.imported', { count: unitCount, campaign: campaign.name })
            : t('foreignImport.dialog.importedWithEncounters', {
                units: t('foreignImport.dialog.counts.units', { count: unitCount }),
                encounters: t('foreignImport.dialog.counts.encounters', { count: encounterCount }),
                campaign: campaign.name,
              }),
        );
        void queryClient.invalidateQueries({ queryKey: unitKeys.list(userId, campaign._id) });
        void queryClient.invalidateQueries({ queryKey: encounterKeys.list(userId, campaign._id) });
        onClose();
      }}
    />
  );
}

// Numbered copies of a unit spawned into the fight (decision 031): one call creates them
// all (or none, over the unit limit), then one `add` action with `unitIds` brings them all to the
// chosen side (mid-fight, each with its own initiative rolled by the server): one undo step.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CombatGroup } from '@questkeeper/core/combat/combat';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { CopiesDialog } from '@/components/copies-dialog';
import { useToast } from '@/components/toast/toast-store';
import { errorMessage } from '@/lib/api-client';
import type { CombatAction } from '../api/combat';
import { useCopyUnit, type Unit } from '@/lib/units';

export function useSpawnCopies({
  campaignId,
  tier,
  units,
  onAct,
}: {
  campaignId: string;
  tier: Tier;
  units: readonly Unit[];
  onAct: (action: CombatAction) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = useCopyUnit(campaignId);
  const [source, setSource] = useState<{ unit: Unit; group: CombatGroup } | null>(null);
  const limit = TIER_LIMITS[tier].unitsPerCampaign;
  // Copies join the side of the unit they come from: the caller passes the side
  // of a unit already fighting; one not fighting yet goes to its usual side.
  const open = useCallback((unit: Unit, group?: CombatGroup) => {
    copy.reset();
    setSource({ unit, group: group ?? (unit.isPlayer ? 'allies' : 'enemies') });
    // `copy` changes every render; reset is stable enough to call from here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const close = () => setSource(null);

  // Closed, nothing is built (the fight view renders this on every blow); opened, it mounts afresh.
  const dialog = source ? (
    <CopiesDialog
      open
      name={source.unit.name}
      names={units.map((unit) => unit.name)}
      current={units.length}
      limit={limit}
      withGroup
      defaultGroup={source.group}
      busy={copy.isPending}
      error={copy.isError ? errorMessage(copy.error) : null}
      onClose={close}
      onSubmit={(count, group) => {
        copy.mutate(
          { id: source.unit._id, count },
          {
            onSuccess: (created) => {
              toast.success(t('combat.fast.copies.done', { count: created.length, name: source.unit.name }), {
                kind: 'units.created',
                count: created.length,
                many: (count) => t('units.createdMany', { count }),
              });
              setSource(null);
              if (group && created.length > 0) {
                void onAct({ type: 'add', unitIds: created.map((unit) => unit._id), group });
              }
            },
          },
        );
      }}
    />
  ) : null;
  return { open, dialog, canCopy: units.length < limit };
}

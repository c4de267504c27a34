// "Add to fight" from the search palette (docs/product.md#campaign-search): while the campaign's fight
// is in setup, a unit found by the search joins a side in one combat action, as the combat setup's
// own "Add … to the allies / enemies" buttons do (POST /api/combat/actions `{ type: 'add' }`, with the
// fight's version; decision 021). Player characters join the allies, everyone else the enemies. The
// answer replaces the fight in the combat view's cache, so that view shows the unit in its side.
import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { availableForSetup, type CombatGroup } from '@questkeeper/core/combat/combat';
import type {
  CombatActionResponse,
  combatActionBody,
  combatActionResponse,
} from '@questkeeper/core/schemas/combat';
import { apiRequest } from '@/lib/api-client';
import { combatKeys } from '@/lib/combat-keys';
import { mergeUnits, sendFromFightVersion, useFight } from '@/lib/encounters';
import { useUserId } from '@/lib/query-client';
import { campaignHeader, getUnits, unitKeys, type Unit } from '@/lib/units';

function postAdd(campaignId: string, version: number, unitId: string, group: CombatGroup) {
  return apiRequest<{ body: typeof combatActionBody; response: typeof combatActionResponse }>(
    'POST',
    '/api/combat/actions',
    { headers: campaignHeader(campaignId), body: { version, action: { type: 'add', unitId, group } } },
  );
}

/** The side a unit joins from the palette. */
export function sideOf(unit: Pick<Unit, 'isPlayer'>): CombatGroup {
  return unit.isPlayer ? 'allies' : 'enemies';
}

/** Where a unit of the results stands in a fight in setup. */
export type FightPlace =
  { kind: 'available'; unit: Unit; side: CombatGroup } | { kind: 'in'; side: CombatGroup } | { kind: 'none' };
/** Not in the fight and may not join (down to 0 HP), or not a unit. */
export const NOWHERE: FightPlace = { kind: 'none' };

/**
 * The fight in setup, as the palette needs it: null when there is none (a fight going on, or not
 * read yet). `wantUnits`: the results hold a unit, so the units are read (the combat view reads the
 * same list) to know each one's side and whether it may join.
 */
export function useSetupFight(campaignId: string, wantUnits: boolean) {
  const userId = useUserId();
  const fight = useFight(campaignId).data;
  const inSetup = fight?.phase === 'setup';
  const units = useQuery({
    queryKey: unitKeys.list(userId, campaignId),
    queryFn: ({ signal }) => getUnits(campaignId, signal),
    enabled: inSetup && wantUnits,
  }).data;
  // One object per unit while the fight and the units stay the same, so the rows showing them do not
  // render again on each key.
  return useMemo(() => {
    if (!inSetup || !fight || !units) return null;
    const places = new Map<string, FightPlace>();
    for (const unitId of fight.allies) places.set(unitId, { kind: 'in', side: 'allies' });
    for (const unitId of fight.enemies) places.set(unitId, { kind: 'in', side: 'enemies' });
    for (const unit of availableForSetup(units, fight.allies, fight.enemies)) {
      places.set(unit._id, { kind: 'available', unit, side: sideOf(unit) });
    }
    return { placeOf: (unitId: string): FightPlace => places.get(unitId) ?? NOWHERE };
  }, [inSetup, fight, units]);
}

/**
 * Adds a unit to a side of the fight in setup, from the fight's version as last read; a version
 * another device (or the combat view's queue) moved meanwhile is taken from the 409 and the add is
 * sent once more — the server still refuses a fight that started.
 */
export function useAddToFight(campaignId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const combatKey = combatKeys.state(userId, campaignId);
  return useMutation({
    // Started meanwhile: a unit joining now would roll initiative, which is the combat view's to do.
    mutationFn: ({ unitId, side }: { unitId: string; side: CombatGroup }) =>
      sendFromFightVersion(
        queryClient,
        combatKey,
        campaignId,
        (version) => postAdd(campaignId, version, unitId, side),
        (current) => current.phase === 'setup',
      ),
    onSuccess: (answer: CombatActionResponse) => {
      void queryClient.cancelQueries({ queryKey: combatKey, exact: true });
      queryClient.setQueryData(combatKey, answer.combat);
      queryClient.setQueryData<Unit[]>(unitKeys.list(userId, campaignId), (list) =>
        list ? mergeUnits(list, answer.units) : list,
      );
    },
  });
}

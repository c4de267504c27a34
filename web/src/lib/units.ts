// Unit server state of the current campaign, shared by the units view, the unit form, the notes
// viewer and (issue #6) the combat view: one query per campaign and the mutations that keep it in
// step. Every call carries the campaign in `X-Campaign-Id`; errors are ApiError with the server's
// localized message (and `fields` for validation errors).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUnitBody, Unit, UpdateUnitBody } from '@questkeeper/core/schemas/units';
import type { QuickTemplate } from '@questkeeper/core/rules/quick-generation';
import { apiRequest } from './api-client';
import { useSession } from './session';

export type { CreateUnitBody, Unit, UpdateUnitBody };

/** What the form sends on create: the body without the fields the server fills in. */
export type NewUnit = Omit<CreateUnitBody, 'gameDataId'>;

export const unitKeys = {
  all: (userId: string) => ['units', userId] as const,
  list: (userId: string, campaignId: string) => ['units', userId, campaignId] as const,
};

const campaignHeader = (campaignId: string) => ({ 'x-campaign-id': campaignId });
const unitPath = (id: string) => `/api/units/${encodeURIComponent(id)}`;

function useUserId(): string {
  return useSession()?.user._id ?? 'anonymous';
}

/** The units of a campaign, in the server's order (oldest first). */
export function useUnits(campaignId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: unitKeys.list(userId, campaignId),
    queryFn: ({ signal }) =>
      apiRequest<Unit[]>('GET', '/api/units', { headers: campaignHeader(campaignId), signal }),
  });
}

function useUnitCache(campaignId: string) {
  const queryClient = useQueryClient();
  const key = unitKeys.list(useUserId(), campaignId);
  return {
    add(unit: Unit) {
      queryClient.setQueryData<Unit[]>(key, (list) => (list ? [...list, unit] : list));
    },
    replace(unit: Unit) {
      queryClient.setQueryData<Unit[]>(key, (list) =>
        list?.map((item) => (item._id === unit._id ? unit : item)),
      );
    },
    remove(id: string) {
      queryClient.setQueryData<Unit[]>(key, (list) => list?.filter((item) => item._id !== id));
    },
    invalidate() {
      return queryClient.invalidateQueries({ queryKey: key });
    },
  };
}

/** Creates a unit (also used by duplicate: the copy is a create with every field but the name). */
export function useCreateUnit(campaignId: string) {
  const cache = useUnitCache(campaignId);
  return useMutation({
    mutationFn: (unit: NewUnit) =>
      apiRequest<Unit>('POST', '/api/units', {
        headers: campaignHeader(campaignId),
        body: { ...unit, gameDataId: campaignId },
      }),
    onSuccess: (unit) => cache.add(unit),
  });
}

/** A partial update (any field: name, currentHp, status, notes…); the cache takes the server's answer. */
export function useUpdateUnit(campaignId: string) {
  const cache = useUnitCache(campaignId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateUnitBody }) =>
      apiRequest<Unit>('PUT', unitPath(id), { headers: campaignHeader(campaignId), body: changes }),
    onSuccess: (unit) => cache.replace(unit),
  });
}

export function useDeleteUnit(campaignId: string) {
  const cache = useUnitCache(campaignId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', unitPath(id), { headers: campaignHeader(campaignId) }),
    onSuccess: (_result, id) => cache.remove(id),
  });
}

/** Quick generation (Adventurer and Hero, create mode): random characteristics from a template. */
export function generateCharacteristics(
  campaignId: string,
  template: QuickTemplate,
): Promise<Record<string, number>> {
  return apiRequest<{ characteristics: Record<string, number> }>('POST', '/api/units/generate', {
    headers: campaignHeader(campaignId),
    body: { template },
  }).then((answer) => answer.characteristics);
}

/** The copy of a unit under a new name: every writable field but the name (duplicate dialog). */
export function duplicateOf(unit: Unit, name: string): NewUnit {
  return {
    name,
    gender: unit.gender,
    isPlayer: unit.isPlayer,
    race: unit.race,
    class: unit.class,
    status: unit.status,
    characteristics: { ...unit.characteristics },
    hp: unit.hp,
    currentHp: unit.currentHp,
    money: { ...unit.money },
    notes: unit.notes,
  };
}

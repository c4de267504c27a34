// Unit server state of the current campaign, shared by the units view, the unit form, the notes
// viewer and (docs/decisions/015) the combat view: one query per campaign and the mutations that keep it in
// step. Every call carries the campaign in `X-Campaign-Id`; errors are ApiError with the server's
// localized message (and `fields` for validation errors). Saves that can clash with another tab send
// the unit's `version` (decision 036): a stale one is answered 409 UNIT_CONFLICT with the unit as it is.
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { campaignHeaders } from '@questkeeper/core/schemas/common';
import type {
  copyUnitBody,
  copyUnitResponse,
  CreateUnitBody,
  createUnitBody,
  generateBody,
  generateResponse,
  Unit,
  unit,
  UnitConflictBody,
  UpdateUnitBody,
  updateUnitBody,
} from '@questkeeper/core/schemas/units';
import type { QuickTemplate } from '@questkeeper/core/units/quick-generation';
import type { Language } from './i18n';
import type { parseStatBlockBody, parseStatBlockResponse } from '@questkeeper/core/schemas/statblock';
import { ApiError, apiRequest } from './api-client';
import { refetchAfterRename } from './link-renames';
import { useUserId } from './query-client';

export type { CreateUnitBody, Unit, UpdateUnitBody };

/** What a create sends but `gameDataId`, which createUnit fills in from the campaign. */
type CreateUnitInput = Omit<z.input<typeof createUnitBody>, 'gameDataId'>;
/** A complete new unit, as the unit form and the duplicate dialog build it. */
export type NewUnit = Omit<CreateUnitBody, 'gameDataId'>;

export const unitKeys = {
  all: (userId: string) => ['units', userId] as const,
  list: (userId: string, campaignId: string) => ['units', userId, campaignId] as const,
};

/** The campaign a units or combat call works on. */
export const campaignHeader = (campaignId: string) =>
  ({ 'x-campaign-id': campaignId }) satisfies z.input<typeof campaignHeaders>;
const unitPath = (id: string) => `/api/units/${encodeURIComponent(id)}`;

// One typed fetcher per endpoint; the hooks below add the query cache.

export function getUnits(campaignId: string, signal: AbortSignal) {
  return apiRequest<{ response: z.ZodArray<typeof unit> }>('GET', '/api/units', {
    headers: campaignHeader(campaignId),
    signal,
  });
}

export function createUnit(campaignId: string, newUnit: CreateUnitInput) {
  return apiRequest<{ body: typeof createUnitBody; response: typeof unit }>('POST', '/api/units', {
    headers: campaignHeader(campaignId),
    body: { ...newUnit, gameDataId: campaignId },
  });
}

/**
 * Changes the fields sent. With `version` (the unit's version the change was made from), a unit
 * written since is left as it is and the call fails with a 409 that conflictUnit reads.
 */
export function updateUnit(campaignId: string, id: string, changes: z.input<typeof updateUnitBody>) {
  return apiRequest<{ body: typeof updateUnitBody; response: typeof unit }>('PUT', unitPath(id), {
    headers: campaignHeader(campaignId),
    body: changes,
  });
}

/**
 * The unit as it is now, carried by a 409 UNIT_CONFLICT: a save sent with a version that is no longer
 * current (another tab saved it, a blow in combat changed it). Null for any other error.
 */
export function conflictUnit(error: unknown): Unit | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'UNIT_CONFLICT') return null;
  const body = error.body as Partial<UnitConflictBody> | undefined;
  return body?.unit && typeof body.unit.version === 'string' ? body.unit : null;
}

export function deleteUnit(campaignId: string, id: string) {
  return apiRequest<{ response: null }>('DELETE', unitPath(id), { headers: campaignHeader(campaignId) });
}

/** Numbered copies of a unit ("Goblin 2"…), all or none within the unit limit. */
export async function copyUnit(campaignId: string, id: string, count: number) {
  const answer = await apiRequest<{ body: typeof copyUnitBody; response: typeof copyUnitResponse }>(
    'POST',
    `${unitPath(id)}/copies`,
    { headers: campaignHeader(campaignId), body: { count } },
  );
  return answer.units;
}

/** Quick generation (Adventurer and Hero, create mode): random characteristics from a template. */
export async function generateCharacteristics(campaignId: string, template: QuickTemplate) {
  const answer = await apiRequest<{ body: typeof generateBody; response: typeof generateResponse }>(
    'POST',
    '/api/units/generate',
    { headers: campaignHeader(campaignId), body: { template } },
  );
  return answer.characteristics;
}

/** A pasted stat block read onto the campaign's characteristics (docs/product.md#paste-a-stat-block); writes nothing. */
export function parseStatBlock(campaignId: string, text: string, language?: Language) {
  return apiRequest<{ body: typeof parseStatBlockBody; response: typeof parseStatBlockResponse }>(
    'POST',
    '/api/units/parse-statblock',
    { headers: campaignHeader(campaignId), body: language ? { text, language } : { text } },
  );
}

/** The units of a campaign, in the server's order (oldest first). */
export function useUnits(campaignId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: unitKeys.list(userId, campaignId),
    queryFn: ({ signal }) => getUnits(campaignId, signal),
  });
}

function useUnitCache(campaignId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const key = unitKeys.list(userId, campaignId);
  return {
    /** A new name rewrote the links to the unit in other texts (docs/decisions/063). */
    renamed() {
      return refetchAfterRename(queryClient, userId);
    },
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
    mutationFn: (newUnit: CreateUnitInput) => createUnit(campaignId, newUnit),
    onSuccess: (unit) => cache.add(unit),
  });
}

/**
 * A partial update (any field: name, currentHp, status, notes…); the cache takes the server's answer,
 * and on a 409 UNIT_CONFLICT the unit that answer carries (the caller keeps its draft).
 */
export function useUpdateUnit(campaignId: string) {
  const cache = useUnitCache(campaignId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: z.input<typeof updateUnitBody> }) =>
      updateUnit(campaignId, id, changes),
    onSuccess: (unit, { changes }) => {
      cache.replace(unit);
      if (changes.name !== undefined) void cache.renamed();
    },
    onError: (error) => {
      const current = conflictUnit(error);
      if (current) cache.replace(current);
    },
  });
}

/** Copies of a unit: the cache takes them at the end of the list, in their numbered order. */
export function useCopyUnit(campaignId: string) {
  const cache = useUnitCache(campaignId);
  return useMutation({
    mutationFn: ({ id, count }: { id: string; count: number }) => copyUnit(campaignId, id, count),
    onSuccess: (units) => units.forEach((unit) => cache.add(unit)),
  });
}

export function useDeleteUnit(campaignId: string) {
  const cache = useUnitCache(campaignId);
  return useMutation({
    mutationFn: (id: string) => deleteUnit(campaignId, id),
    onSuccess: (_result, id) => cache.remove(id),
  });
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
    // New counters of the copy's own (the server gives them ids), with the same rules.
    counters: unit.counters.map(({ label, max, kind, reset, recharge }) => ({
      label,
      max,
      kind,
      reset,
      recharge: recharge ? { ...recharge } : null,
    })),
  };
}

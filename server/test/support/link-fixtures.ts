// Test helpers for links, backlinks and the campaign search (decision 063): a Hero's campaign with
// named lists written straight into the database, and thin calls of the API around it.
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import type { Encounter } from '@questkeeper/core/schemas/encounters';
import type { Backlink } from '@questkeeper/core/schemas/links';
import type { SearchResult } from '@questkeeper/core/search/campaign-search';
import type { Unit } from '@questkeeper/core/schemas/units';
import type { App } from '../../src/app';
import { bearer, registerUser } from './harness';
import { insertCampaign } from './unit-fixtures';

const entry = (name: string, note = '') => ({ _id: crypto.randomUUID(), name, note });

export interface LinkCampaignOptions {
  language?: 'en' | 'fr';
  rules?: string;
  races?: { name: string; note?: string }[];
  classes?: { name: string; note?: string }[];
  statuses?: { name: string; note?: string }[];
  characteristics?: string[];
}

/** A Hero with one campaign (`options` replace its lists) and calls of the API as that user. */
export async function linkCampaign(app: App, options: LinkCampaignOptions = {}) {
  const user = await registerUser(app, {
    tier: 'Hero',
    ...(options.language ? { language: options.language } : {}),
  });
  const campaignId = await insertCampaign(app, user._id, {
    rules: options.rules ?? '',
    races: (options.races ?? [{ name: 'Elf' }, { name: 'Dwarf' }]).map((r) => entry(r.name, r.note)),
    classes: (options.classes ?? [{ name: 'Mage' }, { name: 'Warrior' }]).map((c) => ({
      ...entry(c.name, c.note),
      color: '#1d4ed8',
    })),
    statuses: (options.statuses ?? [{ name: 'Normal' }]).map((s) => entry(s.name, s.note)),
    characteristics: (options.characteristics ?? ['Strength']).map((name) => ({ name, max: 20 })),
  });
  const headers = bearer(user.token, campaignId);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async <T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> => {
    const answer = await response;
    if (answer.statusCode !== status) throw new Error(`answered ${answer.statusCode}: ${answer.body}`);
    return answer.json<T>();
  };
  const campaign = async (): Promise<Campaign> =>
    (await ok<Campaign[]>(call('GET', '/api/game-data'))).find((c) => c._id === campaignId)!;
  return {
    user,
    campaignId,
    headers,
    call,
    campaign,
    async unit(name: string, fields: Record<string, unknown> = {}): Promise<Unit> {
      const lists = await campaign();
      return ok<Unit>(
        call('POST', '/api/units', {
          name,
          race: lists.races[0]?.name ?? '',
          class: lists.classes[0]?.name ?? '',
          ...fields,
        }),
        201,
      );
    },
    units: () => ok<Unit[]>(call('GET', '/api/units')),
    updateUnit: (id: string, body: Record<string, unknown>) =>
      ok<Unit>(call('PUT', `/api/units/${id}`, body)),
    encounter: (name: string, notes: string) =>
      ok<Encounter>(call('POST', '/api/encounters', { name, notes }), 201),
    encounters: () => ok<Encounter[]>(call('GET', '/api/encounters')),
    update: (body: Record<string, unknown>) =>
      ok<Campaign>(call('PUT', `/api/game-data/${campaignId}`, body)),
    listEdit: (body: Record<string, unknown>) =>
      ok<{ campaign: Campaign }>(call('POST', `/api/game-data/${campaignId}/lists`, body)),
    backlinks: (kind: string, ref: string) =>
      ok<Backlink[]>(
        call('GET', `/api/game-data/${campaignId}/backlinks?kind=${kind}&ref=${encodeURIComponent(ref)}`),
      ),
    search: (q: string, limit?: number) =>
      ok<SearchResult[]>(
        call('GET', `/api/search?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`),
      ),
  };
}
export type LinkCampaign = Awaited<ReturnType<typeof linkCampaign>>;

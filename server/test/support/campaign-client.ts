// Thin wrappers over app.inject for the campaign tests (never a port).
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import type { App } from '../../src/app';
import { bearer } from './harness';

export function campaignClient(app: App) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    list: (token: string) => call('GET', '/api/game-data', token),
    limit: (token: string) => call('GET', '/api/game-data/campaigns/limit', token),
    create: (token: string, payload: unknown = { name: 'Campaign' }) =>
      call('POST', '/api/game-data', token, payload),
    update: (token: string, id: string, payload: unknown) =>
      call('PUT', `/api/game-data/${id}`, token, payload),
    remove: (token: string, id: string) => call('DELETE', `/api/game-data/${id}`, token),
    copy: (token: string, id: string, sourceCampaignId: unknown) =>
      call('POST', `/api/game-data/${id}/copy`, token, { sourceCampaignId }),

    /** Creates a campaign and fails loudly when the API refuses. */
    async created(token: string, payload: unknown = { name: 'Campaign' }): Promise<Campaign> {
      const response = await call('POST', '/api/game-data', token, payload);
      if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
      return response.json<Campaign>();
    },

    async campaigns(token: string): Promise<Campaign[]> {
      return (await call('GET', '/api/game-data', token)).json<Campaign[]>();
    },
  };
}

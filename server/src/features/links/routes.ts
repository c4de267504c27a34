// HTTP only: "Linked from" of a campaign's thing and the campaign search (docs/product.md#links,
// #campaign-search, decision 063), schemas from core, calls into the links service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignHeaders, errorBody, idParams } from '@questkeeper/core/schemas/common';
import {
  backlinksQuery,
  backlinksResponse,
  searchQuery,
  searchResponse,
} from '@questkeeper/core/schemas/links';
import { campaignIdOf } from '../../lib/campaign-header';
import { signedIn, userOf } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const links = app.services.links;
  const security = [{ bearer: [] }];

  await signedIn(app, async (r) => {
    r.get(
      '/api/game-data/:id/backlinks',
      {
        schema: {
          tags: ['campaigns'],
          security,
          description:
            'Every text of the campaign with a link to the target (`kind`, and `ref`: its id, a ' +
            "characteristic's name, a heading's slug), once each with the line around its first link: " +
            'rules lines first (id: the 1-based line, name: its section), then units, races, classes, ' +
            'statuses and encounters by name. A target that does not exist has none.',
          params: idParams,
          querystring: backlinksQuery,
          response: { 200: backlinksResponse, ...errors },
        },
      },
      async (request) =>
        links.backlinks(userOf(request), request.params.id, request.query.kind, request.query.ref),
    );

    r.get(
      '/api/search',
      {
        schema: {
          tags: ['campaigns'],
          security,
          description:
            "Searches the campaign's rules (lines and headings), units (name, race, class, status, notes), " +
            'list entries and encounters; case and accents do not count, words in any order. Names holding ' +
            'every word first, then rules headings, then texts; `ranges` mark the matches in `snippet`. ' +
            'A blank query or one over 200 characters: 400.',
          headers: campaignHeaders,
          querystring: searchQuery,
          response: { 200: searchResponse, ...errors },
        },
      },
      async (request) =>
        links.search(userOf(request), campaignIdOf(request), request.query.q, request.query.limit),
    );
  });
};
export default routes;

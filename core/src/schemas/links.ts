// Links, backlinks and the campaign search on the wire (docs/decisions/063, docs/product.md#links,
// #campaign-search): GET /api/game-data/{id}/backlinks and GET /api/search.
import { z } from 'zod';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX } from '../limits';
import { LINK_KINDS } from '../links/links';
import { searchQueryProblem } from '../search/search-query';

/** Which texts a link can live in: the rules (by line), a unit's notes, a list entry's note, an encounter's notes. */
export const LINK_SOURCE_KINDS = ['rules', 'unit', 'race', 'class', 'status', 'encounter'] as const;
export type LinkSourceKind = (typeof LINK_SOURCE_KINDS)[number];

/** GET /api/game-data/{id}/backlinks?kind=…&ref=… */
export const backlinksQuery = z.object({
  kind: z.enum(LINK_KINDS, { error: 'validation.invalid' }),
  /** The target's id; a characteristic's name; a heading's slug. */
  ref: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, {
    error: 'validation.tooLong',
  }),
});
export type BacklinksQuery = z.infer<typeof backlinksQuery>;

export const backlink = z.object({
  source: z.object({
    kind: z.enum(LINK_SOURCE_KINDS),
    /** The unit's, entry's or encounter's id; for the rules, the 1-based line of the link. */
    id: z.string(),
    /** Its name; for the rules, the heading the line sits under ('' before any heading). */
    name: z.string(),
  }),
  /** The line around the (first) link of that source to the target, markdown stripped. */
  snippet: z.string(),
});
export type Backlink = z.infer<typeof backlink>;
export const backlinksResponse = z.array(backlink);

/** GET /api/search?q=…&limit=… (header X-Campaign-Id). */
export const searchQuery = z.object({
  q: z.string({ error: 'search.empty' }).superRefine((value, ctx) => {
    const problem = searchQueryProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { max: SEARCH_QUERY_MAX } });
  }),
  limit: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.tooSmall' })
    .max(SEARCH_LIMIT_MAX, { error: 'validation.tooBig' })
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchResult = z.object({
  kind: z.enum(['heading', 'rules', 'unit', 'race', 'class', 'status', 'characteristic', 'encounter']),
  id: z.string(),
  name: z.string(),
  snippet: z.string(),
  ranges: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
});
export const searchResponse = z.array(searchResult);

// The query of a campaign search (docs/decisions/063), checked once for the API's schema
// (schemas/links.ts) and the web's search box, so both say the same words. No zod: the web imports it.
import { SEARCH_QUERY_MAX } from '../limits';

/** Trimmed, 1 to SEARCH_QUERY_MAX characters; the message key of what is wrong, else null. */
export function searchQueryProblem(query: string): 'search.empty' | 'search.tooLong' | null {
  const trimmed = query.trim();
  if (trimmed === '') return 'search.empty';
  if (trimmed.length > SEARCH_QUERY_MAX) return 'search.tooLong';
  return null;
}

// A rename rewrites links everywhere (docs/decisions/063): renaming a unit or a list entry changes
// `[[Old]]` to `[[New]]` in the rules, the list notes, other units' notes and the encounters' notes, in
// the rename's own transaction. What the web holds of those texts is then stale: read it again, so what
// is shown is the server's truth. The keys are the prefixes of campaignKeys, unitKeys, encounterKeys
// and backlinkKeys, written out here because those modules import each other's neighbours.
import type { QueryClient } from '@tanstack/react-query';

/** Reads again every text a rename may have rewritten (all campaigns' lists, units, encounters). */
export function refetchAfterRename(queryClient: QueryClient, userId: string): Promise<void> {
  return Promise.all(
    [
      ['campaigns', userId],
      ['units', userId],
      ['encounters', userId],
      ['backlinks', userId],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

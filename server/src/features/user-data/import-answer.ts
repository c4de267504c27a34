// The 201 of an import: the new campaign, as core's `campaign` schema describes it (decision 047).
// Its lists can hold 12 MB of notes; serialized whole and encoded to UTF-8 in one go that would hold
// the event loop for tens of milliseconds. So the answer is written as pieces: the small fields
// serialized here, each list from the very UTF-8 chunks the worker built and the import wrote.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import { CAMPAIGN_LISTS, textPieces, type CampaignList } from './import-rows';

export interface ImportedCampaign {
  /** Every field of the answer but the lists. */
  head: Omit<Campaign, CampaignList>;
  /** Each list as JSON arrays (UTF-8) whose items, in order, are the list. */
  lists: Record<CampaignList, Uint8Array[]>;
  /** What a campaign archive left out (docs/decisions/077), worded; answered only when there is some. */
  warnings?: { reason: string; text: string; limit?: number; message: string }[];
}

/**
 * The answer's JSON as a stream of pieces, none larger than a list's chunk or a piece of the rules,
 * with a turn of the event loop between them: writing megabytes at once would hold the loop.
 */
export function campaignAnswer(imported: ImportedCampaign): Readable {
  return Readable.from(pieces(imported), { objectMode: false });
}

async function* pieces({ head, lists, warnings }: ImportedCampaign): AsyncGenerator<Uint8Array> {
  const { _id, userId, name, rules, characteristics, ...rest } = head;
  yield Buffer.from(`${JSON.stringify({ _id, userId, name, characteristics }).slice(0, -1)},"rules":"`);
  // Pieces are cut between characters (textPieces): each one's escaped text, joined, is the whole's.
  for (const piece of textPieces(rules)) {
    await nextTurn();
    yield Buffer.from(JSON.stringify(piece).slice(1, -1));
  }
  yield QUOTE;
  for (const list of CAMPAIGN_LISTS) {
    yield Buffer.from(`,${JSON.stringify(list)}:[`);
    for (const [index, chunk] of lists[list].entries()) {
      await nextTurn();
      if (index > 0) yield COMMA;
      // A chunk is `[item,item…]`: its items go in without the brackets.
      yield chunk.subarray(1, chunk.length - 1);
    }
    yield CLOSE;
  }
  const tail = warnings && warnings.length > 0 ? { ...rest, warnings } : rest;
  yield Buffer.from(`,${JSON.stringify(tail).slice(1)}`);
}

const QUOTE = Buffer.from('"');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

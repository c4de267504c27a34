// "Linked from" (docs/product.md#links, decision 063): the texts of a campaign whose links resolve to
// one target, each source once with the line around its first link to it, markdown stripped. Pure
// over a campaign's index: every text's links are parsed once per version, and a link resolves to the
// target exactly when its folded key is the target's own and the resolver gives that key to the
// target (a unit named like a race takes the links), so a request compares strings only.
import { headingSlug, linkKey, type LinkKind } from '@questkeeper/core/links/links';
import { cutSnippet, lineOf } from '@questkeeper/core/search/campaign-search';
import type { Backlink } from '@questkeeper/core/schemas/links';
import { plainLine } from '@questkeeper/core/text/plain-line';
import { resolverOf, type CampaignIndex, type IndexedText, type KeyedLink } from './campaign-index';

/** The key links to the target carry, or null when no link can resolve to it. */
export function targetKey(index: CampaignIndex, kind: LinkKind, ref: string): string | null {
  const resolve = resolverOf(index);
  const { row } = index.campaign;
  if (kind === 'heading') {
    const heading = index.campaign.headings.find((found) => found.slug === ref);
    if (!heading) return null;
    const found = resolve({ target: heading.text, heading: true });
    return found?.id === ref ? `#${headingSlug(heading.text)}` : null;
  }
  let name: string | undefined;
  let id = ref;
  if (kind === 'unit') name = index.units.find((unit) => unit.id === ref)?.name;
  else if (kind === 'race') name = row.races.find((entry) => entry._id === ref)?.name;
  else if (kind === 'class') name = row.classes.find((entry) => entry._id === ref)?.name;
  else if (kind === 'status') name = row.statuses.find((entry) => entry._id === ref)?.name;
  else {
    // A characteristic's id is its name; the caller may write it in another case.
    const key = linkKey(ref);
    name = row.characteristics.find((entry) => linkKey(entry.name) === key)?.name;
    if (name !== undefined) id = name;
  }
  if (name === undefined) return null;
  const found = resolve({ target: name, heading: false });
  return found && found.kind === kind && found.id === id ? linkKey(name) : null;
}

/** The plain line around text[start, end), cut to SEARCH_SNIPPET_CHARS around it when longer. */
export function snippetAround(text: string, start: number, end: number): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', start);
  if (lineEnd === -1) lineEnd = text.length;
  const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
  const plain = plainLine(line, [{ start: start - lineStart, end: Math.min(end, lineEnd) - lineStart }]);
  return cutSnippet(plain.text, plain.ranges).snippet;
}

const firstLink = (links: readonly KeyedLink[], key: string) => links.find((link) => link.key === key);

const SOURCE_ORDER = { unit: 0, race: 1, class: 2, status: 3, encounter: 4 } as const;

/**
 * Every source linking to (kind, ref): the rules one per line that links (id: its 1-based line, name:
 * the heading it sits under), then units, races, classes, statuses and encounters by name, each once.
 */
export function backlinksOf(index: CampaignIndex, kind: LinkKind, ref: string): Backlink[] {
  const key = targetKey(index, kind, ref);
  if (key === null) return [];
  const results: Backlink[] = [];

  const { campaign } = index;
  const rules = campaign.row.rules;
  let lastLine = -1;
  let heading = -1;
  const headings = campaign.headings;
  for (const link of campaign.rulesLinks) {
    if (link.key !== key) continue;
    const line = lineOf(campaign.lineStarts, link.start);
    if (line === lastLine) continue;
    lastLine = line;
    // Links come in order: the section moves forward with them.
    while (heading + 1 < headings.length && headings[heading + 1]!.line <= line) heading += 1;
    results.push({
      source: { kind: 'rules', id: String(line + 1), name: heading === -1 ? '' : headings[heading]!.text },
      snippet: snippetAround(rules, link.start, link.end),
    });
  }

  const sources: IndexedText[] = [...index.units, ...campaign.lists, ...index.encounters];
  const others: Backlink[] = [];
  for (const source of sources) {
    if (source.kind === 'characteristic') continue;
    const link = firstLink(source.links, key);
    if (!link) continue;
    others.push({
      source: { kind: source.kind, id: source.id, name: source.name },
      snippet: snippetAround(source.text, link.start, link.end),
    });
  }
  others.sort(
    (a, b) =>
      SOURCE_ORDER[a.source.kind as keyof typeof SOURCE_ORDER] -
        SOURCE_ORDER[b.source.kind as keyof typeof SOURCE_ORDER] ||
      a.source.name.localeCompare(b.source.name) ||
      a.source.id.localeCompare(b.source.id),
  );
  return [...results, ...others];
}

// Foundry VTT exports (issue #35), as "Export Data" writes one document, several in a JSON array, or
// such files in a ZIP. Field names follow the dnd5e system's data models (foundryvtt/dnd5e,
// module/data/actor/npc.mjs, character.mjs, templates/attributes.mjs, shared/uses-field.mjs), with
// the 3.x names read too:
// - actors (`type` "npc" or "character"): `system.abilities.<str…cha>.value` → the campaign's
//   characteristics, `system.attributes.hp.max` (else `.value`) → HP, a character → player character,
//   its race and first class items → race and class; notes: type, Armor Class, speed, challenge, the
//   biography, then feat items as traits (or actions, bonus actions, reactions, legendary actions by
//   their activation) and weapon items as actions, each "**Name.** text"; counters: legendary actions
//   (`system.resources.legact.max`), recharges (`uses.recovery` period "recharge", 3.x
//   `recharge.value`), daily uses;
// - journal entries (`pages[]`): text pages → one rules section each entry (`##`), a page a `###`;
//   `<section class="secret">` → `:::secret` blocks (html-markdown.ts);
// - enrichers: `@UUID[Actor.x]{Goblin}` → `[[Goblin]]`, a journal's → `[[#Name]]`, inline rolls
//   `[[/r 1d20]]` → `1d20`, other `@Tag[…]{label}` → the label.
import { translate } from '../i18n';
import { isFoundryDocument, type ForeignFiles } from './detect';
import { htmlToMarkdown, linkTarget } from './html-markdown';
import {
  arrayOf,
  characteristicsOf,
  clampHp,
  countersOf,
  field,
  FOREIGN_ENTRIES_MAX,
  headings,
  isRecord,
  Keys,
  nameOf,
  notesOf,
  numberOf,
  textOf,
  Warnings,
  type Entry,
  type ImportPlan,
  type PlanListEntry,
  type PlanOptions,
  type PlanUnit,
} from './plan';
import { ABILITIES, type Ability } from './statblock-vocabulary';

/** `@UUID[Actor.abc]{Goblin}`, `@Check[dex]`, `[[/r 1d20 + 5]]`, `[[2d6]]`, `&Reference[prone]`. */
const ENRICHER = /@(\w+)\[([^\]]*)\](?:\{([^}]*)\})?|\[\[\/?([^\]]*)\]\]|&Reference\[([^\]]*)\]/g;

type Doc = Record<string, unknown>;

/** The documents of a file: one, an array of them, or a ZIP's files of either. */
function documentsOf(file: unknown): Doc[] {
  const files = isForeignFiles(file) ? file.files.map((f) => f.json) : [file];
  return files.flatMap((json) => (Array.isArray(json) ? json : [json])).filter(isFoundryDocument) as Doc[];
}
const isForeignFiles = (file: unknown): file is ForeignFiles =>
  typeof file === 'object' && file !== null && 'files' in file && Array.isArray((file as ForeignFiles).files);

const ACTIVATION_SECTION: Record<string, 'actions' | 'bonusActions' | 'reactions' | 'legendary'> = {
  action: 'actions',
  bonus: 'bonusActions',
  reaction: 'reactions',
  legendary: 'legendary',
};

export function readFoundry(file: unknown, options: PlanOptions): ImportPlan | null {
  const docs = documentsOf(file);
  if (docs.length === 0) return null;
  const warnings = new Warnings(options.language);
  const h = headings(options.language);
  const t = (key: Parameters<typeof translate>[1]) => translate(options.language, key);
  const actors = docs.filter((d) => field(d, 'type') === 'npc' || field(d, 'type') === 'character');
  const journals = docs.filter((d) => Array.isArray(field(d, 'pages')));

  // Ids → names, for enrichers that name a document of the file without a label.
  const names = new Map<string, { name: string; journal: boolean }>();
  for (const doc of docs) {
    const id = textOf(field(doc, '_id'), warnings, '');
    const name = textOf(field(doc, 'name'), warnings, '');
    if (id && name) names.set(id, { name, journal: journals.includes(doc) });
  }
  const enrichers = {
    pattern: ENRICHER,
    read: (whole: string): string | null => {
      const roll =
        /^\[\[\/?(?:r|roll|gmr|br|pr|damage|heal|check|save|skill|tool|attack|item)?\s*([^\]]*)\]\]$/i.exec(
          whole,
        );
      if (roll) return roll[1]!.trim();
      const reference = /^&Reference\[([^\]]*)\]$/.exec(whole);
      if (reference) return reference[1]!.split(/\s/)[0]!.replace(/=.*/, '');
      const tag = /^@(\w+)\[([^\]]*)\](?:\{([^}]*)\})?$/.exec(whole);
      if (!tag) return null;
      const [, kind, target = '', label] = tag;
      const lastId = target.split('.').pop() ?? '';
      const known = names.get(lastId) ?? names.get(target.split('.')[1] ?? '');
      const isDocument = ['UUID', 'Actor', 'JournalEntry', 'JournalEntryPage', 'Compendium', 'Item'].includes(
        kind!,
      );
      if (!isDocument) return label ?? target;
      const shown = label ? linkTarget(label) : '';
      // A document of this file: a link; any other (a compendium's, another world's): its label.
      if (!known) return shown || lastId;
      const name = linkTarget(known.name);
      const ref = known.journal ? `#${name}` : name;
      return shown && shown !== name ? `[[${ref}|${shown}]]` : `[[${ref}]]`;
    },
  };
  const markdown = (value: unknown, where: string) =>
    htmlToMarkdown(textOf(value, warnings, where), enrichers);

  // Actors → units.
  const keys = new Keys();
  const units: PlanUnit[] = [];
  const races: PlanListEntry[] = [];
  const classes: PlanListEntry[] = [];
  if (actors.length > FOREIGN_ENTRIES_MAX) warnings.add('tooManyEntries', 'actors', FOREIGN_ENTRIES_MAX);
  for (const actor of actors.slice(0, FOREIGN_ENTRIES_MAX)) {
    const name = nameOf(field(actor, 'name'), warnings);
    if (name === '') {
      warnings.add('skipped', textOf(field(actor, '_id'), warnings, '').slice(0, 100) || 'actor');
      continue;
    }
    const system = field(actor, 'system');
    const attributes = field(system, 'attributes');
    const details = field(system, 'details');
    const abilities: Partial<Record<Ability, number | null>> = {};
    for (const ability of Object.keys(ABILITIES) as Ability[]) {
      abilities[ability] = numberOf(field(field(field(system, 'abilities'), ability), 'value'));
    }
    const hp = field(attributes, 'hp');
    const hpMax = numberOf(field(hp, 'max'));
    const items = arrayOf(field(actor, 'items')).filter(isRecord);
    const itemText = (item: Doc) =>
      markdown(
        field(field(field(item, 'system'), 'description'), 'value'),
        `${name}: ${textOf(field(item, 'name'), warnings, name)}`,
      );

    // Header lines.
    const type = field(details, 'type');
    const typeLine = [
      textOf(isRecord(type) ? field(type, 'value') : type, warnings, name),
      isRecord(type) && field(type, 'subtype') ? `(${textOf(field(type, 'subtype'), warnings, name)})` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const alignment = textOf(field(details, 'alignment'), warnings, name);
    const ac = field(attributes, 'ac');
    const acValue = numberOf(field(ac, 'flat')) ?? numberOf(field(ac, 'value'));
    const walk = numberOf(field(field(attributes, 'movement'), 'walk'));
    const units_ = textOf(field(field(attributes, 'movement'), 'units'), warnings, name) || 'ft';
    const cr = numberOf(field(details, 'cr'));
    const intro = [
      typeLine || alignment ? `*${[typeLine, alignment].filter(Boolean).join(', ')}*` : '',
      acValue === null ? '' : `**${h.armorClass}** ${acValue}`,
      walk === null ? '' : `**${h.speed}** ${walk} ${units_}`,
      cr === null || field(actor, 'type') !== 'npc' ? '' : `**${h.challenge}** ${cr}`,
      markdown(field(field(details, 'biography'), 'value'), name),
    ];

    // Items: feats and weapons as entries, by the section their activation puts them in.
    const sections = {
      traits: [] as Entry[],
      actions: [] as Entry[],
      bonusActions: [] as Entry[],
      reactions: [] as Entry[],
      legendary: [] as Entry[],
    };
    const recharges: Record<keyof typeof sections, (string | null)[]> = {
      traits: [],
      actions: [],
      bonusActions: [],
      reactions: [],
      legendary: [],
    };
    const counterNames: Record<keyof typeof sections, Entry[]> = {
      traits: [],
      actions: [],
      bonusActions: [],
      reactions: [],
      legendary: [],
    };
    let race = '';
    let klass = '';
    for (const item of items) {
      const itemType = field(item, 'type');
      const itemName = textOf(field(item, 'name'), warnings, name).trim();
      const itemSystem = field(item, 'system');
      if (itemType === 'race' || itemType === 'species') {
        race ||= itemName;
        if (itemName) races.push({ name: nameOf(itemName, warnings), note: itemText(item) });
        continue;
      }
      if (itemType === 'class') {
        klass ||= itemName;
        if (itemName) classes.push({ name: nameOf(itemName, warnings), note: itemText(item) });
        continue;
      }
      if ((itemType !== 'feat' && itemType !== 'weapon') || itemName === '') continue;
      const activations = [
        field(field(itemSystem, 'activation'), 'type'),
        ...Object.values(
          isRecord(field(itemSystem, 'activities')) ? (field(itemSystem, 'activities') as Doc) : {},
        ).map((activity) => field(field(activity, 'activation'), 'type')),
      ].filter((value): value is string => typeof value === 'string');
      const section =
        activations.map((a) => ACTIVATION_SECTION[a]).find(Boolean) ??
        (itemType === 'weapon' ? 'actions' : 'traits');
      const uses = field(itemSystem, 'uses');
      const recovery = arrayOf(field(uses, 'recovery')).filter(isRecord);
      const rechargeOf = recovery.find((r) => field(r, 'period') === 'recharge') ?? null;
      const recharge = rechargeOf
        ? textOf(field(rechargeOf, 'formula'), warnings, itemName) || '6'
        : numberOf(field(field(itemSystem, 'recharge'), 'value')) !== null
          ? String(numberOf(field(field(itemSystem, 'recharge'), 'value')))
          : null;
      const perDay = numberOf(field(uses, 'max'));
      const daily =
        perDay !== null &&
        perDay > 0 &&
        (recovery.some((r) => ['day', 'lr', 'dawn'].includes(String(field(r, 'period')))) ||
          ['day', 'lr', 'dawn'].includes(String(field(uses, 'per'))));
      sections[section].push({ name: itemName, text: itemText(item) });
      recharges[section].push(recharge);
      counterNames[section].push({ name: daily ? `${itemName} (${perDay}/Day)` : itemName, text: '' });
    }
    const details_ = field(details, 'race');
    if (!race && typeof details_ === 'string' && !/^[A-Za-z0-9]{16}$/.test(details_)) race = details_.trim();

    const legact = field(field(system, 'resources'), 'legact');
    const legendary = numberOf(field(legact, 'max')) ?? numberOf(field(legact, 'value'));
    const order = ['traits', 'actions', 'bonusActions', 'reactions', 'legendary'] as const;
    const notes = notesOf(
      intro,
      order.map((key) => ({ heading: h[key], entries: sections[key] })),
      options,
      warnings,
      name,
    );
    const counters = countersOf(
      order.map((key) => ({ entries: counterNames[key], recharge: recharges[key] })),
      legendary !== null && legendary > 0 ? legendary : sections.legendary.length > 0 ? 3 : null,
      options,
      warnings,
      name,
    );
    const id = textOf(field(actor, '_id'), warnings, name);
    units.push({
      key: keys.take(`actor:${id || name}`),
      name,
      hp: clampHp(hpMax !== null && hpMax > 0 ? hpMax : field(hp, 'value'), warnings, name),
      isPlayer: field(actor, 'type') === 'character',
      characteristics: characteristicsOf(abilities, options, warnings, name),
      notes,
      counters,
      ...(race ? { race: nameOf(race, warnings) } : {}),
      ...(klass ? { class: nameOf(klass, warnings) } : {}),
    });
  }

  // Journal entries → rules sections.
  const sections: string[] = [];
  for (const journal of journals) {
    const title = textOf(field(journal, 'name'), warnings, 'journal').replace(/\s+/g, ' ').trim();
    const pages = arrayOf(field(journal, 'pages'))
      .filter(isRecord)
      .filter((page) => field(page, 'type') === undefined || field(page, 'type') === 'text')
      .sort((a, b) => (numberOf(field(a, 'sort')) ?? 0) - (numberOf(field(b, 'sort')) ?? 0));
    const parts = pages.map((page) => {
      const text = field(page, 'text');
      const pageName = textOf(field(page, 'name'), warnings, title).replace(/\s+/g, ' ').trim();
      // Format 2: the page was written in markdown.
      const body =
        numberOf(field(text, 'format')) === 2 && typeof field(text, 'markdown') === 'string'
          ? textOf(field(text, 'markdown'), warnings, pageName)
          : markdown(field(text, 'content'), pageName);
      const showTitle = pages.length > 1 && pageName !== '' && pageName !== title;
      return [showTitle ? `### ${pageName}` : '', body].filter(Boolean).join('\n\n');
    });
    if (title === '' && parts.every((p) => p === '')) continue;
    sections.push(
      [`## ${title || t('foreignImport.formats.foundry')}`, ...parts.filter(Boolean)].join('\n\n'),
    );
  }

  const firstJournal = textOf(field(journals[0], 'name'), warnings, '').trim();
  return {
    format: 'foundry',
    name:
      actors.length === 0 && journals.length === 1 && firstJournal
        ? nameOf(firstJournal, warnings)
        : t('foreignImport.formats.foundry'),
    units,
    encounters: [],
    warnings: warnings.list,
    races,
    classes,
    rules: sections.join('\n\n'),
  };
}

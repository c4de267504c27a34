// Kanka's campaign export (issue #35): a ZIP with `campaign.json` and one folder per module, each entity
// one JSON file named `<slug>_<entity id>.json` (owlchester/kanka, app/Services/Campaign/ExportService
// and app/Traits/ExportableTrait): the model's fields (`id`, `name`, `title`, `age`, `sex`, `is_private`…),
// `entity` (its entity: `id`, `type`, `entry` as HTML, `is_private`, `posts` with `visibility_id`,
// `entityAttributes`) and, for characters, `characterRaces` (`race_id`), `characterFamilies`
// (`family_id`) and `characterTraits`. Read into an import plan:
// - characters → units (HP and abilities from attributes named so, the race from its relation, title,
//   age, type and families as notes, the entry and traits as markdown);
// - races → the campaign's races, their entry as the note;
// - notes and journals → rules sections, one `##` heading each;
// - private entities, traits and posts visible to admins or their author only → `:::secret` blocks;
// - mentions `[character:123]`, `[race:4|the elves]` → `[[Name]]` links (`[[#Heading]]` for a note).
// Other modules (locations, items…) are left out with one warning each.
import { DEFAULT_HP } from '../constants';
import { translate } from '../i18n';
import { foldText } from '../text/fold';
import type { ForeignFiles } from './detect';
import { htmlToMarkdown, linkTarget } from './html-markdown';
import {
  arrayOf,
  characteristicsOf,
  clampHp,
  field,
  FOREIGN_ENTRIES_MAX,
  isRecord,
  Keys,
  nameOf,
  notesOf,
  numberOf,
  textOf,
  Warnings,
  type ImportPlan,
  type PlanListEntry,
  type PlanOptions,
  type PlanUnit,
} from './plan';
import { ABILITY_OF, type Ability } from './statblock-vocabulary';

/** Kanka's post visibilities (app/Enums/Visibility): admins, admins and author, author alone. */
const SECRET_VISIBILITIES = new Set([2, 3, 4]);

/** `[character:123]`, `[race:4|the elves]`, `[note:9|anchor:x]`: a mention of entity 123. */
const MENTION = /\[([a-z_-]+):(\d+)(?:\|([^\]]*))?\]/gi;

const HP_NAMES = new Set(['hp', 'hit points', 'pv', 'points de vie', 'pv max', 'max hp']);

interface Entity {
  path: string;
  module: string;
  /** The entity's id (what mentions name). */
  entityId: string;
  /** The model's id (what relations name). */
  modelId: string;
  name: string;
  record: Record<string, unknown>;
  entity: Record<string, unknown>;
  isPrivate: boolean;
}

const idOf = (value: unknown) => {
  const n = numberOf(value);
  return n === null ? '' : String(n);
};

/** The module folder of a path: `characters/aria_12.json` and `export/characters/aria_12.json` alike. */
function moduleOf(path: string): string | null {
  const parts = path.split('/');
  return parts.length >= 2 ? parts[parts.length - 2]!.toLowerCase() : null;
}

export function readKanka(zip: ForeignFiles, options: PlanOptions): ImportPlan | null {
  const warnings = new Warnings(options.language);
  const t = (key: Parameters<typeof translate>[1]) => translate(options.language, key);
  const campaignFile = zip.files.find((f) => f.path.split('/').pop() === 'campaign.json');
  if (!campaignFile || !isRecord(campaignFile.json)) return null;
  const campaign = campaignFile.json;

  // Every entity of the archive, by module.
  const entities: Entity[] = [];
  const ignoredModules = new Map<string, number>();
  for (const { path, json } of zip.files) {
    const module = moduleOf(path);
    if (!module || !isRecord(json) || path.split('/').pop() === 'campaign.json') continue;
    if (!['characters', 'races', 'families', 'notes', 'journals'].includes(module)) {
      if (!['settings', 'gallery'].includes(module))
        ignoredModules.set(module, (ignoredModules.get(module) ?? 0) + 1);
      continue;
    }
    // A module's entity export, or `{ entity: … }` alone.
    const entity = isRecord(field(json, 'entity')) ? (field(json, 'entity') as Record<string, unknown>) : {};
    const fromName = /_(\d+)\.json$/i.exec(path)?.[1] ?? '';
    entities.push({
      path,
      module,
      entityId: idOf(field(entity, 'id')) || fromName,
      modelId: idOf(field(json, 'id')),
      name: nameOf(field(json, 'name') ?? field(entity, 'name'), warnings),
      record: json,
      entity,
      isPrivate: field(json, 'is_private') === true || field(entity, 'is_private') === true,
    });
  }
  for (const [module, count] of ignoredModules) warnings.add('ignored', `${module}/ (${count})`);

  const byEntityId = new Map(entities.filter((e) => e.entityId).map((e) => [e.entityId, e]));
  const modelOf = (module: string) =>
    new Map(entities.filter((e) => e.module === module && e.modelId).map((e) => [e.modelId, e]));
  const races = modelOf('races');
  const families = modelOf('families');

  const mentions = {
    pattern: MENTION,
    read: (whole: string) => {
      MENTION.lastIndex = 0;
      const match = /\[([a-z_-]+):(\d+)(?:\|([^\]]*))?\]/i.exec(whole);
      if (!match) return null;
      const target = byEntityId.get(match[2]!);
      // `|anchor:…`, `|field:…`: options, not the shown text.
      const shown = match[3] && !/^[a-z_-]+:/i.test(match[3]) ? linkTarget(match[3]) : '';
      if (!target || target.name === '') return shown || null;
      const name = linkTarget(target.name);
      const ref = target.module === 'notes' || target.module === 'journals' ? `#${name}` : name;
      return shown && shown !== name ? `[[${ref}|${shown}]]` : `[[${ref}]]`;
    },
  };
  const markdown = (value: unknown, where: string) =>
    htmlToMarkdown(textOf(value, warnings, where), mentions);
  const secret = (text: string, hidden: boolean) =>
    hidden && text !== '' ? `:::secret\n\n${text}\n\n:::` : text;
  const entryOf = (e: Entity) => markdown(field(e.entity, 'entry') ?? field(e.record, 'entry'), e.name);
  /** The entity's posts, each a heading of `level` and its text, secret when only admins see it. */
  const postsOf = (e: Entity, level: string) =>
    arrayOf(field(e.entity, 'posts'))
      .filter(isRecord)
      .sort((a, b) => (numberOf(field(a, 'position')) ?? 0) - (numberOf(field(b, 'position')) ?? 0))
      .map((post) => {
        const title = nameOf(field(post, 'name'), warnings, 200);
        const body = markdown(field(post, 'entry'), `${e.name}: ${title}`);
        const hidden =
          field(post, 'is_private') === true ||
          SECRET_VISIBILITIES.has(numberOf(field(post, 'visibility_id')) ?? 1);
        return secret([title ? `${level} ${title}` : '', body].filter(Boolean).join('\n\n'), hidden);
      })
      .filter((text) => text !== '');
  /** Entry and posts, the whole secret for a private entity. */
  const textOfEntity = (e: Entity, level: string) =>
    secret([entryOf(e), ...postsOf(e, level)].filter(Boolean).join('\n\n'), e.isPrivate);

  // Races: the campaign's races, their entries as notes.
  const planRaces: PlanListEntry[] = [...races.values()]
    .filter((e) => e.name !== '')
    .map((e) => ({ name: e.name, note: textOfEntity(e, '###') }));

  // Characters → units.
  const keys = new Keys();
  const units: PlanUnit[] = [];
  const characters = entities.filter((e) => e.module === 'characters');
  if (characters.length > FOREIGN_ENTRIES_MAX)
    warnings.add('tooManyEntries', 'characters/', FOREIGN_ENTRIES_MAX);
  for (const e of characters.slice(0, FOREIGN_ENTRIES_MAX)) {
    if (e.name === '') {
      warnings.add('skipped', e.path.slice(0, 200));
      continue;
    }
    // Attributes named HP or an ability (Kanka's D&D templates: "Strength", "HP"…).
    const abilities: Partial<Record<Ability, number>> = {};
    let hp: number | null = null;
    for (const attribute of arrayOf(field(e.entity, 'entityAttributes') ?? field(e.record, 'attributes'))) {
      const name = foldText(textOf(field(attribute, 'name'), warnings, e.name)).trim();
      const value = numberOf(field(attribute, 'value'));
      if (value === null) continue;
      const ability = ABILITY_OF.get(name);
      if (ability) abilities[ability] = value;
      else if (HP_NAMES.has(name) && hp === null) hp = value;
    }
    const raceRelation = arrayOf(field(e.record, 'characterRaces')).find(isRecord);
    const race = raceRelation ? races.get(idOf(field(raceRelation, 'race_id')))?.name : undefined;
    const familyNames = arrayOf(field(e.record, 'characterFamilies'))
      .map((relation) => families.get(idOf(field(relation, 'family_id')))?.name)
      .filter((name): name is string => Boolean(name));
    const line = (label: string, value: unknown) => {
      const text = textOf(value, warnings, e.name).trim();
      return text ? `**${label}** ${text}` : '';
    };
    const intro = [
      line(t('foreignImport.headings.title'), field(e.record, 'title')),
      line(t('foreignImport.headings.kind'), field(e.entity, 'type') ?? field(e.record, 'type')),
      line(t('foreignImport.headings.age'), field(e.record, 'age')),
      line(t('foreignImport.headings.family'), familyNames.join(', ')),
      entryOf(e),
      ...postsOf(e, '##'),
    ];
    const traits = arrayOf(field(e.record, 'characterTraits'))
      .filter(isRecord)
      .map((trait) => {
        const name = textOf(field(trait, 'name'), warnings, e.name).trim();
        const body = markdown(field(trait, 'entry'), `${e.name}: ${name}`);
        return { name, text: body, hidden: field(trait, 'is_private') === true };
      })
      .filter((trait) => trait.name !== '' || trait.text !== '');
    const sections = traits.some((trait) => !trait.hidden)
      ? [
          {
            heading: t('unitForm.statBlock.traits'),
            entries: traits.filter((trait) => !trait.hidden),
          },
        ]
      : [];
    const hiddenTraits = traits.filter((trait) => trait.hidden);
    if (hiddenTraits.length > 0)
      intro.push(secret(hiddenTraits.map((x) => `**${x.name}.** ${x.text}`).join('\n\n'), true));
    // A private character: the GM's own (the unit stays; what the file says of it is secret).
    const notes = notesOf(
      e.isPrivate ? [secret(intro.filter(Boolean).join('\n\n'), true)] : intro,
      sections,
      options,
      warnings,
      e.name,
    );
    const type = foldText(textOf(field(e.entity, 'type') ?? field(e.record, 'type'), warnings, e.name));
    units.push({
      key: keys.take(`character:${e.entityId || e.path}`),
      name: e.name,
      // No HP attribute: the unit form's default, as a unit created without one.
      hp: hp === null ? DEFAULT_HP : clampHp(hp, warnings, e.name),
      isPlayer: /\b(pc|pj|player|joueur)\b/.test(type),
      characteristics: characteristicsOf(abilities, options, warnings, e.name),
      notes,
      counters: [],
      ...(race ? { race } : {}),
      ...(field(e.record, 'is_dead') === true ? { dead: true } : {}),
    });
  }

  // Notes and journals → rules sections.
  const sections = entities
    .filter((e) => (e.module === 'notes' || e.module === 'journals') && e.name !== '')
    .map((e) => {
      const date = textOf(field(e.record, 'date'), warnings, e.name).trim();
      const body = [date ? `*${date}*` : '', entryOf(e), ...postsOf(e, '###')].filter(Boolean).join('\n\n');
      return secret(`## ${e.name}\n\n${body}`.trim(), e.isPrivate);
    });
  const about = markdown(field(campaign, 'entry'), 'campaign.json');
  const rules = [about, ...sections].filter(Boolean).join('\n\n');

  return {
    format: 'kanka',
    name: nameOf(field(campaign, 'name'), warnings) || 'Kanka',
    units,
    encounters: [],
    warnings: warnings.list,
    races: planRaces,
    rules,
  };
}

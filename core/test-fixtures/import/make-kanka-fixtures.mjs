// Writes kanka.en.zip and kanka.fr.zip: Kanka campaign exports as owlchester/kanka's ExportService
// writes them (campaign.json, info.json, settings/modules.json, one folder per module, each entity
// `<slug>_<entity id>.json` holding the model's fields, `entity` with its HTML `entry`, `is_private`,
// `posts` with `visibility_id` 1 all / 2 admin / 3 admin and author / 4 author / 5 members, and
// `entityAttributes`; characters with `characterRaces`, `characterFamilies`, `characterTraits`).
// Run: node core/test-fixtures/import/make-kanka-fixtures.mjs (from the repository root).
import { writeFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';

const at = '2026-10-02T18:30:00.000000Z';
const entity = (id, modelId, name, type, entry, extra = {}) => ({
  id,
  entity_id: modelId,
  parent_id: null,
  type_id: 1,
  name,
  type,
  entry,
  is_private: false,
  tooltip: null,
  is_template: false,
  is_attributes_private: false,
  created_at: at,
  updated_at: at,
  created_by: 1,
  updated_by: 1,
  image_path: null,
  entityTags: [],
  relationships: [],
  posts: [],
  abilities: [],
  reminders: [],
  entityAttributes: [],
  assets: [],
  mentions: [],
  inventories: [],
  entityLocations: [],
  ...extra,
});
const post = (id, entityId, name, entry, visibility, position) => ({
  id,
  entity_id: entityId,
  name,
  entry,
  visibility_id: visibility,
  position,
  is_pinned: false,
  settings: null,
  created_at: at,
  updated_at: at,
});
const attribute = (id, name, value) => ({
  id,
  name,
  value,
  type_id: 1,
  is_private: false,
  default_order: id,
});
const model = (id, name, fields, entityData) => ({
  id,
  campaign_id: 7,
  name,
  is_private: false,
  created_at: at,
  updated_at: at,
  ...fields,
  entity: entityData,
});
const slug = (name) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const file = (module, data) => [`${module}/${slug(data.name)}_${data.entity.id}.json`, data];

function campaign(t) {
  const files = [
    ['info.json', { kanka_version: '3.4.0', export_version: '3.4.0', started: '2026-10-02 18:30:00' }],
    [
      'campaign.json',
      {
        id: 7,
        name: t.name,
        slug: slug(t.name),
        entry: t.about,
        locale: t.locale,
        created_at: at,
        updated_at: at,
      },
    ],
    [
      'settings/modules.json',
      {
        characters: { enabled: true },
        races: { enabled: true },
        notes: { enabled: true },
        journals: { enabled: true },
      },
    ],
    file('races', model(11, t.elf, {}, entity(101, 11, t.elf, null, t.elfEntry))),
    file(
      'races',
      model(
        12,
        t.dwarf,
        {},
        entity(102, 12, t.dwarf, null, t.dwarfEntry, {
          is_private: false,
          posts: [post(9, 102, t.dwarfSecretTitle, t.dwarfSecret, 3, 1)],
        }),
      ),
    ),
    file('families', model(21, t.house, {}, entity(201, 21, t.house, null, t.houseEntry))),
    file(
      'characters',
      model(
        31,
        t.aria,
        {
          title: t.ariaTitle,
          age: '127',
          sex: t.female,
          pronouns: null,
          is_dead: false,
          characterRaces: [{ id: 1, character_id: 31, race_id: 11, is_private: false }],
          characterFamilies: [{ character_id: 31, family_id: 21 }],
          characterTraits: [
            { name: t.hair, entry: t.hairText, is_private: false, section_id: 1, default_order: 0 },
            { name: t.fear, entry: t.fearText, is_private: true, section_id: 2, default_order: 1 },
          ],
        },
        entity(301, 31, t.aria, 'PC', t.ariaEntry, {
          posts: [
            post(1, 301, t.backstory, t.backstoryText, 1, 1),
            post(2, 301, t.secretPast, t.secretPastText, 2, 2),
          ],
          entityAttributes: [
            attribute(1, t.strength, '12'),
            attribute(2, t.dexterity, '18'),
            attribute(3, 'HP', '38'),
            attribute(4, t.notes, 'keen eyes'),
          ],
        }),
      ),
    ),
    file(
      'characters',
      model(
        32,
        t.lord,
        {
          title: t.lordTitle,
          is_dead: true,
          age: '58',
          sex: t.male,
          is_private: true,
          characterRaces: [],
          characterFamilies: [{ character_id: 32, family_id: 21 }],
          characterTraits: [],
        },
        entity(302, 32, t.lord, t.villain, t.lordEntry, {
          is_private: true,
          entityAttributes: [
            attribute(5, t.strength, '25'),
            attribute(6, t.hp, '120'),
            attribute(7, t.charisma, '17'),
          ],
        }),
      ),
    ),
    file('notes', model(41, t.calendar, { type: null }, entity(401, 41, t.calendar, null, t.calendarEntry))),
    file(
      'notes',
      model(
        42,
        t.crown,
        { type: null, is_private: true },
        entity(402, 42, t.crown, null, t.crownEntry, { is_private: true }),
      ),
    ),
    file(
      'journals',
      model(
        51,
        t.session,
        { date: t.sessionDate, character_id: 31 },
        entity(501, 51, t.session, null, t.sessionEntry, {
          posts: [post(3, 501, t.gmNotes, t.gmNotesText, 4, 1)],
        }),
      ),
    ),
    file(
      'locations',
      model(61, t.greywood, { type: null }, entity(601, 61, t.greywood, null, '<p>Forest.</p>')),
    ),
  ];
  return zipSync(Object.fromEntries(files.map(([path, data]) => [path, strToU8(JSON.stringify(data))])), {
    mtime: new Date('2026-10-02T18:30:00Z'),
  });
}

const en = {
  locale: 'en',
  name: 'The Shattered Crown',
  about:
    '<p>Ten years after the <strong>Crown of Aldmere</strong> broke, its shards still call to the ambitious.</p>',
  elf: 'Elf',
  elfEntry: '<p>Long-lived folk of the Greywood. See [character:301|Aria].</p>',
  dwarf: 'Dwarf',
  dwarfEntry: '<p>Miners of the Iron Teeth.</p>',
  dwarfSecretTitle: 'The sealed hall',
  dwarfSecret: '<p>They hid the third shard under Khazad Vorn.</p>',
  house: 'House Varn',
  houseEntry: '<p>An old family of the Vale.</p>',
  aria: 'Aria Thornwood',
  ariaTitle: 'Ranger of the Greywood',
  female: 'Female',
  male: 'Male',
  hair: 'Hair',
  hairText: '<p>Silver, braided with oak leaves.</p>',
  fear: 'Fear',
  fearText: '<p>Deep water since the shipwreck.</p>',
  ariaEntry:
    '<p>Aria hunts [character:302] across the Vale, guided by [race:101|the elves] of her youth.</p><script>alert("x")</script><p><a href="javascript:alert(1)" onclick="steal()">Click</a> or read the <a href="https://kanka.io/en">Kanka page</a>.</p>',
  backstory: 'Backstory',
  backstoryText:
    '<p>Raised by wardens after the fall of the Crown.</p><ul><li>Tracker</li><li>Archer</li></ul>',
  secretPast: 'Secret past',
  secretPastText: '<p>She carries the <em>second shard</em> and tells no one.</p>',
  strength: 'Strength',
  dexterity: 'Dexterity',
  charisma: 'Charisma',
  hp: 'Hit Points',
  notes: 'Notes',
  lord: 'Lord Malgrave Varn',
  lordTitle: 'Regent of the Vale',
  villain: 'Villain',
  lordEntry: '<p>The regent wants every shard, starting with the one in [note:402].</p>',
  calendar: 'Calendar of the Realm',
  calendarEntry:
    '<h2>Months</h2><table><tr><th>Month</th><th>Days</th></tr><tr><td>Harvestmoon</td><td>30</td></tr></table><iframe src="https://evil.example"></iframe>',
  crown: "The Crown's true location",
  crownEntry: '<p>Beneath the old abbey, behind the third seal.</p>',
  session: 'Session 1: The Broken Gate',
  sessionDate: 'Day 3 of Harvestmoon',
  sessionEntry: '<p>[character:301] met the regent at the gate; see [note:401] for the dates.</p>',
  gmNotes: 'GM notes',
  gmNotesText: '<p>Malgrave already knows about the shard.</p>',
  greywood: 'Greywood',
};

const fr = {
  locale: 'fr',
  name: 'La Couronne brisée',
  about:
    "<p>Dix ans après le bris de la <strong>Couronne d'Aldmère</strong>, ses éclats appellent encore les ambitieux.</p>",
  elf: 'Elfe',
  elfEntry: '<p>Peuple millénaire du Boisgris. Voir [character:301|Aria].</p>',
  dwarf: 'Nain',
  dwarfEntry: '<p>Mineurs des Dents de Fer.</p>',
  dwarfSecretTitle: 'La salle scellée',
  dwarfSecret: '<p>Ils ont caché le troisième éclat sous Khazad Vorn.</p>',
  house: 'Maison Varn',
  houseEntry: '<p>Une vieille famille du Val.</p>',
  aria: 'Aria Boisépine',
  ariaTitle: 'Rôdeuse du Boisgris',
  female: 'Femme',
  male: 'Homme',
  hair: 'Cheveux',
  hairText: '<p>Argentés, tressés de feuilles de chêne.</p>',
  fear: 'Peur',
  fearText: "<p>L'eau profonde, depuis le naufrage.</p>",
  ariaEntry:
    '<p>Aria traque [character:302] à travers le Val, guidée par [race:101|les elfes] de sa jeunesse.</p><script>alert(\'x\')</script><p><a href="javascript:alert(1)" onclick="voler()">Cliquez</a> ou lisez la <a href="https://kanka.io/fr">page Kanka</a>.</p>',
  backstory: 'Histoire',
  backstoryText:
    '<p>Élevée par les gardiens après la chute de la Couronne.</p><ul><li>Pisteuse</li><li>Archère</li></ul>',
  secretPast: 'Passé secret',
  secretPastText: '<p>Elle porte le <em>deuxième éclat</em> et ne le dit à personne.</p>',
  strength: 'Force',
  dexterity: 'Dextérité',
  charisma: 'Charisme',
  hp: 'Points de vie',
  notes: 'Notes',
  lord: 'Seigneur Malgrave Varn',
  lordTitle: 'Régent du Val',
  villain: 'Méchant',
  lordEntry: '<p>Le régent veut tous les éclats, à commencer par celui de [note:402].</p>',
  calendar: 'Calendrier du royaume',
  calendarEntry:
    '<h2>Mois</h2><table><tr><th>Mois</th><th>Jours</th></tr><tr><td>Lune des moissons</td><td>30</td></tr></table><iframe src="https://evil.example"></iframe>',
  crown: 'Où est vraiment la Couronne',
  crownEntry: '<p>Sous la vieille abbaye, derrière le troisième sceau.</p>',
  session: 'Séance 1 : La Porte brisée',
  sessionDate: '3e jour de la Lune des moissons',
  sessionEntry: '<p>[character:301] a rencontré le régent à la porte ; voir [note:401] pour les dates.</p>',
  gmNotes: 'Notes du MJ',
  gmNotesText: "<p>Malgrave sait déjà pour l'éclat.</p>",
  greywood: 'Boisgris',
};

const here = new URL('.', import.meta.url);
writeFileSync(new URL('kanka.en.zip', here), campaign(en));
writeFileSync(new URL('kanka.fr.zip', here), campaign(fr));

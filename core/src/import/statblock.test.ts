// The stat-block reader over stat blocks written for this test in the SRD's shapes, English and French,
// clean and as messy copies give them (broken lines, PDF ligatures, dashes, non-breaking spaces, one
// ability per line, a header run together on one line). Every answer must also pass the unit schema.
import { describe, expect, it } from 'vitest';
import { createUnitBody } from '../schemas/units';
import { parseStatBlock, type StatBlockCounter, type StatBlockUnread } from './statblock';

const EN = ['Strength', 'Dexterity', 'Constitution', 'Intelligence', 'Wisdom', 'Charisma'];
const FR = ['Force', 'Dextérité', 'Constitution', 'Intelligence', 'Sagesse', 'Charisme'];
const campaign = (names: readonly string[], max = 100) => names.map((name) => ({ name, max }));
const scores = (names: readonly string[], values: readonly number[]) =>
  Object.fromEntries(names.map((name, index) => [name, values[index]!]));

const legendary = (label: string, max = 3): StatBlockCounter => ({
  label,
  max,
  kind: 'uses',
  reset: 'turnStart',
  recharge: null,
});
const recharge = (label: string, min = 5, die = 6): StatBlockCounter => ({
  label,
  max: 1,
  kind: 'uses',
  reset: 'never',
  recharge: { die, min },
});
const perDay = (label: string, max: number): StatBlockCounter => ({
  label,
  max,
  kind: 'uses',
  reset: 'never',
  recharge: null,
});
const keptInNotes = (text: string): StatBlockUnread => ({ reason: 'keptInNotes', text });

interface Case {
  title: string;
  text: string;
  characteristics?: { name: string; max: number }[];
  language?: 'en' | 'fr';
  expected: {
    language: 'en' | 'fr';
    name?: string;
    hp?: number;
    characteristics: Record<string, number>;
    counters?: StatBlockCounter[];
    /** Pieces the notes must hold, in this order. */
    notes?: string[];
    /** Pieces the notes must not hold. */
    notNotes?: string[];
    unread: StatBlockUnread[];
  };
}

const english: Case[] = [
  {
    title: 'a goblin, clean',
    text: `Goblin
Small humanoid (goblinoid), neutral evil
Armor Class 15 (leather armor, shield)
Hit Points 7 (2d6)
Speed 30 ft.
STR DEX CON INT WIS CHA
8 (−1) 14 (+2) 10 (+0) 10 (+0) 8 (−1) 8 (−1)
Skills Stealth +6
Senses darkvision 60 ft., passive Perception 9
Languages Common, Goblin
Challenge 1/4 (50 XP)
Nimble Escape. The goblin can take the Disengage or Hide action as a bonus action on each of its turns.
Actions
Scimitar. Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) slashing damage.
Shortbow. Ranged Weapon Attack: +4 to hit, range 80/320 ft., one target. Hit: 5 (1d6 + 2) piercing damage.`,
    expected: {
      language: 'en',
      name: 'Goblin',
      hp: 7,
      characteristics: scores(EN, [8, 14, 10, 10, 8, 8]),
      counters: [],
      notes: [
        '*Small humanoid (goblinoid), neutral evil*',
        '- **Armor Class** 15 (leather armor, shield)\n- **Speed** 30 ft.\n- **Skills** Stealth +6',
        '- **Challenge** 1/4 (50 XP)',
        '## Traits\n\n**Nimble Escape.** The goblin can take the Disengage or Hide action',
        '## Actions\n\n**Scimitar.** Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) slashing damage.\n\n**Shortbow.**',
      ],
      notNotes: ['Hit Points', 'STR'],
      unread: [keptInNotes('Armor Class 15 (leather armor, shield)')],
    },
  },
  {
    title: 'an orc, one ability per line',
    text: `Orc
Medium humanoid (orc), chaotic evil
Armor Class 13 (hide armor)
Hit Points 15 (2d8 + 6)
Speed 30 ft.
STR
16 (+3)
DEX
12 (+1)
CON
16 (+3)
INT
7 (−2)
WIS
11 (+0)
CHA
10 (+0)
Skills Intimidation +2
Senses darkvision 60 ft., passive Perception 10
Languages Common, Orc
Challenge 1/2 (100 XP)
Aggressive. As a bonus action, the orc can move up to its speed toward a hostile creature that it can see.
Actions
Greataxe. Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 9 (1d12 + 3) slashing damage.
Javelin. Melee or Ranged Weapon Attack: +5 to hit, reach 5 ft. or range 30/120 ft., one target. Hit: 6 (1d6 + 3) piercing damage.`,
    expected: {
      language: 'en',
      name: 'Orc',
      hp: 15,
      characteristics: scores(EN, [16, 12, 16, 7, 11, 10]),
      counters: [],
      notes: ['**Aggressive.** As a bonus action', '**Greataxe.**', '**Javelin.** Melee or Ranged'],
      unread: [keptInNotes('Armor Class 13 (hide armor)')],
    },
  },
  {
    title: 'an owlbear from a PDF: ligatures, broken lines, non-breaking spaces',
    text: `Owlbear
Large monstrosity, unaligned
Armor Class\u00a013 (natural armor)
Hit Points\u00a059 (7d10 + 21)
Speed 40 ft.
STR DEX CON INT WIS CHA
20 (+5) 12 (+1) 17 (+3) 3 (−4) 12 (+1) 7 (−2)
Skills Perception +3
Senses darkvision 60 ft., passive
Perception 13
Languages —
Challenge 3 (700 XP)
Keen Sight and Smell. The owlbear has advantage on Wisdom (Perception) checks that rely on
sight or smell.
Fierce. The owlbear ﬁghts to the death and never ﬂees; it ignores eﬀects that would make it
ﬂee unless they are magical.
Actions
Multiattack. The owlbear makes two attacks: one with its beak and one with its
claws.
Beak. Melee Weapon Attack: +7 to hit, reach 5 ft., one creature. Hit: 10 (1d10 + 5) piercing
damage.
Claws. Melee Weapon Attack: +7 to hit, reach 5 ft., one target. Hit: 14 (2d8 + 5) slashing
damage.`,
    expected: {
      language: 'en',
      name: 'Owlbear',
      hp: 59,
      characteristics: scores(EN, [20, 12, 17, 3, 12, 7]),
      counters: [],
      notes: [
        '- **Senses** darkvision 60 ft., passive Perception 13',
        '**Keen Sight and Smell.** The owlbear has advantage on Wisdom (Perception) checks that rely on sight or smell.',
        '**Fierce.** The owlbear fights to the death and never flees; it ignores effects that would make it flee unless they are magical.',
        '**Multiattack.** The owlbear makes two attacks: one with its beak and one with its claws.',
        '**Beak.** Melee Weapon Attack: +7 to hit, reach 5 ft., one creature. Hit: 10 (1d10 + 5) piercing damage.',
        '**Claws.** Melee Weapon Attack: +7 to hit, reach 5 ft., one target. Hit: 14 (2d8 + 5) slashing damage.',
      ],
      notNotes: ['ﬁ', 'ﬂ', 'ﬀ', '\u00a0'],
      unread: [keptInNotes('Armor Class 13 (natural armor)')],
    },
  },
  {
    title: 'an adult red dragon with legendary actions, a recharge and legendary resistance',
    text: `Adult Red Dragon
Huge dragon, chaotic evil
Armor Class 19 (natural armor)
Hit Points 256 (19d12 + 133)
Speed 40 ft., climb 40 ft., fly 80 ft.
STR DEX CON INT WIS CHA
27 (+8) 10 (+0) 25 (+7) 16 (+3) 13 (+1) 21 (+5)
Saving Throws Dex +6, Con +13, Wis +7, Cha +11
Skills Perception +13, Stealth +6
Damage Immunities fire
Senses blindsight 60 ft., darkvision 120 ft., passive Perception 23
Languages Common, Draconic
Challenge 17 (18,000 XP)
Legendary Resistance (3/Day). If the dragon fails a saving throw, it can choose to succeed instead.
Actions
Multiattack. The dragon can use its Frightful Presence. It then makes three attacks: one with its bite and two with its claws.
Bite. Melee Weapon Attack: +14 to hit, reach 10 ft., one target. Hit: 19 (2d10 + 8) piercing damage plus 7 (2d6) fire damage.
Claw. Melee Weapon Attack: +14 to hit, reach 5 ft., one target. Hit: 15 (2d6 + 8) slashing damage.
Fire Breath (Recharge 5–6). The dragon exhales fire in a 60-foot cone. Each creature in that area must make a DC 21 Dexterity saving throw, taking 63 (18d6) fire damage on a failed save, or half as much damage on a successful one.
Legendary Actions
The dragon can take 3 legendary actions, choosing from the options below. Only one legendary action option can be used at a time and only at the end of another creature's turn. The dragon regains spent legendary actions at the start of its turn.
Detect. The dragon makes a Wisdom (Perception) check.
Tail Attack. The dragon makes a tail attack.
Wing Attack (Costs 2 Actions). The dragon beats its wings. Each creature within 10 feet of the dragon must succeed on a DC 22 Dexterity saving throw or take 15 (2d6 + 8) bludgeoning damage and be knocked prone.`,
    expected: {
      language: 'en',
      name: 'Adult Red Dragon',
      hp: 256,
      characteristics: scores(EN, [27, 10, 25, 16, 13, 21]),
      counters: [legendary('Legendary actions'), perDay('Legendary Resistance', 3), recharge('Fire Breath')],
      notes: [
        '- **Saving Throws** Dex +6, Con +13, Wis +7, Cha +11',
        '## Traits\n\n**Legendary Resistance (3/Day).** If the dragon fails',
        '**Fire Breath (Recharge 5–6).** The dragon exhales fire',
        '## Legendary Actions\n\nThe dragon can take 3 legendary actions',
        '**Wing Attack (Costs 2 Actions).** The dragon beats its wings.',
      ],
      unread: [keptInNotes('Armor Class 19 (natural armor)')],
    },
  },
  {
    title: 'a lich with a spell list and legendary actions',
    text: `Lich
Medium undead, any evil alignment
Armor Class 17 (natural armor)
Hit Points 135 (18d8 + 54)
Speed 30 ft.
STR DEX CON INT WIS CHA
11 (+0) 16 (+3) 16 (+3) 20 (+5) 14 (+2) 16 (+3)
Saving Throws Con +10, Int +12, Wis +9
Damage Resistances cold, lightning, necrotic
Damage Immunities poison; bludgeoning, piercing, and slashing from nonmagical attacks
Condition Immunities charmed, exhaustion, frightened, paralyzed, poisoned
Senses truesight 120 ft., passive Perception 19
Languages Common plus up to five other languages
Challenge 21 (33,000 XP)
Legendary Resistance (3/Day). If the lich fails a saving throw, it can choose to succeed instead.
Spellcasting. The lich is an 18th-level spellcaster. Its spellcasting ability is Intelligence (spell save DC 20, +12 to hit with spell attacks). The lich has the following wizard spells prepared:
Cantrips (at will): mage hand, prestidigitation, ray of frost
1st level (4 slots): detect magic, magic missile, shield, thunderwave
9th level (1 slot): power word kill
Turn Resistance. The lich has advantage on saving throws against any effect that turns undead.
Actions
Paralyzing Touch. Melee Spell Attack: +12 to hit, reach 5 ft., one creature. Hit: 10 (3d6) cold damage.
Legendary Actions
The lich can take 3 legendary actions, choosing from the options below.
Cantrip. The lich casts a cantrip.
Paralyzing Touch (Costs 2 Actions). The lich uses its Paralyzing Touch.
Frightening Gaze (Costs 2 Actions). The lich fixes its gaze on one creature it can see within 10 feet of it.
Disrupt Life (Costs 3 Actions). Each non-undead creature within 20 feet of the lich must make a DC 18 Constitution saving throw.`,
    expected: {
      language: 'en',
      name: 'Lich',
      hp: 135,
      characteristics: scores(EN, [11, 16, 16, 20, 14, 16]),
      counters: [legendary('Legendary actions'), perDay('Legendary Resistance', 3)],
      notes: [
        '- **Damage Immunities** poison; bludgeoning, piercing, and slashing from nonmagical attacks',
        'wizard spells prepared:\n\nCantrips (at will): mage hand, prestidigitation, ray of frost\n\n1st level (4 slots): detect magic',
        '9th level (1 slot): power word kill\n\n**Turn Resistance.** The lich has advantage',
        '## Legendary Actions',
        '**Disrupt Life (Costs 3 Actions).** Each non-undead creature',
      ],
      unread: [keptInNotes('Armor Class 17 (natural armor)')],
    },
  },
  {
    title: 'a wolf copied from a website: the header on one line, abilities inline',
    text: `Wolf
Medium beast, unaligned
Armor Class 13 (natural armor) Hit Points 11 (2d8 + 2) Speed 40 ft.
STR 12 (+1) DEX 15 (+2) CON 12 (+1) INT 3 (−4) WIS 12 (+1) CHA 6 (−2)
Skills Perception +3, Stealth +4 Senses passive Perception 13 Languages — Challenge 1/4 (50 XP)
Keen Hearing and Smell. The wolf has advantage on Wisdom (Perception) checks that rely on hearing or smell.
Pack Tactics. The wolf has advantage on an attack roll against a creature if at least one of the wolf's allies is within 5 feet of the creature and the ally isn't incapacitated.
Actions
Bite. Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 7 (2d4 + 2) piercing damage. If the target is a creature, it must succeed on a DC 11 Strength saving throw or be knocked prone.`,
    expected: {
      language: 'en',
      name: 'Wolf',
      hp: 11,
      characteristics: scores(EN, [12, 15, 12, 3, 12, 6]),
      counters: [],
      notes: [
        '- **Armor Class** 13 (natural armor)\n- **Speed** 40 ft.\n- **Skills** Perception +3, Stealth +4\n- **Senses** passive Perception 13\n- **Languages** —\n- **Challenge** 1/4 (50 XP)',
        '**Pack Tactics.** The wolf has advantage',
      ],
      unread: [keptInNotes('Armor Class 13 (natural armor)')],
    },
  },
  {
    title: 'a skeleton with en dashes and em dashes',
    text: `Skeleton
Medium undead, lawful evil
Armor Class 13 (armor scraps)
Hit Points 13 (2d8 + 4)
Speed 30 ft.
STR DEX CON INT WIS CHA
10 (+0) 14 (+2) 15 (+2) 6 (–2) 8 (–1) 5 (–3)
Damage Vulnerabilities bludgeoning
Damage Immunities poison
Condition Immunities exhaustion, poisoned
Senses darkvision 60 ft., passive Perception 9
Languages understands all languages it knew in life but can't speak
Challenge 1/4 (50 XP)
Actions
Shortsword. Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) piercing damage.
Shortbow. Ranged Weapon Attack: +4 to hit, range 80/320 ft., one target. Hit: 5 (1d6 + 2) piercing damage — or none, at the GM's word.`,
    expected: {
      language: 'en',
      name: 'Skeleton',
      hp: 13,
      characteristics: scores(EN, [10, 14, 15, 6, 8, 5]),
      counters: [],
      notes: ['- **Damage Vulnerabilities** bludgeoning', 'piercing damage — or none'],
      unread: [keptInNotes('Armor Class 13 (armor scraps)')],
    },
  },
  {
    title: 'a zombie with Windows line ends, tabs and the minus sign',
    text:
      'Zombie\r\nMedium undead, neutral evil\r\nArmor Class 8\r\nHit Points\t22 (3d8 + 9)\r\nSpeed 20 ft.\r\n' +
      'STR\tDEX\tCON\tINT\tWIS\tCHA\r\n13 (+1)\t6 (\u22122)\t16 (+3)\t3 (\u22124)\t6 (\u22122)\t5 (\u22123)\r\n' +
      'Saving Throws Wis +0\r\nDamage Immunities poison\r\nChallenge 1/4 (50 XP)\r\n' +
      'Undead Fortitude. If damage reduces the zombie to 0 hit points, it must make a Constitution saving throw with a DC of 5 + the damage taken, unless the damage is radiant or from a critical hit. On a success, the zombie drops to 1 hit point instead.\r\n' +
      'Actions\r\nSlam. Melee Weapon Attack: +3 to hit, reach 5 ft., one target. Hit: 4 (1d6 + 1) bludgeoning damage.\r\n',
    expected: {
      language: 'en',
      name: 'Zombie',
      hp: 22,
      characteristics: scores(EN, [13, 6, 16, 3, 6, 5]),
      counters: [],
      notes: ['**Undead Fortitude.** If damage reduces', '**Slam.** Melee Weapon Attack'],
      notNotes: ['\r', '\t'],
      unread: [keptInNotes('Armor Class 8')],
    },
  },
  {
    title: 'a bandit captain with reactions',
    text: `Bandit Captain
Medium humanoid (any race), any non-lawful alignment
Armor Class 15 (studded leather)
Hit Points 65 (10d8 + 20)
Speed 30 ft.
STR DEX CON INT WIS CHA
15 (+2) 16 (+3) 14 (+2) 14 (+2) 11 (+0) 14 (+2)
Saving Throws Str +4, Dex +5, Wis +2
Skills Athletics +4, Deception +4
Senses passive Perception 10
Languages any two languages
Challenge 2 (450 XP)
Actions
Multiattack. The captain makes three melee attacks: two with its scimitar and one with its dagger.
Scimitar. Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 6 (1d6 + 3) slashing damage.
Dagger. Melee or Ranged Weapon Attack: +5 to hit, reach 5 ft. or range 20/60 ft., one target. Hit: 5 (1d4 + 3) piercing damage.
Reactions
Parry. The captain adds 2 to its AC against one melee attack that would hit it. To do so, the captain must see the attacker and be wielding a melee weapon.`,
    expected: {
      language: 'en',
      name: 'Bandit Captain',
      hp: 65,
      characteristics: scores(EN, [15, 16, 14, 14, 11, 14]),
      counters: [],
      notes: ['## Actions\n\n**Multiattack.**', '## Reactions\n\n**Parry.** The captain adds 2 to its AC'],
      unread: [keptInNotes('Armor Class 15 (studded leather)')],
    },
  },
  {
    title: 'a young green dragon, its breath broken over lines',
    text: `Young Green Dragon
Large dragon, lawful evil
Armor Class 18 (natural armor)
Hit Points 136 (16d10 + 48)
Speed 40 ft., fly 80 ft., swim 40 ft.
STR DEX CON INT WIS CHA
19 (+4) 12 (+1) 17 (+3) 16 (+3) 13 (+1) 15 (+2)
Challenge 8 (3,900 XP)
Amphibious. The dragon can breathe air and water.
Actions
Bite. Melee Weapon Attack: +7 to hit, reach 10 ft., one target. Hit: 15 (2d10 + 4) piercing damage plus 7 (2d6) poison damage.
Poison Breath (Recharge 5–6). The dragon exhales poisonous gas in a 30-foot cone. Each creature in that area must make a DC 14
Constitution saving throw, taking 42 (12d6) poison damage on a failed save, or half as much damage on a successful
one.`,
    expected: {
      language: 'en',
      name: 'Young Green Dragon',
      hp: 136,
      characteristics: scores(EN, [19, 12, 17, 16, 13, 15]),
      counters: [recharge('Poison Breath')],
      notes: [
        '**Poison Breath (Recharge 5–6).** The dragon exhales poisonous gas in a 30-foot cone. Each creature in that area must make a DC 14 Constitution saving throw, taking 42 (12d6) poison damage on a failed save, or half as much damage on a successful one.',
      ],
      unread: [keptInNotes('Armor Class 18 (natural armor)')],
    },
  },
  {
    title: 'a hell hound with a hyphen in its recharge',
    text: `Hell Hound
Medium fiend, lawful evil
Armor Class 15 (natural armor)
Hit Points 45 (7d8 + 14)
Speed 50 ft.
STR DEX CON INT WIS CHA
17 (+3) 12 (+1) 14 (+2) 6 (-2) 13 (+1) 6 (-2)
Challenge 3 (700 XP)
Keen Hearing and Smell. The hound has advantage on Wisdom (Perception) checks that rely on hearing or smell.
Actions
Bite. Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 7 (1d8 + 3) piercing damage plus 7 (2d6) fire damage.
Fire Breath (Recharge 5-6). The hound exhales fire in a 15-foot cone.`,
    expected: {
      language: 'en',
      name: 'Hell Hound',
      hp: 45,
      characteristics: scores(EN, [17, 12, 14, 6, 13, 6]),
      counters: [recharge('Fire Breath')],
      unread: [keptInNotes('Armor Class 15 (natural armor)')],
    },
  },
  {
    title: 'a behir whose name is in capitals, headings too',
    text: `BEHIR
Huge monstrosity, neutral evil
Armor Class 17 (natural armor)
Hit Points 168 (16d12 + 64)
Speed 50 ft., climb 40 ft.
STR DEX CON INT WIS CHA
23 (+6) 16 (+3) 18 (+4) 7 (-2) 14 (+2) 12 (+1)
Challenge 11 (7,200 XP)
ACTIONS
Multiattack. The behir makes two attacks: one with its bite and one to constrict.
Lightning Breath (Recharge 5–6). The behir exhales a line of lightning that is 20 feet long and 5 feet wide.
Swallow. The behir makes one bite attack against a Medium or smaller target it is grappling.`,
    expected: {
      language: 'en',
      name: 'Behir',
      hp: 168,
      characteristics: scores(EN, [23, 16, 18, 7, 14, 12]),
      counters: [recharge('Lightning Breath')],
      notes: ['## ACTIONS\n\n**Multiattack.**'],
      unread: [keptInNotes('Armor Class 17 (natural armor)')],
    },
  },
  {
    title: 'an ogre onto a campaign that has Armor Class',
    characteristics: campaign([...EN, 'Armor Class'], 20),
    text: `Ogre
Large giant, chaotic evil
Armor Class 11 (hide armor)
Hit Points 59 (7d10 + 21)
Speed 40 ft.
STR DEX CON INT WIS CHA
19 (+4) 8 (−1) 16 (+3) 5 (−3) 7 (−2) 7 (−2)
Senses darkvision 60 ft., passive Perception 8
Languages Common, Giant
Challenge 2 (450 XP)
Actions
Greatclub. Melee Weapon Attack: +6 to hit, reach 5 ft., one target. Hit: 13 (2d8 + 4) bludgeoning damage.`,
    expected: {
      language: 'en',
      name: 'Ogre',
      hp: 59,
      characteristics: { ...scores(EN, [19, 8, 16, 5, 7, 7]), 'Armor Class': 11 },
      counters: [],
      notNotes: ['Armor Class'],
      unread: [],
    },
  },
  {
    title: 'the tarrasque onto characteristics of max 20: clamped',
    characteristics: campaign(EN, 20),
    text: `Tarrasque
Gargantuan monstrosity (titan), unaligned
Armor Class 25 (natural armor)
Hit Points 676 (33d20 + 330)
Speed 40 ft.
STR DEX CON INT WIS CHA
30 (+10) 11 (+0) 30 (+10) 3 (−4) 11 (+0) 11 (+0)
Challenge 30 (155,000 XP)
Legendary Resistance (3/Day). If the tarrasque fails a saving throw, it can choose to succeed instead.
Actions
Bite. Melee Weapon Attack: +19 to hit, reach 10 ft., one target. Hit: 36 (4d12 + 10) piercing damage.
Legendary Actions
The tarrasque can take 3 legendary actions, choosing from the options below.
Attack. The tarrasque makes one claw attack or tail attack.
Move. The tarrasque moves up to half its speed.
Chomp (Costs 2 Actions). The tarrasque makes one bite attack or uses its Swallow.`,
    expected: {
      language: 'en',
      name: 'Tarrasque',
      hp: 676,
      characteristics: scores(EN, [20, 11, 20, 3, 11, 11]),
      counters: [legendary('Legendary actions'), perDay('Legendary Resistance', 3)],
      unread: [
        keptInNotes('Armor Class 25 (natural armor)'),
        { reason: 'clamped', text: 'Strength 30', limit: 20 },
        { reason: 'clamped', text: 'Constitution 30', limit: 20 },
      ],
    },
  },
  {
    title: 'a kraken onto a campaign with other characteristics: kept in the notes',
    characteristics: campaign(['Might', 'Agility', 'Wisdom']),
    text: `Kraken
Gargantuan monstrosity (titan), chaotic evil
Armor Class 18 (natural armor)
Hit Points 472 (27d20 + 189)
Speed 20 ft., swim 60 ft.
STR DEX CON INT WIS CHA
30 (+10) 11 (+0) 25 (+7) 22 (+6) 18 (+4) 20 (+5)
Challenge 23 (50,000 XP)
Amphibious. The kraken can breathe air and water.
Legendary Actions
The kraken can take three legendary actions, choosing from the options below.
Tentacle Attack or Fling. The kraken makes one tentacle attack or uses its Fling.
Ink Cloud (Costs 3 Actions). While underwater, the kraken expels an ink cloud in a 60-foot radius.`,
    expected: {
      language: 'en',
      name: 'Kraken',
      hp: 472,
      characteristics: { Wisdom: 18 },
      counters: [legendary('Legendary actions')],
      notes: [
        '- **Armor Class** 18 (natural armor)',
        '- **STR** 30\n- **DEX** 11\n- **CON** 25\n- **INT** 22\n- **CHA** 20',
      ],
      unread: [
        keptInNotes('Armor Class 18 (natural armor)'),
        { reason: 'noCharacteristic', text: 'STR 30' },
        { reason: 'noCharacteristic', text: 'DEX 11' },
        { reason: 'noCharacteristic', text: 'CON 25' },
        { reason: 'noCharacteristic', text: 'INT 22' },
        { reason: 'noCharacteristic', text: 'CHA 20' },
      ],
    },
  },
  {
    title: 'an adult blue dragon in the 2024 layout',
    text: `Adult Blue Dragon
Large Dragon (Chromatic), Lawful Evil
AC 19 Initiative +12 (22)
HP 212 (17d12 + 102)
Speed 40 ft., burrow 30 ft., fly 80 ft.
MOD SAVE MOD SAVE MOD SAVE
Str 25 +7 +7 Dex 10 +0 +5 Con 23 +6 +6
Int 16 +3 +3 Wis 15 +2 +7 Cha 19 +4 +4
Skills Perception +12, Stealth +5
Immunities Lightning
Senses Blindsight 60 ft., Darkvision 120 ft.; Passive Perception 22
Languages Common, Draconic
CR 16 (XP 15,000, or 18,000 in lair; PB +5)
Traits
Legendary Resistance (3/Day, or 4/Day in Lair). If the dragon fails a saving throw, it can choose to succeed instead.
Actions
Lightning Breath (Recharge 5–6). Dexterity Saving Throw: DC 19, each creature in a 100-foot-long, 5-foot-wide Line.
Legendary Actions
Legendary Action Uses: 3 (4 in Lair). Immediately after another creature's turn, the dragon can expend a use to take one of the following actions.
Cloaked Flight. The dragon uses Spellcasting to cast Invisibility on itself, and it can fly up to half its Fly Speed.`,
    expected: {
      language: 'en',
      name: 'Adult Blue Dragon',
      hp: 212,
      characteristics: scores(EN, [25, 10, 23, 16, 15, 19]),
      counters: [legendary('Legendary actions'), recharge('Lightning Breath')],
      notes: [
        '- **AC** 19\n- **Initiative** +12 (22)\n- **Speed**',
        '- **CR** 16 (XP 15,000',
        '## Traits\n\n**Legendary Resistance',
      ],
      notNotes: ['MOD SAVE'],
      unread: [keptInNotes('AC 19')],
    },
  },
  {
    title: 'a bugbear from a PDF with every line broken',
    text: `Bugbear
Medium humanoid (goblinoid), chaotic
evil
Armor Class 16 (hide armor,
shield)
Hit Points 27 (5d8 +
5)
Speed 30 ft.
STR DEX CON INT WIS CHA
15 (+2) 14 (+2) 13 (+1)
8 (−1) 11 (+0) 9 (−1)
Skills Stealth +6, Sur-
vival +2
Senses darkvision 60 ft., passive
Perception 10
Languages Common, Goblin
Challenge 1 (200 XP)
Brute. A melee weapon deals one extra die of its damage when
the bugbear hits with it (included in the attack).
Surprise Attack. If the bugbear surprises a creature and hits it with an attack during
the first round of combat, the target takes an extra 7 (2d6) damage from the attack.
Actions
Morningstar. Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit:
11 (2d8 + 2) piercing damage.`,
    expected: {
      language: 'en',
      name: 'Bugbear',
      hp: 27,
      characteristics: scores(EN, [15, 14, 13, 8, 11, 9]),
      counters: [],
      notes: [
        '*Medium humanoid (goblinoid), chaotic evil*',
        '- **Armor Class** 16 (hide armor, shield)',
        '- **Skills** Stealth +6, Survival +2',
        '- **Senses** darkvision 60 ft., passive Perception 10',
        '**Brute.** A melee weapon deals one extra die of its damage when the bugbear hits with it (included in the attack).',
        '**Surprise Attack.** If the bugbear surprises a creature and hits it with an attack during the first round of combat',
        '**Morningstar.** Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 11 (2d8 + 2) piercing damage.',
      ],
      unread: [keptInNotes('Armor Class 16 (hide armor, shield)')],
    },
  },
  {
    title: 'a vampire with lair actions after its legendary ones',
    text: `Vampire
Medium undead (shapechanger), lawful evil
Armor Class 16 (natural armor)
Hit Points 144 (17d8 + 68)
Speed 30 ft.
STR DEX CON INT WIS CHA
18 (+4) 18 (+4) 18 (+4) 17 (+3) 15 (+2) 18 (+4)
Challenge 13 (10,000 XP)
Legendary Resistance (3/Day). If the vampire fails a saving throw, it can choose to succeed instead.
Misty Escape. When it drops to 0 hit points outside its resting place, the vampire transforms into a cloud of mist.
Actions
Multiattack (Vampire Form Only). The vampire makes two attacks, only one of which can be a bite attack.
Charm. The vampire targets one humanoid it can see within 30 feet of it.
Children of the Night (1/Day). The vampire magically calls 2d4 swarms of bats or rats.
Legendary Actions
The vampire can take 3 legendary actions, choosing from the options below.
Move. The vampire moves up to its speed without provoking opportunity attacks.
Bite (Costs 2 Actions). The vampire makes one bite attack.
Lair Actions
When fighting inside its lair, the vampire can take lair actions on initiative count 20 (losing initiative ties).`,
    expected: {
      language: 'en',
      name: 'Vampire',
      hp: 144,
      characteristics: scores(EN, [18, 18, 18, 17, 15, 18]),
      counters: [
        legendary('Legendary actions'),
        perDay('Legendary Resistance', 3),
        perDay('Children of the Night', 1),
      ],
      notes: ['**Multiattack (Vampire Form Only).**', '## Lair Actions\n\nWhen fighting inside its lair'],
      unread: [keptInNotes('Armor Class 16 (natural armor)')],
    },
  },
  {
    title: 'an aboleth whose legendary actions state no number',
    text: `Aboleth
Large aberration, lawful evil
Armor Class 17 (natural armor)
Hit Points 135 (18d10 + 36)
Speed 10 ft., swim 40 ft.
STR DEX CON INT WIS CHA
21 (+5) 9 (−1) 15 (+2) 18 (+4) 15 (+2) 18 (+4)
Challenge 10 (5,900 XP)
Actions
Enslave (3/Day). The aboleth targets one creature it can see within 30 feet of it.
Legendary Actions
Detect. The aboleth makes a Wisdom (Perception) check.
Tail Swipe. The aboleth makes one tail attack.`,
    expected: {
      language: 'en',
      name: 'Aboleth',
      hp: 135,
      characteristics: scores(EN, [21, 9, 15, 18, 15, 18]),
      counters: [legendary('Legendary actions'), perDay('Enslave', 3)],
      unread: [
        keptInNotes('Armor Class 17 (natural armor)'),
        { reason: 'legendaryCount', text: 'Legendary Actions' },
      ],
    },
  },
  {
    title: 'a fragment without a name or hit points',
    text: `Armor Class 12
Speed 30 ft.
STR DEX CON INT WIS CHA
10 (+0) 12 (+1) 10 (+0) 10 (+0) 10 (+0) 10 (+0)`,
    expected: {
      language: 'en',
      characteristics: scores(EN, [10, 12, 10, 10, 10, 10]),
      counters: [],
      unread: [{ reason: 'noName', text: '' }, keptInNotes('Armor Class 12'), { reason: 'noHp', text: '' }],
    },
  },
  {
    title: 'a homebrew with a name too long and more counters than a unit carries',
    text: `The Ancient and Terrible Shadow Wyrm of the Northern Wastes Beyond the Sea
Gargantuan dragon, neutral evil
Hit Points 9999 (1d4)
Hit Points 12000
STR DEX CON INT WIS CHA
30 (+10) 10 (+0) 30 (+10) 20 (+5) 20 (+5) 24 (+7)
Actions
Shadow Breath of the Endless Night Under Hills (Recharge 6). It breathes.
Darkness (1/Day). It casts darkness.
Fear (1/Day). It casts fear.
Fly (1/Day). It casts fly.
Haste (2/Day). It casts haste.
Slow (2/Day). It casts slow.
Blink (3/Day). It casts blink.
Blur (3/Day). It casts blur.
Web (1/Day). It casts web.
Fog (1/Day). It casts fog cloud.
Sleep (1/Day). It casts sleep.`,
    expected: {
      language: 'en',
      name: 'The Ancient and Terrible Shadow Wyrm of the Northe',
      hp: 9999,
      characteristics: scores(EN, [30, 10, 30, 20, 20, 24]),
      counters: [
        recharge('Shadow Breath of the Endless Night Under', 6, 6),
        perDay('Darkness', 1),
        perDay('Fear', 1),
        perDay('Fly', 1),
        perDay('Haste', 2),
        perDay('Slow', 2),
        perDay('Blink', 3),
        perDay('Blur', 3),
        perDay('Web', 1),
        perDay('Fog', 1),
      ],
      notes: ['- **Hit Points** 12000'],
      unread: [
        {
          reason: 'cut',
          text: 'The Ancient and Terrible Shadow Wyrm of the Northern Wastes Beyond the Sea',
          limit: 50,
        },
        keptInNotes('Hit Points 12000'),
        { reason: 'cut', text: 'Shadow Breath of the Endless Night Under Hills', limit: 40 },
        { reason: 'tooManyCounters', text: 'Sleep', limit: 10 },
      ],
    },
  },
  {
    title: 'a hill giant with a stray page number',
    text: `Hill Giant
Huge giant, chaotic evil
Armor Class 13 (natural armor)
Hit Points 105 (10d12 + 40)
Speed 40 ft.
STR DEX CON INT WIS CHA
21 (+5) 8 (−1) 19 (+4) 5 (−3) 9 (−1) 6 (−2)
155
Challenge 5 (1,800 XP)
Actions
Rock. Ranged Weapon Attack: +8 to hit, range 60/240 ft., one target. Hit: 21 (3d10 + 5) bludgeoning damage.`,
    expected: {
      language: 'en',
      name: 'Hill Giant',
      hp: 105,
      characteristics: scores(EN, [21, 8, 19, 5, 9, 6]),
      counters: [],
      notNotes: ['155'],
      unread: [{ reason: 'line', text: '155' }, keptInNotes('Armor Class 13 (natural armor)')],
    },
  },
];

const french: Case[] = [
  {
    title: 'un gobelin, propre',
    characteristics: campaign(FR),
    text: `Gobelin
Humanoïde (gobelinoïde) de taille P, neutre mauvais
Classe d'armure 15 (armure de cuir, bouclier)
Points de vie 7 (2d6)
Vitesse 9 m
FOR DEX CON INT SAG CHA
8 (-1) 14 (+2) 10 (+0) 10 (+0) 8 (-1) 8 (-1)
Compétences Discrétion +6
Sens vision dans le noir 18 m, Perception passive 9
Langues commun, gobelin
Puissance 1/4 (50 PX)
Fuite agile. Le gobelin peut effectuer l'action Se désengager ou Se cacher par une action bonus à chacun de ses tours.
Actions
Cimeterre. Attaque d'arme au corps à corps : +4 pour toucher, allonge 1,50 m, une cible. Touché : 5 (1d6 + 2) dégâts tranchants.
Arc court. Attaque d'arme à distance : +4 pour toucher, portée 24/96 m, une cible. Touché : 5 (1d6 + 2) dégâts perforants.`,
    expected: {
      language: 'fr',
      name: 'Gobelin',
      hp: 7,
      characteristics: scores(FR, [8, 14, 10, 10, 8, 8]),
      counters: [],
      notes: [
        '*Humanoïde (gobelinoïde) de taille P, neutre mauvais*',
        "- **Classe d'armure** 15 (armure de cuir, bouclier)\n- **Vitesse** 9 m\n- **Compétences** Discrétion +6",
        '## Capacités\n\n**Fuite agile.** Le gobelin peut effectuer',
        '## Actions\n\n**Cimeterre.** Attaque',
      ],
      notNotes: ['Points de vie'],
      unread: [keptInNotes("Classe d'armure 15 (armure de cuir, bouclier)")],
    },
  },
  {
    title: 'un orque aux abréviations CA et PV, sur une campagne qui a la classe d’armure',
    characteristics: campaign([...FR, "Classe d'armure"], 20),
    text: `Orque
Humanoïde (orque) de taille M, chaotique mauvais
CA 13 (armure de peau)
PV 15 (2d8 + 6)
Vitesse 9 m
FOR 16 (+3) DEX 12 (+1) CON 16 (+3) INT 7 (-2) SAG 11 (+0) CHA 10 (+0)
Compétences Intimidation +2
Sens vision dans le noir 18 m, Perception passive 10
Langues commun, orque
FP 1/2 (100 PX)
Agressif. Par une action bonus, l'orque peut se déplacer de sa vitesse vers une créature hostile qu'il peut voir.
Actions
Hache à deux mains. Attaque d'arme au corps à corps : +5 pour toucher, allonge 1,50 m, une cible. Touché : 9 (1d12 + 3) dégâts tranchants.`,
    expected: {
      language: 'fr',
      name: 'Orque',
      hp: 15,
      characteristics: { ...scores(FR, [16, 12, 16, 7, 11, 10]), "Classe d'armure": 13 },
      counters: [],
      notes: ['- **FP** 1/2 (100 PX)', '**Hache à deux mains.** Attaque'],
      notNotes: ['CA 13', 'armure de peau'],
      unread: [],
    },
  },
  {
    title: 'un dragon rouge adulte aux actions légendaires',
    characteristics: campaign(FR),
    text: `Dragon rouge adulte
Dragon de taille TG, chaotique mauvais
Classe d'armure 19 (armure naturelle)
Points de vie 256 (19d12 + 133)
Vitesse 12 m, escalade 12 m, vol 24 m
FOR DEX CON INT SAG CHA
27 (+8) 10 (+0) 25 (+7) 16 (+3) 13 (+1) 21 (+5)
Jets de sauvegarde Dex +6, Con +13, Sag +7, Cha +11
Compétences Discrétion +6, Perception +13
Immunités aux dégâts feu
Sens vision aveugle 18 m, vision dans le noir 36 m, Perception passive 23
Langues commun, draconique
Puissance 17 (18 000 PX)
Résistance légendaire (3/jour). Si le dragon rate un jet de sauvegarde, il peut choisir de le réussir à la place.
Actions
Attaques multiples. Le dragon peut utiliser sa Présence terrifiante. Il effectue ensuite trois attaques : une de morsure et deux de griffes.
Morsure. Attaque d'arme au corps à corps : +14 pour toucher, allonge 3 m, une cible. Touché : 19 (2d10 + 8) dégâts perforants plus 7 (2d6) dégâts de feu.
Souffle de feu (recharge 5-6). Le dragon souffle du feu dans un cône de 18 mètres. Chaque créature dans la zone doit effectuer un jet de sauvegarde de Dextérité DD 21.
Actions légendaires
Le dragon peut effectuer 3 actions légendaires, qu'il choisit parmi les options ci-dessous. Il ne peut utiliser qu'une seule option à la fois, à la fin du tour d'une autre créature. Le dragon récupère les actions légendaires dépensées au début de son tour.
Détection. Le dragon effectue un jet de Sagesse (Perception).
Attaque avec la queue. Le dragon effectue une attaque avec sa queue.
Attaque avec les ailes (coûte 2 actions). Le dragon bat des ailes.`,
    expected: {
      language: 'fr',
      name: 'Dragon rouge adulte',
      hp: 256,
      characteristics: scores(FR, [27, 10, 25, 16, 13, 21]),
      counters: [
        legendary('Actions légendaires'),
        perDay('Résistance légendaire', 3),
        recharge('Souffle de feu'),
      ],
      notes: [
        '- **Immunités aux dégâts** feu',
        '## Capacités\n\n**Résistance légendaire (3/jour).**',
        '**Souffle de feu (recharge 5-6).** Le dragon souffle',
        '## Actions légendaires\n\nLe dragon peut effectuer 3 actions légendaires',
        '**Attaque avec les ailes (coûte 2 actions).**',
      ],
      unread: [keptInNotes("Classe d'armure 19 (armure naturelle)")],
    },
  },
  {
    title: 'une liche et sa liste de sorts',
    characteristics: campaign(FR),
    text: `Liche
Mort-vivant de taille M, tout alignement mauvais
Classe d'armure 17 (armure naturelle)
Points de vie 135 (18d8 + 54)
Vitesse 9 m
FOR DEX CON INT SAG CHA
11 (+0) 16 (+3) 16 (+3) 20 (+5) 14 (+2) 16 (+3)
Immunités aux états charmé, empoisonné, épuisement, effrayé, paralysé
Puissance 21 (33 000 PX)
Résistance légendaire (3/jour). Si la liche rate un jet de sauvegarde, elle peut choisir de le réussir à la place.
Incantation. La liche est un lanceur de sorts de niveau 18. Elle a préparé les sorts de magicien suivants :
Sorts mineurs (à volonté) : main de mage, prestidigitation, rayon de givre
Niveau 1 (4 emplacements) : détection de la magie, projectile magique, bouclier
Résistance au renvoi. La liche a un avantage aux jets de sauvegarde contre les effets qui renvoient les morts-vivants.
Actions
Contact paralysant. Attaque de sort au corps à corps : +12 pour toucher, allonge 1,50 m, une créature. Touché : 10 (3d6) dégâts de froid.
Actions légendaires
La liche peut effectuer 3 actions légendaires, qu'elle choisit parmi les options ci-dessous.
Sort mineur. La liche lance un sort mineur.
Perturbation de la vie (coûte 3 actions). Chaque créature non morte-vivante à 6 mètres ou moins de la liche doit effectuer un jet de sauvegarde de Constitution DD 18.`,
    expected: {
      language: 'fr',
      name: 'Liche',
      hp: 135,
      characteristics: scores(FR, [11, 16, 16, 20, 14, 16]),
      counters: [legendary('Actions légendaires'), perDay('Résistance légendaire', 3)],
      notes: [
        '- **Immunités aux états** charmé',
        'sorts de magicien suivants :\n\nSorts mineurs (à volonté) : main de mage',
        'Niveau 1 (4 emplacements) : détection de la magie, projectile magique, bouclier\n\n**Résistance au renvoi.**',
        '**Perturbation de la vie (coûte 3 actions).**',
      ],
      unread: [keptInNotes("Classe d'armure 17 (armure naturelle)")],
    },
  },
  {
    title: 'un hibours copié d’un PDF : ligatures, espaces insécables, lignes coupées',
    characteristics: campaign(FR),
    text: `Hibours
Créature monstrueuse de taille G, non alignée
Classe d’armure 13 (armure naturelle)
Points de vie\u00a059 (7d10 + 21)
Vitesse 12\u00a0m
FOR DEX CON INT SAG CHA
20 (+5) 12 (+1) 17 (+3) 3 (−4) 12 (+1) 7 (−2)
Compétences Perception +3
Sens vision dans le noir 18\u00a0m, Perception
passive 13
Langues —
Puissance 3 (700 PX)
Odorat et vue aiguisés. Le hibours a un avantage aux jets de Sagesse (Perception) basés sur la vue ou
l'odorat.
Féroce. Le hibours se bat jusqu'à la mort et ne fuit jamais, quels que soient les eﬀets qui le
pousseraient à ﬂancher.
Actions
Attaques multiples. Le hibours effectue deux attaques\u202f: une avec son bec et une avec ses
griﬀes.
Bec. Attaque d'arme au corps à corps\u00a0: +7 pour toucher, allonge 1,50 m, une créature. Touché\u00a0: 10 (1d10 + 5) dégâts perforants.`,
    expected: {
      language: 'fr',
      name: 'Hibours',
      hp: 59,
      characteristics: scores(FR, [20, 12, 17, 3, 12, 7]),
      counters: [],
      notes: [
        "- **Classe d'armure** 13 (armure naturelle)",
        '- **Sens** vision dans le noir 18 m, Perception passive 13',
        "**Odorat et vue aiguisés.** Le hibours a un avantage aux jets de Sagesse (Perception) basés sur la vue ou l'odorat.",
        "**Féroce.** Le hibours se bat jusqu'à la mort et ne fuit jamais, quels que soient les effets qui le pousseraient à flancher.",
        '**Attaques multiples.** Le hibours effectue deux attaques : une avec son bec et une avec ses griffes.',
        "**Bec.** Attaque d'arme au corps à corps : +7 pour toucher",
      ],
      notNotes: ['\u00a0', '\u202f', 'ﬀ', 'ﬂ'],
      unread: [keptInNotes("Classe d'armure 13 (armure naturelle)")],
    },
  },
  {
    title: 'un loup copié d’un site : en-tête sur une ligne, apostrophes courbes',
    characteristics: campaign(FR),
    text: `Loup
Bête de taille M, non alignée
Classe d’armure 13 (armure naturelle) Points de vie 11 (2d8 + 2) Vitesse 12 m
FOR 12 (+1) DEX 15 (+2) CON 12 (+1) INT 3 (−4) SAG 12 (+1) CHA 6 (−2)
Compétences Discrétion +4, Perception +3 Sens Perception passive 13 Langues — Puissance 1/4 (50 PX)
Odorat et ouïe aiguisés. Le loup a un avantage aux jets de Sagesse (Perception) basés sur l’ouïe ou l’odorat.
Tactique de groupe. Le loup a un avantage aux jets d’attaque contre une créature si au moins un de ses alliés est à 1,50 mètre ou moins de la créature.
Actions
Morsure. Attaque d’arme au corps à corps : +4 pour toucher, allonge 1,50 m, une cible. Touché : 7 (2d4 + 2) dégâts perforants.`,
    expected: {
      language: 'fr',
      name: 'Loup',
      hp: 11,
      characteristics: scores(FR, [12, 15, 12, 3, 12, 6]),
      counters: [],
      notes: [
        "- **Classe d'armure** 13 (armure naturelle)\n- **Vitesse** 12 m\n- **Compétences** Discrétion +4, Perception +3\n- **Sens** Perception passive 13\n- **Langues** —\n- **Puissance** 1/4 (50 PX)",
        '**Tactique de groupe.**',
      ],
      unread: [keptInNotes("Classe d'armure 13 (armure naturelle)")],
    },
  },
  {
    title: 'un squelette, une caractéristique par ligne',
    characteristics: campaign(FR),
    text: `Squelette
Mort-vivant de taille M, loyal mauvais
Classe d'armure 13 (restes d'armure)
Points de vie 13 (2d8 + 4)
Vitesse 9 m
FOR
10 (+0)
DEX
14 (+2)
CON
15 (+2)
INT
6 (–2)
SAG
8 (–1)
CHA
5 (–3)
Vulnérabilités aux dégâts contondants
Immunités aux dégâts poison
Puissance 1/4 (50 PX)
Actions
Épée courte. Attaque d'arme au corps à corps : +4 pour toucher, allonge 1,50 m, une cible. Touché : 5 (1d6 + 2) dégâts perforants.`,
    expected: {
      language: 'fr',
      name: 'Squelette',
      hp: 13,
      characteristics: scores(FR, [10, 14, 15, 6, 8, 5]),
      counters: [],
      notes: ['- **Vulnérabilités aux dégâts** contondants', '**Épée courte.**'],
      unread: [keptInNotes("Classe d'armure 13 (restes d'armure)")],
    },
  },
  {
    title: 'un ogre au nom en capitales, signe moins',
    characteristics: campaign(FR),
    text: `OGRE
Géant de taille G, chaotique mauvais
Classe d'armure 11 (armure de peau)
Points de vie 59 (7d10 + 21)
Vitesse 12 m
FOR DEX CON INT SAG CHA
19 (+4) 8 (\u22121) 16 (+3) 5 (\u22123) 7 (\u22122) 7 (\u22122)
Puissance 2 (450 PX)
ACTIONS
Massue. Attaque d'arme au corps à corps : +6 pour toucher, allonge 1,50 m, une cible. Touché : 13 (2d8 + 4) dégâts contondants.`,
    expected: {
      language: 'fr',
      name: 'Ogre',
      hp: 59,
      characteristics: scores(FR, [19, 8, 16, 5, 7, 7]),
      counters: [],
      notes: ['## ACTIONS\n\n**Massue.**'],
      unread: [keptInNotes("Classe d'armure 11 (armure de peau)")],
    },
  },
  {
    title: 'un molosse infernal au tiret demi-cadratin, sur une campagne en anglais',
    characteristics: campaign(EN),
    text: `Molosse infernal
Fiélon de taille M, loyal mauvais
Classe d'armure 15 (armure naturelle)
Points de vie 45 (7d8 + 14)
Vitesse 15 m
FOR DEX CON INT SAG CHA
17 (+3) 12 (+1) 14 (+2) 6 (–2) 13 (+1) 6 (–2)
Puissance 3 (700 PX)
Odorat et ouïe aiguisés. Le molosse a un avantage aux jets de Sagesse (Perception) basés sur l'ouïe ou l'odorat.
Actions
Morsure. Attaque d'arme au corps à corps : +5 pour toucher, allonge 1,50 m, une cible. Touché : 7 (1d8 + 3) dégâts perforants plus 7 (2d6) dégâts de feu.
Souffle de feu (recharge 5–6). Le molosse souffle du feu dans un cône de 4,50 mètres.`,
    expected: {
      language: 'fr',
      name: 'Molosse infernal',
      hp: 45,
      characteristics: scores(EN, [17, 12, 14, 6, 13, 6]),
      counters: [recharge('Souffle de feu')],
      unread: [keptInNotes("Classe d'armure 15 (armure naturelle)")],
    },
  },
  {
    title: 'un capitaine bandit et ses réactions',
    characteristics: campaign(FR),
    text: `Capitaine bandit
Humanoïde (toute race) de taille M, tout alignement non loyal
Classe d'armure 15 (armure de cuir clouté)
Points de vie 65 (10d8 + 20)
Vitesse 9 m
FOR DEX CON INT SAG CHA
15 (+2) 16 (+3) 14 (+2) 14 (+2) 11 (+0) 14 (+2)
Jets de sauvegarde For +4, Dex +5, Sag +2
Puissance 2 (450 PX)
Actions
Attaques multiples. Le capitaine effectue trois attaques au corps à corps : deux avec son cimeterre et une avec sa dague.
Réactions
Parade. Le capitaine ajoute 2 à sa CA contre une attaque au corps à corps qui devrait le toucher.`,
    expected: {
      language: 'fr',
      name: 'Capitaine bandit',
      hp: 65,
      characteristics: scores(FR, [15, 16, 14, 14, 11, 14]),
      counters: [],
      notes: [
        '- **Jets de sauvegarde** For +4, Dex +5, Sag +2',
        '## Réactions\n\n**Parade.** Le capitaine ajoute 2',
      ],
      unread: [keptInNotes("Classe d'armure 15 (armure de cuir clouté)")],
    },
  },
  {
    title: 'un vampire au facteur de puissance, langue donnée, actions de repaire',
    characteristics: campaign(FR),
    language: 'fr',
    text: `Vampire
Mort-vivant (métamorphe) de taille M, loyal mauvais
Classe d'armure 16 (armure naturelle)
Points de vie 144 (17d8 + 68)
Vitesse 9 m
FOR DEX CON INT SAG CHA
18 (+4) 18 (+4) 18 (+4) 17 (+3) 15 (+2) 18 (+4)
Facteur de puissance 13 (10 000 PX)
Résistance légendaire (3/jour). Si le vampire rate un jet de sauvegarde, il peut choisir de le réussir à la place.
Actions
Enfants de la nuit (1/jour). Le vampire appelle magiquement 2d4 nuées de chauves-souris ou de rats.
Actions légendaires
Le vampire peut effectuer trois actions légendaires, qu'il choisit parmi les options ci-dessous.
Déplacement. Le vampire se déplace de sa vitesse sans provoquer d'attaque d'opportunité.
Actions de repaire
Au sein de son repaire, le vampire peut effectuer des actions de repaire à l'initiative 20.`,
    expected: {
      language: 'fr',
      name: 'Vampire',
      hp: 144,
      characteristics: scores(FR, [18, 18, 18, 17, 15, 18]),
      counters: [
        legendary('Actions légendaires'),
        perDay('Résistance légendaire', 3),
        perDay('Enfants de la nuit', 1),
      ],
      notes: ['- **Facteur de puissance** 13 (10 000 PX)', '## Actions de repaire\n\nAu sein de son repaire'],
      unread: [keptInNotes("Classe d'armure 16 (armure naturelle)")],
    },
  },
];

function check(one: Case) {
  const parsed = parseStatBlock(one.text, {
    characteristics: one.characteristics ?? campaign(EN),
    language: one.language,
  });
  const { expected } = one;
  expect(parsed.language).toBe(expected.language);
  expect(parsed.unit.name).toBe(expected.name);
  expect(parsed.unit.hp).toBe(expected.hp);
  expect(parsed.unit.characteristics).toEqual(expected.characteristics);
  if (expected.counters) expect(parsed.unit.counters).toEqual(expected.counters);
  let from = 0;
  for (const piece of expected.notes ?? []) {
    const at = parsed.unit.notes.indexOf(piece, from);
    expect(at, `notes hold «${piece}» after ${from}:\n${parsed.unit.notes}`).toBeGreaterThanOrEqual(0);
    from = at + piece.length;
  }
  for (const piece of expected.notNotes ?? []) expect(parsed.unit.notes).not.toContain(piece);
  expect(parsed.unread).toEqual(expected.unread);
  // Whatever it reads, the form can send: the unit schema takes it as it is.
  const body = createUnitBody.safeParse({
    race: 'Orc',
    class: 'Fighter',
    ...parsed.unit,
    name: parsed.unit.name ?? 'x',
  });
  expect(body.success, JSON.stringify(body.error?.issues)).toBe(true);
}

describe('parseStatBlock', () => {
  it('has at least 20 English and 10 French stat blocks', () => {
    expect(english.length).toBeGreaterThanOrEqual(20);
    expect(french.length).toBeGreaterThanOrEqual(10);
  });

  it.each(english.map((one) => [one.title, one] as const))('reads %s', (_, one) => check(one));
  it.each(french.map((one) => [one.title, one] as const))('lit %s', (_, one) => check(one));

  it('cuts the notes at the limit, on a paragraph, and says so', () => {
    const text = 'Goblin\nHit Points 7\nActions\nStab. It stabs.\nSlash. It slashes.\nBite. It bites.';
    const parsed = parseStatBlock(text, { characteristics: [], notesMax: 60 });
    expect(parsed.unit.notes).toBe('## Actions\n\n**Stab.** It stabs.\n\n**Slash.** It slashes.');
    expect(parsed.unread).toContainEqual({ reason: 'notesCut', text: '', limit: 60 });
    // One paragraph longer than half the limit is cut inside.
    const long = parseStatBlock(`Goblin\nHit Points 7\nActions\nStab. ${'It stabs '.repeat(20)}`, {
      characteristics: [],
      notesMax: 60,
    });
    expect(long.unit.notes).toBe(`## Actions\n\n**Stab.** ${'It stabs '.repeat(20)}`.slice(0, 60).trim());
  });

  it('matches characteristics whatever their case and accents', () => {
    const parsed = parseStatBlock('Rat\nHit Points 1\nSTR DEX\n2 (-4) 11 (+0)', {
      characteristics: campaign(['FORCE', 'dexterite']),
    });
    expect(parsed.unit.characteristics).toEqual({ FORCE: 2, dexterite: 11 });
  });

  it('reads hostile texts of the 20,000 characters the API takes without stalling', () => {
    for (const text of [
      `A${'-a'.repeat(9_999)}`,
      `Goblin\nActions\nA${"'b c".repeat(4_999)}`,
      `Goblin\n${'Bite. x\n'.repeat(2_499)}`,
      'Armor Class 1 Hit Points 2 Speed '.repeat(600),
      `Name ${'('.repeat(9_990)}`,
    ]) {
      const started = performance.now();
      const parsed = parseStatBlock(text.slice(0, 20_000), { characteristics: campaign(EN) });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(parsed.unit.notes.length).toBeLessThanOrEqual(20_000);
    }
  });

  it('reads nothing into an empty text', () => {
    const parsed = parseStatBlock('  \n\n ', { characteristics: campaign(EN) });
    expect(parsed.unit).toEqual({ characteristics: {}, notes: '', counters: [] });
    expect(parsed.unread).toEqual([
      { reason: 'noName', text: '' },
      { reason: 'noHp', text: '' },
    ]);
  });
});

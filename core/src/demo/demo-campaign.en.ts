// The demo table in English (docs/product.md#first-session): written by us, enough for ten minutes of play.
import type { DemoTexts } from './demo-texts';

export const DEMO_EN: DemoTexts = {
  campaign: 'Demo: The Ashen Bridge',
  rules: `# The Ashen Bridge

A short adventure for four heroes: [[Brenna Ironhand]], [[Aelar Moonwhisper]], [[Tomas Reed]] and [[Pip Underbough]]. Read [[#How to play this demo]], then run the encounter **Ambush at the Ashen Bridge**.

## How to play this demo

1. Read the scene below aloud to your players.
2. Open **Encounters** and run the ambush.
3. Deal damage with dice (try \`2d6+3\`), then undo it if you slipped.
4. Share the player view: your players follow the fight on their phones.

## The scene

Rain hisses on the old stone bridge over the gorge. Halfway across, the planks are scorched black. A [[Goblin Scout]] laughs from the far side, and something huge shifts in the smoke below: [[The Ash Drake]].

:::secret What the players do not know yet
The drake is not the real threat. [[Sister Vex]], a cultist hiding in the rafters under the bridge, keeps it enraged with a cinder charm. Break the charm (DC 13, or deal 10 damage to Vex) and the drake flies away.
:::

## Damage and healing

| Roll | Use it for |
| --- | --- |
| 1d20 | Attacks and checks: meet or beat the target's number |
| 2d6+3 | A solid sword blow |
| 1d8+2 | A healing prayer from [[Brenna Ironhand|Brenna]], our [[Cleric]] |
| 6d6 | The drake's fire breath (half on a DC 13 save) |

A hero at 0 hit points falls and makes death saves. [[Dead]] heroes can still be raised by [[Mother Grell]], for a price.

## The Ash Drake

Young, proud and in pain. It spends its **legendary actions** at the end of other creatures' turns (tail sweep, wing buffet) and can breathe fire again on a **recharge 5–6**. On initiative 20 the bridge itself acts (see the encounter's lair entry).
`,
  // Notes of the default lists (Human, Elf, Dwarf, Orc; Warrior, Mage, Rogue, Cleric, Ranger; Normal…Dead).
  raceNotes: [
    'Everywhere and anything: [[Warrior]]s, [[Rogue]]s, and cultists too.',
    "Long-lived and keen-eyed. Elves favour the [[Mage]]'s path.",
    'Stout mountain folk, hard to knock down. Many become [[Cleric]]s of the forge.',
    'In this demo, every brute of the gorge: goblins and [[The Ash Drake]] alike. See [[#The Ash Drake]].',
  ],
  classNotes: [
    'Front line, armour and a good sword. Keeps the others [[Normal]].',
    'Fragile but deadly spells. Most are [[Elf|elves]].',
    'Sneak attacks and traps. Ask [[Pip Underbough]] about the rafters.',
    'Heals with prayers (1d8+2). Often a [[Dwarf]]; sometimes a cultist of the cinder.',
    'Bows and traps from afar. Goblin scouts are [[Orc|orc]] kin.',
  ],
  statusNotes: [
    'Standing and fighting. A [[Cleric]] keeps you this way.',
    'Below half hit points. Time for a [[Cleric]].',
    "Under the cinder charm's smoke: see [[Sister Vex]].",
    'Knocked silly by a wing buffet: no action this turn.',
    'At 0 hit points, making death saves. Next comes [[Dead]].',
    'Fallen. Only [[Mother Grell]] knows the old rites.',
  ],
  units: {
    brenna: {
      name: 'Brenna Ironhand',
      notes:
        'Dwarf cleric of the forge, steady and stubborn. Heals 1d8+2 once per turn. Owes [[Mother Grell]] a favour.',
    },
    aelar: {
      name: 'Aelar Moonwhisper',
      notes: 'Elf mage. Firebolt 1d10 at range; knows that [[The Ash Drake]] fears cold water.',
    },
    tomas: {
      name: 'Tomas Reed',
      notes: 'Human warrior, former bridge guard. Sword 2d6+3. Sworn to protect [[Pip Underbough]].',
    },
    pip: {
      name: 'Pip Underbough',
      notes:
        'A quick rogue with quicker fingers. Dagger 1d4+3, double on a sneak attack. Thinks the rafters look suspicious.',
    },
    drake: {
      name: 'The Ash Drake',
      notes: `Armour 15, bite 2d8+4, claws 2d6+2.

- **Legendary actions (3 per round):** tail sweep (1d8), wing buffet (push 10 feet).
- **Fire breath (recharge 5–6):** 6d6 in a line, DC 13 for half.

Enraged by [[Sister Vex]]'s charm ([[#The Ash Drake]]).`,
    },
    goblin: {
      name: 'Goblin Scout',
      notes: 'Shortbow 1d6+2. Runs when hurt. Works for [[Sister Vex]] for a handful of coins.',
    },
    cultist: {
      name: 'Sister Vex',
      notes:
        'Hidden in the rafters with the cinder charm. Dagger 1d4+2. If she falls, the drake flees. Her charm leaves its victims [[Poisoned]].',
    },
    innkeeper: {
      name: 'Mother Grell',
      notes:
        'Keeps the Last Lantern inn at the bridge. Sells healing potions (2d4+2) and knows the old rites for the [[Dead]].',
    },
  },
  counters: { legendary: 'Legendary actions', breath: 'Fire breath' },
  encounter: {
    name: 'Ambush at the Ashen Bridge',
    lair: 'Lair: the bridge shakes',
    notes:
      'On initiative 20 the bridge shakes: every creature on it makes a DC 10 Dexterity save or falls prone. [[Sister Vex]] stays hidden from the players until someone looks under the planks.',
  },
};

// La table de démonstration en français (docs/product.md#first-session) : de quoi jouer dix minutes.
import type { DemoTexts } from './demo-texts';

export const DEMO_FR: DemoTexts = {
  campaign: 'Démo : le Pont de cendre',
  rules: `# Le Pont de cendre

Une courte aventure pour quatre héros : [[Brenna Poing-de-Fer]], [[Aelar Murmure-de-Lune]], [[Tomas Roseau]] et [[Pip Sous-Racine]]. Lisez [[#Comment jouer cette démo]], puis lancez la rencontre **Embuscade au Pont de cendre**.

## Comment jouer cette démo

1. Lisez la scène ci-dessous à vos joueurs.
2. Ouvrez **Rencontres** et lancez l'embuscade.
3. Infligez des dégâts aux dés (essayez \`2d6+3\`), puis annulez si vous vous êtes trompé.
4. Partagez la vue joueurs : vos joueurs suivent le combat sur leur téléphone.

## La scène

La pluie siffle sur le vieux pont de pierre au-dessus des gorges. À mi-chemin, les planches sont noircies par le feu. Un [[Éclaireur gobelin]] ricane sur l'autre rive, et quelque chose d'énorme remue dans la fumée en contrebas : [[Le Drake de cendre]].

:::secret Ce que les joueurs ignorent encore
Le drake n'est pas la vraie menace. [[Sœur Vex]], une cultiste cachée dans la charpente sous le pont, le maintient enragé avec un charme de braise. Brisez le charme (DD 13, ou 10 dégâts à Vex) et le drake s'envole.
:::

## Dégâts et soins

| Jet | À quoi il sert |
| --- | --- |
| 1d20 | Attaques et tests : égalez ou dépassez le nombre visé |
| 2d6+3 | Un bon coup d'épée |
| 1d8+2 | Une prière de soin de [[Clerc|la clerc]] Brenna |
| 6d6 | Le souffle de feu du drake (moitié sur un jet de sauvegarde DD 13) |

Un héros à 0 point de vie tombe et fait des jets contre la mort. Les héros [[Mort|morts]] peuvent encore être relevés par [[Mère Grell]], contre paiement.

## Le Drake de cendre

Jeune, fier et blessé. Il dépense ses **actions légendaires** à la fin du tour des autres créatures (coup de queue, rafale d'ailes) et peut de nouveau cracher le feu sur une **recharge 5–6**. À l'initiative 20, le pont lui-même agit (voir l'antre de la rencontre).
`,
  // Notes des listes par défaut (Humain, Elfe, Nain, Orc ; Guerrier, Mage, Voleur, Clerc, Rôdeur ; Normal…Mort).
  raceNotes: [
    'Partout et de tout : [[Guerrier|guerriers]], [[Voleur|voleurs]], et cultistes aussi.',
    'Longue vie et regard perçant. Les elfes préfèrent la voie du [[Mage]].',
    'Peuple des montagnes, robuste et difficile à renverser. Beaucoup deviennent [[Clerc|clercs]] de la forge.',
    'Dans cette démo, toutes les brutes des gorges : gobelins et [[Le Drake de cendre]]. Voir [[#Le Drake de cendre]].',
  ],
  classNotes: [
    'En première ligne, armure et bonne épée. Garde les autres dans leur état [[Normal]].',
    'Fragile mais redoutable. La plupart sont [[Elfe|elfes]].',
    "Attaques sournoises et pièges. Demandez à [[Pip Sous-Racine]] ce qu'il pense de la charpente.",
    'Soigne par la prière (1d8+2). Souvent [[Nain|naine]] ; parfois cultiste de la braise.',
    'Arcs et pièges à distance. Les éclaireurs gobelins sont cousins des [[Orc|orcs]].',
  ],
  statusNotes: [
    'Debout et au combat. Un [[Clerc]] vous garde ainsi.',
    'Sous la moitié de ses points de vie. Appelez un [[Clerc]].',
    'Dans la fumée du charme de braise : voir [[Sœur Vex]].',
    "Sonné par une rafale d'ailes : aucune action ce tour-ci.",
    'À 0 point de vie, jets contre la mort. Ensuite vient [[Mort]].',
    'Tombé. Seule [[Mère Grell]] connaît les anciens rites.',
  ],
  units: {
    brenna: {
      name: 'Brenna Poing-de-Fer',
      notes:
        'Naine, clerc de la forge, posée et têtue. Soigne 1d8+2 une fois par tour. Doit un service à [[Mère Grell]].',
    },
    aelar: {
      name: 'Aelar Murmure-de-Lune',
      notes:
        "Elfe, mage. Trait de feu 1d10 à distance ; sait que [[Le Drake de cendre]] craint l'eau froide.",
    },
    tomas: {
      name: 'Tomas Roseau',
      notes: 'Humain, guerrier, ancien garde du pont. Épée 2d6+3. A juré de protéger [[Pip Sous-Racine]].',
    },
    pip: {
      name: 'Pip Sous-Racine',
      notes:
        'Voleur rapide aux doigts plus rapides encore. Dague 1d4+3, doublée en attaque sournoise. Trouve la charpente louche.',
    },
    drake: {
      name: 'Le Drake de cendre',
      notes: `Armure 15, morsure 2d8+4, griffes 2d6+2.

- **Actions légendaires (3 par round) :** coup de queue (1d8), rafale d'ailes (repousse de 3 mètres).
- **Souffle de feu (recharge 5–6) :** 6d6 en ligne, DD 13 pour la moitié.

Enragé par le charme de [[Sœur Vex]] ([[#Le Drake de cendre]]).`,
    },
    goblin: {
      name: 'Éclaireur gobelin',
      notes:
        "Arc court 1d6+2. S'enfuit quand il est blessé. Travaille pour [[Sœur Vex]] contre une poignée de pièces.",
    },
    cultist: {
      name: 'Sœur Vex',
      notes:
        "Cachée dans la charpente avec le charme de braise. Dague 1d4+2. Si elle tombe, le drake s'enfuit. Son charme laisse ses victimes [[Empoisonné|empoisonnées]].",
    },
    innkeeper: {
      name: 'Mère Grell',
      notes:
        "Tient l'auberge de la Dernière Lanterne, près du pont. Vend des potions de soin (2d4+2) et connaît les anciens rites pour les [[Mort|morts]].",
    },
  },
  counters: { legendary: 'Actions légendaires', breath: 'Souffle de feu' },
  encounter: {
    name: 'Embuscade au Pont de cendre',
    lair: 'Antre : le pont tremble',
    notes:
      "À l'initiative 20, le pont tremble : chaque créature dessus réussit un jet de Dextérité DD 10 ou tombe à terre. [[Sœur Vex]] reste cachée aux joueurs tant que personne ne regarde sous les planches.",
  },
};

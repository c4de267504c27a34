// The list of the fight's keyboard shortcuts, shown by `?` or the keyboard button: the keys
// of the fight (hooks/use-fight-shortcuts.ts) and those of the unit cards (fight-group.tsx).
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

// Every key's name is said in the page's language ("Shift + Click" is "Maj + clic" in French, issue
// #29); letters, digits, Ctrl and Alt are the same in both. A row lists one or more combinations.
type KeyName = 'shift' | 'click' | 'up' | 'down' | 'home' | 'end';
type Key = KeyName | { text: string };
type Combo = readonly Key[];

const letter = (text: string): Key => ({ text });
const CTRL = letter('Ctrl');
const ALT = letter('Alt');
/** What a named key shows (an arrow) where it is not a word; screen readers hear the word. */
const GLYPHS: Partial<Record<KeyName, string>> = { up: '↑', down: '↓' };

type Does =
  | 'nextTurn'
  | 'undo'
  | 'redo'
  | 'amount'
  | 'digit'
  | 'sign'
  | 'attack'
  | 'heal'
  | 'counter'
  | 'walk'
  | 'ends'
  | 'reorder'
  | 'several'
  | 'search'
  | 'help';

const SHORTCUTS: readonly { combos: readonly Combo[]; label: `combat.fast.shortcuts.${Does}` }[] = [
  { combos: [[letter('N')]], label: 'combat.fast.shortcuts.nextTurn' },
  { combos: [[CTRL, letter('Z')]], label: 'combat.fast.shortcuts.undo' },
  {
    combos: [
      [CTRL, 'shift', letter('Z')],
      [CTRL, letter('Y')],
    ],
    label: 'combat.fast.shortcuts.redo',
  },
  { combos: [[letter('A')]], label: 'combat.fast.shortcuts.amount' },
  { combos: [[letter('0–9')]], label: 'combat.fast.shortcuts.digit' },
  { combos: [[letter('+')], [letter('-')]], label: 'combat.fast.shortcuts.sign' },
  { combos: [[letter('X')]], label: 'combat.fast.shortcuts.attack' },
  { combos: [[letter('H')]], label: 'combat.fast.shortcuts.heal' },
  // docs/decisions/062: a legendary action spent as the creature acts.
  { combos: [[letter('U')]], label: 'combat.fast.shortcuts.counter' },
  { combos: [['up'], ['down'], [letter('K')], [letter('J')]], label: 'combat.fast.shortcuts.walk' },
  { combos: [['home'], ['end']], label: 'combat.fast.shortcuts.ends' },
  {
    combos: [
      [ALT, 'up'],
      [ALT, 'down'],
    ],
    label: 'combat.fast.shortcuts.reorder',
  },
  { combos: [['shift', 'click']], label: 'combat.fast.shortcuts.several' },
  // The campaign search (docs/decisions/063) works here too, and on every campaign page.
  { combos: [[CTRL, letter('K')]], label: 'combat.fast.shortcuts.search' },
  { combos: [[letter('?')]], label: 'combat.fast.shortcuts.help' },
];

function KeyCap({ name }: { name: Key }) {
  const { t } = useTranslation();
  const text = typeof name === 'string' ? t(`combat.fast.shortcuts.keyNames.${name}`) : name.text;
  const glyph = typeof name === 'string' ? GLYPHS[name] : undefined;
  return (
    <kbd className="rounded border border-line bg-surface-muted px-1.5 py-0.5 font-mono text-sm">
      {glyph ? (
        <>
          <span aria-hidden="true">{glyph}</span>
          <span className="sr-only">{text}</span>
        </>
      ) : (
        text
      )}
    </kbd>
  );
}

/** One combination ("Ctrl + Z"), never split over two lines. */
function Keys({ keys }: { keys: Combo }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      {keys.map((key, index) => (
        <span key={index} className="inline-flex items-center gap-1">
          {index > 0 ? <span aria-hidden="true">+</span> : null}
          <KeyCap name={key} />
        </span>
      ))}
    </span>
  );
}

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // Closed, it builds nothing: the fight view renders it on every blow.
  if (!open) return null;
  return (
    <Modal open={open} title={t('combat.fast.shortcuts.title')} size="lg" onClose={onClose}>
      <p className="mb-3 text-sm text-ink-muted">{t('combat.fast.shortcuts.intro')}</p>
      {/* The keys' column takes what its longest key needs; combinations wrap between them. */}
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {t('combat.fast.shortcuts.key')}
            </th>
            <th scope="col" className="py-1.5 font-medium">
              {t('combat.fast.shortcuts.does')}
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((item) => (
            <tr key={item.label} className="border-b border-line align-top last:border-b-0">
              <td className="py-1.5 pr-3">
                <span className="flex max-w-48 flex-wrap items-center gap-x-1.5 gap-y-1">
                  {item.combos.map((combo, index) => (
                    <span key={index} className="inline-flex items-center gap-1.5">
                      {index > 0 ? (
                        <span className="text-ink-muted">{t('combat.fast.shortcuts.or')}</span>
                      ) : null}
                      <Keys keys={combo} />
                    </span>
                  ))}
                </span>
              </td>
              <td className="py-1.5 break-words">{t(item.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* In the scrolling part: on a short screen, Tab scrolls the list down to it. */}
      <div className="mt-3 flex justify-end">
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t('combat.fast.shortcuts.close')}
        </Button>
      </div>
    </Modal>
  );
}

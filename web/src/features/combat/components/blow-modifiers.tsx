// Each target's share of one blow (docs/decisions/061-what-a-gm-tracks-every-round.md): one roll for
// all, and per target Whole, ½ (rounded down by the server), ×2 or 0 — a resistance, a
// vulnerability, a saving throw that halves. A radio group per target, by pointer and by keyboard
// (arrows move within the group); only the targets not "whole" are sent.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DamageModifier } from '@questkeeper/core/schemas/combat';
import type { Unit } from '@/lib/units';

export type BlowShare = 'whole' | DamageModifier;
export const BLOW_SHARES: readonly BlowShare[] = ['whole', 'half', 'double', 'none'];
export type BlowModifiers = Readonly<Record<string, DamageModifier>>;

/** The modifiers an attack on these targets sends: none for a heal, or when every target takes it whole. */
export function modifiersFor(
  targetIds: readonly string[],
  modifiers: BlowModifiers,
): Record<string, DamageModifier> | undefined {
  const picked = Object.fromEntries(
    targetIds.filter((id) => modifiers[id] !== undefined).map((id) => [id, modifiers[id]!] as const),
  );
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/** The shares picked so far, by target id (a target left out takes the roll whole). */
export function useBlowModifiers() {
  const [modifiers, setModifiers] = useState<BlowModifiers>({});
  const setShare = useCallback((unitId: string, share: BlowShare) => {
    setModifiers((current) => {
      const { [unitId]: _dropped, ...rest } = current;
      return share === 'whole' ? rest : { ...rest, [unitId]: share };
    });
  }, []);
  const reset = useCallback(() => setModifiers({}), []);
  return { modifiers, setShare, reset };
}

interface BlowModifiersProps {
  targets: readonly Unit[];
  modifiers: BlowModifiers;
  disabled: boolean;
  onShare: (unitId: string, share: BlowShare) => void;
}

export function BlowModifiersControl({ targets, modifiers, disabled, onShare }: BlowModifiersProps) {
  const { t } = useTranslation();
  if (targets.length === 0) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm"
      data-testid="blow-modifiers"
      title={t('combat.blow.title')}
    >
      {targets.map((unit) => (
        <ShareGroup
          key={unit._id}
          unit={unit}
          share={modifiers[unit._id] ?? 'whole'}
          disabled={disabled}
          onShare={(share) => onShare(unit._id, share)}
        />
      ))}
    </div>
  );
}

// The same signs in every language; only "Whole" is a word.
const SIGNS = { half: '½', double: '×2', none: '0' } as const;

const NAME_KEYS = {
  whole: 'combat.blow.wholeName',
  half: 'combat.blow.halfName',
  double: 'combat.blow.doubleName',
  none: 'combat.blow.noneName',
} as const;

function ShareGroup({
  unit,
  share,
  disabled,
  onShare,
}: {
  unit: Unit;
  share: BlowShare;
  disabled: boolean;
  onShare: (share: BlowShare) => void;
}) {
  const { t } = useTranslation();
  // A roving tab stop: Tab reaches the picked share, the arrows pick another (the radio pattern).
  const move = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = BLOW_SHARES[(index + step + BLOW_SHARES.length) % BLOW_SHARES.length]!;
    onShare(next);
    const buttons = event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="radio"]');
    buttons?.[BLOW_SHARES.indexOf(next)]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('combat.blow.label', { name: unit.name })}
      data-testid={`blow-share-${unit._id}`}
      className="inline-flex items-center gap-1"
    >
      {/* No title: the target's name already has one above, and the group's label names it. */}
      <span aria-hidden="true" className="max-w-28 truncate text-ink-muted">
        {unit.name}
      </span>
      <span className="inline-flex overflow-hidden rounded-control border border-line">
        {BLOW_SHARES.map((item, index) => {
          const checked = item === share;
          return (
            <button
              key={item}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={t(NAME_KEYS[item], { name: unit.name })}
              tabIndex={checked ? 0 : -1}
              disabled={disabled}
              data-share={item}
              onClick={() => onShare(item)}
              onKeyDown={(event) => move(event, index)}
              className={`h-8 min-w-8 px-2 text-sm font-medium tabular-nums focus-visible:relative focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50 ${
                checked ? 'bg-brand text-on-brand' : 'bg-surface text-ink hover:bg-brand-soft'
              }`}
            >
              {item === 'whole' ? t('combat.blow.whole') : SIGNS[item]}
            </button>
          );
        })}
      </span>
    </div>
  );
}

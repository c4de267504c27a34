// Initiative typed by hand at the start (players roll their own dice): one field per
// player character of the fight; Enter goes down the list (and starts from the last one); an empty
// field is rolled on the server with the campaign's rule, which each field names with the unit's own bonus
// ("d20 + Dexterity modifier (+2)", docs/decisions/061). Sent as `start` with `initiatives`, and the
// start's options (docs/decisions/062): group identical units, reroll initiative every round — the
// same fields the setup shows beside Start (StartOptionsFields), so the dialog says what Start does.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Swords } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import type { GroupingMode } from '@questkeeper/core/schemas/combat';
import type { Unit } from '@/lib/units';
import { initiativeFormula, type InitiativeSetting } from '../lib/initiative-formula';

/** How `start` forms groups and whether it rolls again each round. */
export interface StartOptions {
  groups: GroupingMode;
  rerollEachRound: boolean;
}

/** The start's two options, as checkboxes with their hints. */
export function StartOptionsFields({
  options,
  onOptions,
}: {
  options: StartOptions;
  onOptions: (options: StartOptions) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="sr-only">{t('combat.monsters.start.options')}</legend>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          checked={options.groups === 'byName'}
          onChange={(event) => onOptions({ ...options, groups: event.target.checked ? 'byName' : 'none' })}
          className="mt-1 size-4 shrink-0 accent-brand"
        />
        <span className="min-w-0">
          <span className="block">{t('combat.monsters.start.groupByName')}</span>
          <span className="block text-xs text-ink-muted">{t('combat.monsters.start.groupByNameHint')}</span>
        </span>
      </label>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          checked={options.rerollEachRound}
          onChange={(event) => onOptions({ ...options, rerollEachRound: event.target.checked })}
          className="mt-1 size-4 shrink-0 accent-brand"
        />
        <span className="min-w-0">
          <span className="block">{t('combat.monsters.start.rerollEachRound')}</span>
          <span className="block text-xs text-ink-muted">
            {t('combat.monsters.start.rerollEachRoundHint')}
          </span>
        </span>
      </label>
    </fieldset>
  );
}

const MIN = -1000;
const MAX = 100_000;

function parse(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= MIN && value <= MAX ? value : undefined;
}

export function InitiativeDialog({
  units,
  initiative,
  options,
  onOptions,
  onStart,
  onClose,
  phoneInitiatives = {},
}: {
  /** The player characters of the fight. */
  units: readonly Unit[];
  /** The rule an empty field is rolled with. */
  initiative: InitiativeSetting;
  /** The start's options, shared with the setup's fields. */
  options: StartOptions;
  onOptions: (options: StartOptions) => void;
  onStart: (initiatives: Record<string, number>) => void;
  onClose: () => void;
  /**
   * Initiatives typed on players' phones by unit id (docs/product.md#players-take-part), arriving
   * live: a field the game master has not touched shows its phone's value; Start confirms them.
   */
  phoneInitiatives?: Readonly<Record<string, number>>;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const textOf = (id: string) =>
    values[id] ?? (Object.hasOwn(phoneInitiatives, id) ? String(phoneInitiatives[id]) : '');
  const parsed = units.map((unit) => [unit._id, parse(textOf(unit._id))] as const);
  const fromPhones = units.filter(
    (unit) => values[unit._id] === undefined && Object.hasOwn(phoneInitiatives, unit._id),
  ).length;
  const valid = parsed.every(([, value]) => value !== undefined);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (!valid) return;
    const initiatives: Record<string, number> = {};
    for (const [id, value] of parsed) if (typeof value === 'number') initiatives[id] = value;
    onStart(initiatives);
  };

  return (
    <Modal
      open
      title={t('combat.fast.start.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('combat.fast.start.cancel')}
          </Button>
          <Button onClick={() => submit()} icon={<Swords aria-hidden="true" className="size-4" />}>
            {t('combat.fast.start.submit')}
          </Button>
        </>
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-ink-muted">{t('combat.fast.start.intro')}</p>
        <p role="status" aria-live="polite" className="text-sm font-medium empty:hidden">
          {fromPhones > 0 ? t('playerRequests.gm.phoneInitiatives', { count: fromPhones }) : ''}
        </p>
        {units.map((unit, index) => {
          const text = textOf(unit._id);
          const phone = Object.hasOwn(phoneInitiatives, unit._id) ? phoneInitiatives[unit._id] : undefined;
          const bad = parse(text) === undefined;
          return (
            <TextField
              key={unit._id}
              label={t('combat.fast.start.label', { name: unit.name })}
              inputMode="numeric"
              autoComplete="off"
              data-initiative-index={index}
              {...(index === 0 ? { 'data-autofocus': true } : {})}
              value={text}
              onChange={(event) => setValues((all) => ({ ...all, [unit._id]: event.target.value }))}
              hint={
                <>
                  {phone === undefined ? null : (
                    <span className="block font-medium text-ink">
                      {t('playerRequests.gm.fromPhone', { initiative: phone })}
                    </span>
                  )}
                  {t('combat.initiativeModifier.emptyRolls', {
                    formula: initiativeFormula(t, i18n.language, initiative, unit),
                  })}
                </>
              }
              error={bad && (tried || text.trim() !== '-') ? t('combat.fast.start.error') : undefined}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                event.preventDefault();
                const next = formRef.current?.querySelector<HTMLInputElement>(
                  `[data-initiative-index="${index + 1}"]`,
                );
                if (next) next.focus();
                else submit();
              }}
            />
          );
        })}
        <StartOptionsFields options={options} onOptions={onOptions} />
      </form>
    </Modal>
  );
}

// The unit form's conflict notice (decision 036): the unit was saved elsewhere with other values for
// fields the user changed too. Lists those fields as they are saved now; the user's values stay in
// the form below.
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '@/lib/units';
import { ConflictNotice } from '@/components/conflict-notice';
import { LIST_FIELDS, MONEY_KINDS, type ConflictField } from '../lib/unit-form';

const CHARACTERISTIC = 'characteristics.';

export function UnitFormConflict({
  theirs,
  fields,
  saving,
  onKeepMine,
  onTakeTheirs,
  ref,
}: {
  /** The unit as saved now. */
  theirs: Unit;
  /** The fields the user changed that were saved with another value meanwhile. */
  fields: readonly ConflictField[];
  saving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  ref?: Ref<HTMLElement>;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);

  function row(field: ConflictField): [label: string, saved: string] {
    if (field.startsWith(CHARACTERISTIC)) {
      const name = field.slice(CHARACTERISTIC.length);
      const value = Object.hasOwn(theirs.characteristics, name) ? theirs.characteristics[name] : undefined;
      return [name, value === undefined ? '' : number(value)];
    }
    switch (field) {
      case 'name':
        return [t('unitForm.name'), theirs.name];
      case 'gender':
        return [t('unitForm.gender'), t(`unitForm.genders.${theirs.gender}`)];
      case 'isPlayer':
        return [t('unitForm.side'), t(theirs.isPlayer ? 'unitForm.player' : 'unitForm.npc')];
      case 'hp':
        return [t('unitForm.hp'), number(theirs.hp)];
      case 'currentHp':
        return [t('unitForm.currentHp'), number(theirs.currentHp)];
      case 'counters':
        return [
          t('unitForm.counters.title'),
          (theirs.counters ?? []).map(({ label, max }) => `${label} ${number(max)}`).join(', '),
        ];
      case 'money':
        return [
          t('unitForm.money'),
          MONEY_KINDS.map((kind) => `${number(theirs.money[kind])} ${t(`units.${kind}`)}`).join(', '),
        ];
      default: {
        const list = LIST_FIELDS.find((name) => name === field);
        return list ? [t(`unitForm.${list}`), theirs[list]] : [field, ''];
      }
    }
  }

  const short = fields.filter((field) => field !== 'notes');
  return (
    <ConflictNotice
      title={t('units.conflict.title')}
      keepMine={t('units.conflict.keepMine')}
      takeTheirs={t('units.conflict.takeTheirs')}
      ref={ref}
      body={t('units.conflict.formBody', { name: theirs.name })}
      saving={saving}
      onKeepMine={onKeepMine}
      onTakeTheirs={onTakeTheirs}
    >
      {short.length > 0 ? (
        <div>
          <p className="font-medium">{t('units.conflict.savedNow')}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {short.map((field) => {
              const [label, saved] = row(field);
              return (
                <div key={field} className="contents">
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="min-w-0 break-words">{saved}</dd>
                </div>
              );
            })}
          </dl>
        </div>
      ) : null}
      {fields.includes('notes') ? <SavedNotes notes={theirs.notes} /> : null}
    </ConflictNotice>
  );
}

/** The notes as saved now, folded: they can be long. */
export function SavedNotes({ notes }: { notes: string }) {
  const { t } = useTranslation();
  return (
    <details className="rounded-control border border-line bg-surface">
      <summary className="cursor-pointer px-3 py-2 font-medium">{t('units.conflict.showNotes')}</summary>
      <pre
        aria-label={t('units.conflict.notesLabel')}
        className="max-h-64 overflow-auto border-t border-line px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap"
      >
        {notes}
      </pre>
    </details>
  );
}

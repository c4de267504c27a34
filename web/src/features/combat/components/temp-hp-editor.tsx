// A unit's temporary HP in the fight (docs/product.md#temp-hp, docs/decisions/061): a small dialog
// opened from its row. Enter saves, Escape cancels; 0 removes them and a new value replaces the old
// one. A value out of 0..TEMP_HP_MAX is refused with core's own words (checkWholeNumber), as the
// server would.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkWholeNumber, parseWhole } from '@questkeeper/core/checks';
import { TEMP_HP_MAX } from '@questkeeper/core/limits';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';

export function TempHpEditor({
  name,
  value,
  onSave,
  onClose,
}: {
  name: string;
  /** The unit's temporary HP now (0: none). */
  value: number;
  onSave: (value: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value > 0 ? String(value) : '');
  const [error, setError] = useState<string | undefined>();

  function save(event: FormEvent) {
    event.preventDefault();
    const problem = checkWholeNumber(text, { min: 0, max: TEMP_HP_MAX });
    if (problem) {
      setError(t(problem.key, problem.params));
      return;
    }
    onSave(parseWhole(text) ?? 0);
  }

  return (
    <Modal open size="sm" title={t('combat.rows.tempHpOf', { name })} onClose={onClose}>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('combat.rows.tempHpField')}
          hint={t('combat.rows.tempHpHint')}
          error={error}
          data-autofocus
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('combat.rows.tempHpSave')}</Button>
        </div>
      </form>
    </Modal>
  );
}

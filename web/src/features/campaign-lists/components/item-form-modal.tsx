// Add or edit one entry (spec §2 "lists with add, edit, delete"): name, plus the class colour or the
// characteristic maximum. The whole list is saved through the API; a refusal stays in the form.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHARACTERISTIC_MAX_CHOICES, NAME_MAX } from '@questkeeper/core/constants';
import { Alert } from '@/components/ui/alert';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { isHexColor } from '@/lib/class-color';
import type { ListKind } from '../list-access';
import { isCharacteristicMax, splitFieldErrors, type ItemFields } from '../list-edits';
import type { SaveFailure } from '../hooks/use-list-saver';
import { ColorField } from './color-field';
import { ClassChip } from './item-name';

export function ItemFormModal({
  kind,
  mode,
  initial,
  onClose,
  onSubmit,
}: {
  kind: ListKind;
  mode: 'add' | 'edit';
  initial: Required<ItemFields>;
  onClose: () => void;
  /** Saves; resolves to the refusal, or null when saved (the modal then closes). */
  onSubmit: (fields: ItemFields) => Promise<SaveFailure | null>;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const maxId = useId();
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState({ color: initial.color, text: initial.color });
  const [max, setMax] = useState(initial.max);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [colorError, setColorError] = useState<string | undefined>();

  const errors = failure ? splitFieldErrors(failure.fields) : { item: {}, other: [] };
  const blank = name.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || saving) return;
    if (kind === 'classes' && !isHexColor(color.text)) {
      setColorError(t('validation.colorHex'));
      return;
    }
    setColorError(undefined);
    setSaving(true);
    setFailure(null);
    const fields: ItemFields = { name };
    if (kind === 'classes') fields.color = color.color;
    if (kind === 'characteristics') fields.max = max;
    const refused = await onSubmit(fields);
    setSaving(false);
    if (refused) setFailure(refused);
  }

  return (
    <Modal
      open
      size="sm"
      busy={saving}
      title={t(mode === 'add' ? `lists.${kind}.addTitle` : `lists.${kind}.editTitle`)}
      onClose={onClose}
      footer={
        <FormFooter
          formId={formId}
          submitLabel={mode === 'add' ? t(`lists.${kind}.add`) : t('common.save')}
          busy={saving}
          submitDisabled={blank}
          onCancel={onClose}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {failure ? (
          <Alert tone="error">
            <p>{failure.message}</p>
            {errors.other.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {errors.other.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        <TextField
          label={t('lists.name')}
          value={name}
          required
          maxLength={NAME_MAX}
          autoComplete="off"
          data-autofocus
          error={errors.item.name}
          onChange={(event) => setName(event.target.value)}
        />
        {kind === 'classes' ? (
          <>
            <ColorField
              color={color.color}
              text={color.text}
              error={colorError ?? errors.item.color}
              onChange={(next) => {
                setColor(next);
                if (isHexColor(next.text)) setColorError(undefined);
              }}
            />
            <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
              <span>{t('lists.preview')}</span>
              <ClassChip name={name.trim() || t('lists.name')} color={color.color} />
            </div>
          </>
        ) : null}
        {kind === 'characteristics' ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={maxId} className="text-sm font-medium text-ink">
              {t('lists.max')}
            </label>
            <select
              id={maxId}
              value={max}
              aria-invalid={errors.item.max ? true : undefined}
              aria-describedby={errors.item.max ? `${maxId}-error` : undefined}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (isCharacteristicMax(value)) setMax(value);
              }}
              className="h-11 w-full rounded-control border border-line bg-surface px-3 text-base text-ink"
            >
              {CHARACTERISTIC_MAX_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
            {errors.item.max ? (
              <p id={`${maxId}-error`} className="text-sm text-danger">
                {errors.item.max}
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </Modal>
  );
}

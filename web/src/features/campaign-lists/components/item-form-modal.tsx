// Add or edit one entry (docs/product.md#list-views): name, plus the class colour or the
// characteristic maximum. The whole list is saved through the API; a refusal stays in the form.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHARACTERISTIC_MAX_CHOICES } from '@questkeeper/core/constants';
import { NAME_MAX } from '@questkeeper/core/limits';
import { Alert } from '@/components/ui/alert';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { isHexColor } from '@/lib/class-color';
import type { ListKind } from '../lib/list-access';
import { isCharacteristicMax, splitFieldErrors, type ItemFields } from '../lib/list-edits';
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
          <SelectField
            label={t('lists.max')}
            value={max}
            error={errors.item.max}
            onChange={(value) => {
              const next = Number(value);
              if (isCharacteristicMax(next)) setMax(next);
            }}
            options={CHARACTERISTIC_MAX_CHOICES.map((choice) => ({ value: choice, label: String(choice) }))}
          />
        ) : null}
      </form>
    </Modal>
  );
}

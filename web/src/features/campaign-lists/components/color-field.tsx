// A class colour: the native colour picker and the same colour as #rrggbb text, kept in step.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { isHexColor } from '@/lib/class-color';

export function ColorField({
  color,
  text,
  onChange,
  error,
}: {
  /** The last valid colour (what the picker shows). */
  color: string;
  /** What the hex box holds, possibly half typed. */
  text: string;
  onChange: (next: { color: string; text: string }) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const pickerId = useId();
  return (
    <div className="flex items-start gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={pickerId} className="text-sm font-medium text-ink">
          {t('lists.color')}
        </label>
        <input
          id={pickerId}
          type="color"
          value={color}
          onChange={(event) => onChange({ color: event.target.value, text: event.target.value })}
          className="h-11 w-16 cursor-pointer rounded-control border border-line bg-surface p-1"
        />
      </div>
      <TextField
        className="min-w-0 flex-1"
        label={t('lists.colorHex')}
        value={text}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        hint={t('lists.colorHint')}
        error={error}
        onChange={(event) => {
          const value = event.target.value.trim();
          onChange({ color: isHexColor(value) ? value.toLowerCase() : color, text: value });
        }}
      />
    </div>
  );
}

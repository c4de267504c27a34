// A labelled select in the style of TextField: label, hint and error tied to the field with
// aria-describedby / aria-invalid. Choices come as `options`, as children (optgroups…), or both
// (options first). `onChange` receives the chosen value (decision 057).
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldMessages } from './field-messages';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean | undefined;
}

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'defaultValue' | 'onChange' | 'children'
> {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  options?: readonly SelectOption[] | undefined;
  /** An empty first choice (value ""), e.g. "Choose a unit…". */
  placeholder?: string | undefined;
  /** More choices after `options` (an optgroup, a last "no one" option…). */
  children?: ReactNode;
  /** Shown under the field and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  /**
   * 'stacked' (label above, the default), 'inline' (label beside the field) or 'compact' (a toolbar's
   * quiet label beside the field, in the muted small text of the bar around it).
   */
  layout?: 'stacked' | 'inline' | 'compact';
  /** Shown before the label, e.g. an icon that stands for it on a phone. */
  leading?: ReactNode;
  /** Added to the label, e.g. `sr-only` or `max-sm:sr-only` to keep only its accessible name. */
  labelClassName?: string | undefined;
  /** Replaces the select's size classes (height, width, padding, text size). */
  selectClassName?: string | undefined;
}

const SELECT_SIZE = 'h-11 w-full min-w-0 px-3 text-base';
const WRAPPER = {
  stacked: 'flex min-w-0 flex-col gap-1.5',
  inline: 'flex min-w-0 items-center gap-2',
  compact: 'flex items-center gap-1 text-sm text-ink-muted',
} as const;
const LABEL = {
  stacked: 'text-sm font-medium text-ink',
  inline: 'text-sm font-medium text-ink',
  compact: '',
} as const;

export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  children,
  error,
  hint,
  layout = 'stacked',
  leading,
  labelClassName = '',
  selectClassName = SELECT_SIZE,
  className = '',
  id: givenId,
  ...select
}: SelectFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`${WRAPPER[layout]} ${className}`}>
      {leading}
      <label htmlFor={id} className={`${LABEL[layout]} ${labelClassName}`}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={
          `rounded-control border bg-surface text-ink ${selectClassName} ` +
          (error ? 'border-danger' : 'border-line')
        }
        {...select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

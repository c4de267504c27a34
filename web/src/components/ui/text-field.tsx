import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { FieldMessages } from './field-messages';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Content inside the field's right edge (a show/hide toggle, a unit…). */
  trailing?: ReactNode;
}

export function TextField({ label, error, hint, trailing, className = '', ...input }: TextFieldProps) {
  const id = useId();
  // Read-only in a prerendered page until React owns it: what is typed before would not reach the
  // form's state (decision 038).
  const hydrated = useHydrated();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          className={
            'h-11 w-full rounded-control border bg-surface px-3 text-base text-ink placeholder:text-ink-muted ' +
            'focus-visible:outline-offset-0 ' +
            (error ? 'border-danger ' : 'border-line ') +
            (trailing ? 'pr-12' : '')
          }
          {...input}
          readOnly={input.readOnly || !hydrated}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

// Small form controls of the unit form: a segmented choice (radio buttons) and a form section, with
// the same label layout as the UI kit's fields (the labelled select is the UI kit's SelectField).
import { useId, type ReactNode } from 'react';

/** Radio buttons drawn as a segmented control: arrow keys move between the choices. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  className = '',
}: {
  legend: string;
  name: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex min-h-11 flex-wrap rounded-control border border-line bg-surface-muted p-1">
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          return (
            <div key={choice.value} className="flex min-w-0 flex-1">
              <input
                type="radio"
                id={inputId}
                name={`${name}-${id}`}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                className="peer sr-only"
              />
              <label
                htmlFor={inputId}
                className={
                  'flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-center text-sm font-medium text-ink-muted ' +
                  'hover:text-ink peer-checked:bg-brand peer-checked:text-on-brand peer-checked:hover:text-on-brand peer-checked:shadow-sm ' +
                  'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-focus'
                }
              >
                {choice.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A titled group of fields. */
export function FormSection({
  title,
  action,
  children,
}: {
  title: string;
  /** Shown at the title's right (quick generation). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-1.5">
        <h3 id={id} className="font-display text-base font-semibold text-ink">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}
